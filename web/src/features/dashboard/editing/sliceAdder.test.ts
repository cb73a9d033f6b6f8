import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import type { ChartListItem } from '@/api/generated/ChartListItem';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { LayoutDrop } from '@/wasm/dashboardLayout';
import {
  dashboardChartFromListItem,
  fetchChartsFailedText,
  fetchChartsFailedToastPrefix,
  isChartDropWithoutDefinition,
  noChartDefinitionMessage,
  readShowOnlyMyCharts,
  sliceAdderQuery,
  writeShowOnlyMyCharts,
} from './sliceAdder';

describe('the charts pane', () => {
  it('asks the chart list for pages of 200 recent charts, or searched, sorted and owned ones', () => {
    expect(sliceAdderQuery({ search: '', sort: 'changed_on', ownerId: null })).toBe(
      '(filters:!(),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:200)',
    );
    expect(sliceAdderQuery({ search: "  it's ", sort: 'slice_name', ownerId: null })).toBe(
      "(filters:!((col:slice_name,opr:chart_all_text,value:'it!'s')),order_column:slice_name,order_direction:asc,page:0,page_size:200)",
    );
    expect(sliceAdderQuery({ search: 'births', sort: 'changed_on', ownerId: 3 })).toBe(
      "(filters:!((col:slice_name,opr:chart_all_text,value:'births'),(col:owners,opr:rel_m_m,value:3)),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:200)",
    );
    expect(sliceAdderQuery({ search: '', sort: 'viz_type', ownerId: 3 })).toBe(
      '(filters:!((col:owners,opr:rel_m_m,value:3)),order_column:viz_type,order_direction:asc,page:0,page_size:200)',
    );
  });

  it('keeps "Show only my charts", on until turned off', () => {
    const storage = new Map<string, string>();
    const fakeStorage = { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => void storage.set(key, value) };
    expect(readShowOnlyMyCharts(fakeStorage)).toBe(true);
    writeShowOnlyMyCharts(fakeStorage, false);
    expect(storage.get('dashboard__editor_show_only_my_charts')).toBe('false');
    expect(readShowOnlyMyCharts(fakeStorage)).toBe(false);
    writeShowOnlyMyCharts(fakeStorage, true);
    expect(readShowOnlyMyCharts(fakeStorage)).toBe(true);
  });

  it('names a failed chart list with Superset\'s texts', () => {
    expect(fetchChartsFailedText(new ApiError('Database is down', { status: 500 }))).toBe('Database is down');
    expect(fetchChartsFailedText(new ApiError('', { status: 500 }))).toBe('Could not fetch all saved charts');
    expect(fetchChartsFailedToastPrefix).toBe('Sorry there was an error fetching saved charts: ');
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

  it('refuses a new chart without a definition with Superset\'s warning', () => {
    const known = new Map([
      [5, { id: 5, form_data: { datasource: '3__table' } } as unknown as DashboardChart],
      [6, { id: 6, form_data: { datasource: '' } } as unknown as DashboardChart],
    ]);
    const dropOf = (chartId: number, sourceId = 'NEW_COMPONENTS_SOURCE_ID'): LayoutDrop => ({
      source: { id: sourceId, index: 0 },
      destination: { id: 'GRID_ID', index: 0 },
      dragging: { id: 'NEW_CHART_ID', type: 'CHART', meta: { chartId } },
    });
    expect(isChartDropWithoutDefinition(dropOf(5), known)).toBe(false);
    expect(isChartDropWithoutDefinition(dropOf(6), known)).toBe(true);
    expect(isChartDropWithoutDefinition(dropOf(7), known)).toBe(true);
    // Moving a chart already in the layout is not adding one.
    expect(isChartDropWithoutDefinition(dropOf(7, 'ROW-1'), known)).toBe(false);
    expect(noChartDefinitionMessage).toBe('Sorry, there is no chart definition associated with the chart trying to be added.');
  });
});
