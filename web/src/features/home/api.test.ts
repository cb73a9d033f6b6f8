import { describe, expect, it } from 'vitest';
import { editedPageSize, homeListQuery, objectEmptyText, objectTabQuery, recentEmptyTexts, recentPageSize } from './api';

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

  it('asks for the favorites, the own objects, or (Other) every object the user may read', () => {
    const latestFive = 'order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:5';
    expect(objectTabQuery('chart', 'Favorite', 3)).toBe(`(filters:!((col:id,opr:chart_is_favorite,value:!t)),${latestFive})`);
    expect(objectTabQuery('dashboard', 'Mine', 3)).toBe(`(filters:!((col:owners,opr:rel_m_m,value:3)),${latestFive})`);
    // Superset's last welcome tab with its default WELCOME_PAGE_LAST_TAB = "all": no filter.
    expect(objectTabQuery('chart', 'Other', 3)).toBe(`(filters:!(),${latestFive})`);
    expect(objectTabQuery('dashboard', 'Other', 3)).toBe(`(filters:!(),${latestFive})`);
    expect(objectEmptyText('Other', 'dashboards')).toBe('Other dashboards will appear here');
  });
});
