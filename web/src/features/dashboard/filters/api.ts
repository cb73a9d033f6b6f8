import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { fetchChartData } from '@/api/chartData';
import { getJson, postJson, putJson } from '@/api/client';
import { fetchColumnValues } from '@/api/columnValues';
import { ApiError } from '@/api/errors';
import type { DashboardDataset } from '@/api/generated/DashboardDataset';
import type { DashboardPermalinkState } from '@/api/generated/DashboardPermalinkState';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import type { NativeFiltersChanges } from '@/api/generated/NativeFiltersChanges';
import type { PermalinkCreated } from '@/api/generated/PermalinkCreated';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import { queryKeys } from '@/api/queryKeys';
import { loadNativeFilterRules } from '@/wasm/nativeFilters';
import type { SelectValuesSource } from './selectFilterSettings';

/** `GET /api/v1/dashboard/{id}/datasets`: the datasets (with columns) the filters can target. */
export function useDashboardDatasets(idOrSlug: string, isEnabled: boolean): UseQueryResult<DashboardDataset[], ApiError> {
  return useQuery({
    queryKey: queryKeys.dashboardDatasets(idOrSlug),
    queryFn: async ({ signal }) =>
      (await getJson<ResultResponse<DashboardDataset[]>>(`/api/v1/dashboard/${encodeURIComponent(idOrSlug)}/datasets`, signal)).result,
    enabled: isEnabled,
    retry: false,
  });
}

/** `GET /api/v1/datasource/table/{id}/column/{column}/values/`: the values a filter offers. */
export function useColumnValues(datasetId: number | undefined, column: string | undefined): UseQueryResult<unknown[], ApiError> {
  return useQuery({
    queryKey: queryKeys.columnValues(datasetId ?? 0, column ?? ''),
    queryFn: ({ signal }) => fetchColumnValues(datasetId ?? 0, column ?? '', signal),
    enabled: datasetId !== undefined && column !== undefined && column !== '',
    retry: false,
    staleTime: 60_000,
  });
}

/** The query of a Value filter's choices from `source` (shared by the filter bar and the first-value defaults). */
export function selectFilterValuesQuery(source: SelectValuesSource | null): {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<unknown[]>;
  staleTime: number;
  retry: false;
} {
  const queryKey =
    source === null
      ? queryKeys.columnValues(0, '')
      : source.kind === 'columnValues'
        ? queryKeys.columnValues(source.datasetId, source.column)
        : queryKeys.selectFilterValues(source.datasetId, source.column, { parentMasks: source.parentMasks, order: source.order });
  return { queryKey, queryFn: ({ signal }) => fetchSelectFilterValues(source, signal), staleTime: 60_000, retry: false };
}

/**
 * A Value filter's choices as fetched: the column values endpoint's answer (ascending; see
 * `valuesInFilterOrder`), or `POST /api/v1/chart/data` with the core's options query (sort
 * metric, parents, search), in the query's order.
 */
export async function fetchSelectFilterValues(source: SelectValuesSource | null, signal?: AbortSignal): Promise<unknown[]> {
  if (source === null) return [];
  if (source.kind === 'columnValues') return fetchColumnValues(source.datasetId, source.column, signal);
  const rules = await loadNativeFilterRules();
  const queryContext = rules.filterOptionsQueryContext(source.datasetId, source.column, Object.keys(source.parentMasks), source.parentMasks, source.order);
  const [result] = await fetchChartData(queryContext, signal);
  if (result?.meta.error !== null && result?.meta.error !== undefined) throw new ApiError(result.meta.error, { status: null });
  const values = result?.table.getChild(source.column);
  return values === null || values === undefined ? [] : Array.from(values, (value: unknown) => (typeof value === 'bigint' ? Number(value) : value));
}

/** The choices a Value filter offers (see `selectValuesSource`), in its order. */
export function useSelectFilterValues(source: SelectValuesSource | null): UseQueryResult<unknown[], ApiError> {
  const query = selectFilterValuesQuery(source);
  return useQuery({
    ...query,
    enabled: source !== null,
    select: (values: unknown[]) => valuesInFilterOrder(source, values),
  });
}

/** The fetched choices in the filter's order: the column values endpoint's reversed for "Sort descending". */
export function valuesInFilterOrder(source: SelectValuesSource | null, values: readonly unknown[]): unknown[] {
  return source?.kind === 'columnValues' && source.isDescending ? [...values].reverse() : [...values];
}

/** The time grains a time grain filter offers (`[value, label]`, from the core). */
export function useTimeGrainChoices(): UseQueryResult<[string, string][]> {
  return useQuery({
    queryKey: queryKeys.timeGrainChoices,
    queryFn: async () => (await loadNativeFilterRules()).timeGrainChoices(),
    staleTime: Infinity,
  });
}

/** `PUT /api/v1/dashboard/{id}/filters`: answers the saved configuration. */
export async function saveNativeFilters(dashboardId: number, changes: NativeFiltersChanges): Promise<NativeFilter[]> {
  return (await putJson<ResultResponse<NativeFilter[]>>(`/api/v1/dashboard/${dashboardId}/filters`, changes)).result;
}

/** `POST /api/v1/dashboard/{id}/permalink`: a link that restores the filter state and tabs. */
export async function createDashboardPermalink(dashboardId: number, state: DashboardPermalinkState): Promise<PermalinkCreated> {
  return postJson<PermalinkCreated>(`/api/v1/dashboard/${dashboardId}/permalink`, state);
}
