import { describe, expect, it } from 'vitest';
import { editedPageSize, homeListQuery, objectEmptyText, recentEmptyTexts, recentPageSize } from './api';

describe('home lists', () => {
  it('asks for the latest changes first, page 0', () => {
    expect(homeListQuery(['(col:owners,opr:rel_m_m,value:1)', ''], recentPageSize)).toBe(
      '(filters:!((col:owners,opr:rel_m_m,value:1)),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:5)',
    );
    expect(editedPageSize).toBe(3);
  });

  it('has an empty text per tab', () => {
    expect(recentEmptyTexts.Viewed).toBe('Recently viewed charts, dashboards, and saved queries will appear here');
    expect(objectEmptyText('Mine', 'charts')).toBe('No charts yet');
    expect(objectEmptyText('Favorite', 'dashboards')).toBe("You don't have any favorites yet!");
  });
});
