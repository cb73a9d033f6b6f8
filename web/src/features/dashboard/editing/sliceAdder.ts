/** The charts pane of edit mode (Superset's slice adder): every chart the user can read. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '@/api/errors';
import type { ChartListItem } from '@/api/generated/ChartListItem';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { FormData } from '@/api/generated/FormData';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import { risonString } from '@/api/rison';
import { useResourceList } from '@/components/listView/resourceListApi';
import type { LayoutDrop } from '@/wasm/dashboardLayout';
import { newComponentsSourceId } from './dragAndDrop';

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

/** Spec 002 section 9: the pane reads one page of 200 charts. */
export const sliceAdderPageSize = 200;

export const fetchChartsFailedMessage = 'Could not fetch all saved charts';
export const fetchChartsFailedToastPrefix = 'Sorry there was an error fetching saved charts: ';

/** The pane's text for a failed chart list: the server's error, else Superset's fallback. */
export function fetchChartsFailedText(error: ApiError): string {
  return error.message === '' ? fetchChartsFailedMessage : error.message;
}

/** Where the "Show only my charts" choice is kept between visits (Superset's local storage key). */
export const showOnlyMyChartsStorageKey = 'dashboard__editor_show_only_my_charts';

/** The kept "Show only my charts" choice; on when nothing (or something unreadable) is kept. */
export function readShowOnlyMyCharts(storage: Pick<Storage, 'getItem'>): boolean {
  return storage.getItem(showOnlyMyChartsStorageKey) !== 'false';
}

export function writeShowOnlyMyCharts(storage: Pick<Storage, 'setItem'>, showOnlyMine: boolean): void {
  storage.setItem(showOnlyMyChartsStorageKey, String(showOnlyMine));
}

/** What the pane asks the chart list for. `ownerId` set: only charts that user owns. */
export interface SliceAdderRequest {
  search: string;
  sort: SliceAdderSort;
  ownerId: number | null;
}

/**
 * The rison `q` of `GET /api/v1/chart/` for the pane (spec 002 section 7): the search on
 * `slice_name`, the owners filter, and the order; "recent" is `changed_on_delta_humanized`
 * descending, as Superset asks.
 */
export function sliceAdderQuery({ search, sort, ownerId }: SliceAdderRequest): string {
  const text = search.trim();
  const filters = [
    ...(text === '' ? [] : [`(col:slice_name,opr:chart_all_text,value:${risonString(text)})`]),
    ...(ownerId === null ? [] : [`(col:owners,opr:rel_m_m,value:${ownerId})`]),
  ];
  const { direction } = sliceAdderSorts.find((option) => option.key === sort) ?? sliceAdderSorts[0];
  const orderColumn = sort === 'changed_on' ? 'changed_on_delta_humanized' : sort;
  return `(filters:!(${filters.join(',')}),order_column:${orderColumn},order_direction:${direction},page:0,page_size:${sliceAdderPageSize})`;
}

/** The pane's chart list; `isEnabled` false waits (for the current user, when only theirs are asked). */
export function useSliceAdderCharts(request: SliceAdderRequest, isEnabled: boolean): UseQueryResult<ListPageResponse<ChartListItem>, ApiError> {
  return useResourceList<ChartListItem>('chart', sliceAdderQuery(request), isEnabled);
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

export const noChartDefinitionMessage = 'Sorry, there is no chart definition associated with the chart trying to be added.';

/**
 * Whether a drop adds a new chart the dashboard has no definition of: a chart it does not know,
 * or one without a datasource (Superset warns with {@link noChartDefinitionMessage} and adds nothing).
 */
export function isChartDropWithoutDefinition(drop: LayoutDrop, chartsById: ReadonlyMap<number, DashboardChart>): boolean {
  if (drop.source.id !== newComponentsSourceId || drop.dragging.type !== 'CHART') return false;
  const chartId = drop.dragging.meta?.chartId;
  const chart = typeof chartId === 'number' ? chartsById.get(chartId) : undefined;
  return chart === undefined || chart.form_data.datasource === '';
}
