import { describe, expect, it } from 'vitest';
import { annotationLayerListQuery, annotationListPagePath, annotationListQuery } from './api';
import { displayedTime, isoFromTimeInput, timeInputValue } from './annotationTimes';

describe('annotation layer queries', () => {
  it('searches layers by name with ct, sorted and paged', () => {
    const q = annotationLayerListQuery({ filters: [{ id: 'search', value: "o'clock" }], pageIndex: 2, sortColumn: 'name', sortOrder: 'desc' }, 25);
    expect(q).toBe("(filters:!((col:name,opr:ct,value:'o!'clock')),order_column:name,order_direction:desc,page:2,page_size:25)");
  });

  it("sorts and pages a layer's annotations", () => {
    expect(annotationListQuery({ pageIndex: 0, sortColumn: 'start_dttm', sortOrder: 'asc' }, 25)).toBe('(order_column:start_dttm,order_direction:asc,page:0,page_size:25)');
    expect(annotationListPagePath(7)).toBe('/annotationlayer/7/annotation/');
  });
});

describe('annotation times', () => {
  it.each([
    // API value, datetime-local value, list display
    ['2024-01-31T00:00:00', '2024-01-31T00:00', '2024-01-31 00:00'],
    ['2024-01-31T08:15:42', '2024-01-31T08:15:42', '2024-01-31 08:15:42'],
    ['2024-01-31T08:15:42.123000+00:00', '2024-01-31T08:15:42', '2024-01-31 08:15:42'],
    [null, '', ''],
  ])('%s is %j in the form and %j in the list', (iso, input, shown) => {
    expect(timeInputValue(iso)).toBe(input);
    expect(displayedTime(iso)).toBe(shown);
  });

  it('sends form values as ISO date-times with seconds', () => {
    expect(isoFromTimeInput('2024-03-01T12:00')).toBe('2024-03-01T12:00:00');
    expect(isoFromTimeInput('2024-03-01T12:00:05')).toBe('2024-03-01T12:00:05');
    expect(isoFromTimeInput('')).toBeNull();
  });
});
