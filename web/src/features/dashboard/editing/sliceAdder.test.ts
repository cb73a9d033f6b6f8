import { describe, expect, it } from 'vitest';
import type { ChartListItem } from '@/api/generated/ChartListItem';
import { dashboardChartFromListItem, sliceAdderQuery } from './sliceAdder';

describe('the charts pane', () => {
  it('asks the chart list for recent charts, or searched and sorted ones', () => {
    expect(sliceAdderQuery('', 'changed_on')).toBe('(filters:!(),order_column:changed_on,order_direction:desc,page:0,page_size:100)');
    expect(sliceAdderQuery("  it's ", 'slice_name')).toBe(
      "(filters:!((col:slice_name,opr:chart_all_text,value:'it!'s')),order_column:slice_name,order_direction:asc,page:0,page_size:100)",
    );
  });

  it('turns a listed chart into the dashboard chart shape', () => {
    const item = {
      id: 7,
      slice_name: 'Births by state',
      viz_type: 'pie',
      url: '/explore/?slice_id=7',
      params: JSON.stringify({ metric: 'count', datasource: '1__table', viz_type: 'table' }),
      datasource_id: 3,
      datasource_type: 'table',
      description: null,
      owners: [],
      changed_on_utc: '2026-01-01T00:00:00',
      changed_on_delta_humanized: 'a day ago',
      cache_timeout: null,
      certified_by: null,
      certification_details: null,
      is_managed_externally: false,
    } as unknown as ChartListItem;
    const chart = dashboardChartFromListItem(item, 12);
    expect(chart.id).toBe(7);
    expect(chart.form_data).toEqual({ metric: 'count', datasource: '3__table', viz_type: 'pie', slice_id: 7, dashboardId: 12 });
    const broken = dashboardChartFromListItem({ ...item, params: 'not json', datasource_id: null }, 12);
    expect(broken.form_data).toEqual({ datasource: '', viz_type: 'pie', slice_id: 7, dashboardId: 12 });
  });
});
