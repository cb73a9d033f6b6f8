/** The charts pane of edit mode (Superset's slice adder): every chart the user can read. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '@/api/errors';
import type { ChartListItem } from '@/api/generated/ChartListItem';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { FormData } from '@/api/generated/FormData';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import { risonString } from '@/api/rison';
import { useResourceList } from '@/components/listView/resourceListApi';

/** How the pane sorts its charts: Superset's keys and their labels ("Sort by %s"). */
export const sliceAdderSorts = [
  { key: 'changed_on', label: 'recent', direction: 'desc' },
  { key: 'slice_name', label: 'name', direction: 'asc' },
  { key: 'viz_type', label: 'viz type', direction: 'asc' },
  { key: 'datasource_name', label: 'dataset', direction: 'asc' },
] as const;

export type SliceAdderSort = (typeof sliceAdderSorts)[number]['key'];

/** Superset's default: the most recently changed charts first. */
export const defaultSliceAdderSort: SliceAdderSort = 'changed_on';

/** The pane reads one page of this size (the server's largest page). */
export const sliceAdderPageSize = 100;

/** The rison `q` of `GET /api/v1/chart/` for the pane's search text and sort. */
export function sliceAdderQuery(search: string, sort: SliceAdderSort): string {
  const text = search.trim();
  const filters = text === '' ? '' : `(col:slice_name,opr:chart_all_text,value:${risonString(text)})`;
  const { direction } = sliceAdderSorts.find((option) => option.key === sort) ?? sliceAdderSorts[0];
  return `(filters:!(${filters}),order_column:${sort},order_direction:${direction},page:0,page_size:${sliceAdderPageSize})`;
}

export function useSliceAdderCharts(search: string, sort: SliceAdderSort): UseQueryResult<ListPageResponse<ChartListItem>, ApiError> {
  return useResourceList<ChartListItem>('chart', sliceAdderQuery(search, sort));
}

/** Parses a chart's stored `params`; anything but a JSON object gives an empty form data. */
function parsedParams(params: string | null): Record<string, unknown> {
  if (params === null || params.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(params);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A listed chart as the dashboard shows it (the shape of `GET /api/v1/dashboard/{id}/charts`):
 * its params as form data with `slice_id`, `viz_type`, `datasource` and `dashboardId`, so a chart
 * dragged in from the pane paints before the dashboard is saved.
 */
export function dashboardChartFromListItem(item: ChartListItem, dashboardId: number): DashboardChart {
  const params = parsedParams(item.params);
  const storedDatasource = typeof params.datasource === 'string' ? params.datasource : '';
  const formData = {
    ...params,
    slice_id: item.id,
    viz_type: item.viz_type,
    datasource: item.datasource_id === null ? storedDatasource : `${item.datasource_id}__${item.datasource_type ?? 'table'}`,
    dashboardId,
  } as FormData;
  return {
    id: item.id,
    slice_name: item.slice_name,
    slice_url: item.url,
    form_data: formData,
    viz_type: item.viz_type,
    description: item.description,
    description_markeddown: '',
    owners: item.owners,
    changed_on: item.changed_on_utc,
    modified: item.changed_on_delta_humanized,
    cache_timeout: item.cache_timeout,
    certified_by: item.certified_by,
    certification_details: item.certification_details,
    is_managed_externally: item.is_managed_externally,
  };
}
