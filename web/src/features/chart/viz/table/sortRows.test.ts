import { describe, expect, it } from 'vitest';
import type { ChartColumn } from '@/features/chart/chartColumns';
import { nextColumnSort, sortRowIndexes } from './sortRows';

const columns: ChartColumn[] = [
  { name: 'state', genericType: 1, values: ['NY', 'CA', null, 'TX'] },
  { name: 'SUM(num)', genericType: 0, values: [10, 2n ** 60n, 7, null] },
];

describe('sortRowIndexes', () => {
  it('keeps the query order when unsorted', () => {
    expect(sortRowIndexes(columns, 4, null)).toEqual([0, 1, 2, 3]);
  });

  it('sorts text ascending with nulls last', () => {
    expect(sortRowIndexes(columns, 4, { columnIndex: 0, direction: 'ascending' })).toEqual([1, 0, 3, 2]);
  });

  it('sorts numbers and bigints together, descending, nulls still last', () => {
    expect(sortRowIndexes(columns, 4, { columnIndex: 1, direction: 'descending' })).toEqual([1, 0, 2, 3]);
  });
});

describe('nextColumnSort', () => {
  it('cycles ascending, descending, unsorted', () => {
    const ascending = nextColumnSort(null, 1);
    expect(ascending).toEqual({ columnIndex: 1, direction: 'ascending' });
    const descending = nextColumnSort(ascending, 1);
    expect(descending).toEqual({ columnIndex: 1, direction: 'descending' });
    expect(nextColumnSort(descending, 1)).toBeNull();
  });

  it('starts ascending on another column', () => {
    expect(nextColumnSort({ columnIndex: 0, direction: 'descending' }, 1)).toEqual({ columnIndex: 1, direction: 'ascending' });
  });
});
