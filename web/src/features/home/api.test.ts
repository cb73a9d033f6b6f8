import { describe, expect, it } from 'vitest';
import {
  activityItem,
  chartItem,
  dashboardItem,
  editedPageSize,
  homeListQuery,
  objectEmptyText,
  objectTabQuery,
  recentEmptyTexts,
  recentPageSize,
} from './api';

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

  it('shows charts by slice_name, dashboards by dashboard_title, viewed objects by item_url', () => {
    const changed = { changed_on_delta_humanized: 'a day ago', changed_on_utc: '2026-01-02T00:00:00+00:00' };
    expect(chartItem({ id: 7, slice_name: 'Births', url: '/explore/?slice_id=7', ...changed })).toEqual({
      key: 'chart-7',
      type: 'chart',
      title: 'Births',
      url: '/explore/?slice_id=7',
      detail: 'Modified a day ago',
      sortTime: '2026-01-02T00:00:00+00:00',
    });
    expect(dashboardItem({ id: 3, dashboard_title: '', url: '/superset/dashboard/3/', ...changed })).toMatchObject({
      key: 'dashboard-3',
      type: 'dashboard',
      title: '[Untitled]',
      url: '/superset/dashboard/3/',
    });
    const viewed = activityItem(
      { action: 'dashboard', item_type: 'dashboard', item_url: '/superset/dashboard/births/', item_title: 'Births', time: 1000, time_delta_humanized: 'now' },
      0,
    );
    expect(viewed).toMatchObject({ type: 'dashboard', title: 'Births', url: '/superset/dashboard/births/', detail: 'Viewed now' });
  });
});
