import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { fetchChartData } from '@/api/chartData';
import { getJson, postJson, putJson } from '@/api/client';
import { fetchColumnValues } from '@/api/columnValues';
import { ApiError } from '@/api/errors';
import type { DashboardDataset } from '@/api/generated/DashboardDataset';
import type { DashboardPermalinkState } from '@/api/generated/DashboardPermalinkState';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import type { NativeFiltersChanges } from '@/api/generated/NativeFiltersChanges';
import type { PermalinkCreated } from '@/api/generated/PermalinkCreated';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import { queryKeys } from '@/api/queryKeys';
import { loadNativeFilterRules } from '@/wasm/nativeFilters';

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

/**
 * The values a cascading filter offers: `POST /api/v1/chart/data` with the core's options query,
 * the distinct values of the column under the masks of the filter's parents (by parent id).
 */
export function useCascadingFilterOptions(
  datasetId: number | undefined,
  column: string | undefined,
  parentMasks: Record<string, ExtraFormData>,
  isEnabled: boolean,
): UseQueryResult<unknown[], ApiError> {
  return useQuery({
    queryKey: queryKeys.cascadingFilterOptions(datasetId ?? 0, column ?? '', parentMasks),
    queryFn: async ({ signal }) => {
      const rules = await loadNativeFilterRules();
      const queryContext = rules.filterOptionsQueryContext(datasetId ?? 0, column ?? '', Object.keys(parentMasks), parentMasks);
      const [result] = await fetchChartData(queryContext, signal);
      if (result?.meta.error !== null && result?.meta.error !== undefined) throw new ApiError(result.meta.error, { status: null });
      const values = result?.table.getChild(column ?? '');
      return values === null || values === undefined ? [] : Array.from(values, (value: unknown) => (typeof value === 'bigint' ? Number(value) : value));
    },
    enabled: isEnabled && datasetId !== undefined && column !== undefined && column !== '',
    retry: false,
    staleTime: 60_000,
  });
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
