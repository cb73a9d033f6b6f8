import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiFetch, getJson, postJson } from '@/api/client';
import { chartDataPath, type ChartDataArrowResult } from '@/api/chartData';
import type { ApiError } from '@/api/errors';
import type { ChartDataResponse } from '@/api/generated/ChartDataResponse';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { DashboardPermalinkValue } from '@/api/generated/DashboardPermalinkValue';
import type { DashboardSaved } from '@/api/generated/DashboardSaved';
import type { FavoriteStatus } from '@/api/generated/FavoriteStatus';
import type { FormData } from '@/api/generated/FormData';
import type { QueryContext } from '@/api/generated/QueryContext';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import type { UserRoles } from '@/api/generated/UserRoles';
import { queryKeys } from '@/api/queryKeys';
import { FormDataInvalidError } from '@/features/chart/api';
import { exportQueryContext, type ChartExportKind } from '@/features/explore/download/chartExport';
import { withoutFormulaLayers } from '@/features/chart/annotations/annotationLayerEntries';
import { buildQueryContext, validateFormData } from '@/wasm/core';
import { answerFromCachedResult } from './cachedFilterAnswer';
import { dashboardQueryPlanner } from './chartQueryPlanner';

export const dashboardPublishedMessage = 'This dashboard is now published';
export const dashboardHiddenMessage = 'This dashboard is now hidden';
export const publishFailedMessage = 'You do not have permissions to edit this dashboard.';
export const favoriteStatusFailedMessage = 'There was an issue fetching the favorite status of this dashboard.';
export const favoriteFailedMessage = 'There was an issue favoriting this dashboard.';

/** `/superset/dashboard/{slug or id}/`. */
export function dashboardPagePath(dashboard: Pick<Dashboard, 'id' | 'slug'>): string {
  return `/superset/dashboard/${dashboard.slug ?? dashboard.id}/`;
}

export function useDashboard(idOrSlug: string): UseQueryResult<Dashboard, ApiError> {
  return useQuery({
    queryKey: queryKeys.dashboard(idOrSlug),
    queryFn: async ({ signal }) =>
      (await getJson<ResultResponse<Dashboard>>(`/api/v1/dashboard/${encodeURIComponent(idOrSlug)}`, signal)).result,
    retry: false,
  });
}

export function useDashboardCharts(idOrSlug: string): UseQueryResult<DashboardChart[], ApiError> {
  return useQuery({
    queryKey: queryKeys.dashboardCharts(idOrSlug),
    queryFn: async ({ signal }) =>
      (await getJson<ResultResponse<DashboardChart[]>>(`/api/v1/dashboard/${encodeURIComponent(idOrSlug)}/charts`, signal))
        .result,
    retry: false,
  });
}

/** `GET /api/v1/me/roles/`: to know whether the user is an admin. */
export function useMyRoles(): UseQueryResult<UserRoles, ApiError> {
  return useQuery({
    queryKey: queryKeys.myRoles,
    queryFn: async ({ signal }) => (await getJson<ResultResponse<UserRoles>>('/api/v1/me/roles/', signal)).result,
    staleTime: Infinity,
  });
}

/** Admin is any role named admin, case-insensitive (spec 001 §6). */
export function isAdmin(roles: UserRoles | undefined): boolean {
  return Object.keys(roles?.roles ?? {}).some((role) => role.toLowerCase() === 'admin');
}

export function useFavoriteStatus(dashboardId: number | undefined): UseQueryResult<boolean, ApiError> {
  return useQuery({
    queryKey: queryKeys.dashboardFavorite(dashboardId ?? 0),
    queryFn: async ({ signal }) => {
      const answer = await getJson<ResultResponse<FavoriteStatus[]>>(
        `/api/v1/dashboard/favorite_status/?q=!(${dashboardId ?? 0})`,
        signal,
      );
      return answer.result.some((status) => status.id === dashboardId && status.value);
    },
    enabled: dashboardId !== undefined,
    retry: false,
  });
}

/** Stars or unstars the dashboard. */
export async function saveFavorite(dashboardId: number, isStarred: boolean): Promise<void> {
  await apiFetch(`/api/v1/dashboard/${dashboardId}/favorites/`, { method: isStarred ? 'POST' : 'DELETE' });
}

/** `PUT /api/v1/dashboard/{id}` with `published` alone. */
export async function savePublished(dashboardId: number, published: boolean): Promise<Dashboard> {
  const response = await apiFetch(`/api/v1/dashboard/${dashboardId}`, { method: 'PUT', body: { published } });
  return ((await response.json()) as DashboardSaved).result;
}

/** `PUT /api/v1/dashboard/{id}` with `json_metadata` alone (cross-filter settings and scoping). */
export async function saveDashboardMetadata(dashboardId: number, jsonMetadata: string): Promise<Dashboard> {
  const response = await apiFetch(`/api/v1/dashboard/${dashboardId}`, { method: 'PUT', body: { json_metadata: jsonMetadata } });
  return ((await response.json()) as DashboardSaved).result;
}

export async function fetchDashboardPermalink(key: string): Promise<DashboardPermalinkValue> {
  return getJson<DashboardPermalinkValue>(`/api/v1/dashboard/permalink/${encodeURIComponent(key)}`);
}

/** How a dashboard chart's query runs. */
export interface DashboardChartQueryOptions {
  dashboardId: number;
  /** Bypass the result cache (the "Force refresh" action). */
  force: boolean;
}

/** The query context of a dashboard chart, built and validated by the Wasm core. */
async function dashboardChartQueryContext(formData: FormData, options: DashboardChartQueryOptions): Promise<QueryContext> {
  const controlErrors = await validateFormData(formData);
  if (controlErrors.length > 0) throw new FormDataInvalidError(controlErrors);
  const queryContext = withoutFormulaLayers(await buildQueryContext({ ...formData, dashboardId: options.dashboardId } as FormData));
  return { ...queryContext, force: options.force };
}

/**
 * Runs a dashboard chart's query and returns its Arrow results (post-processed in the worker):
 * filtered in the browser from the cached answer to `unfilteredFormData` (the chart without the
 * dashboard's filters) when quiver-core can, else through the dashboard's query planner
 * (`chartQueryPlanner.ts`): from the client's result cache when the same query was answered
 * before in this page, shared with the charts asking the same query, regrouped from another
 * chart's result, else from the server.
 */
export async function runDashboardChartQuery(
  formData: FormData,
  options: DashboardChartQueryOptions,
  signal?: AbortSignal,
  unfilteredFormData?: FormData,
): Promise<ChartDataArrowResult[]> {
  const queryContext = { ...(await dashboardChartQueryContext(formData, options)), result_format: 'arrow' as const };
  if (!options.force && unfilteredFormData !== undefined && unfilteredFormData !== formData) {
    const unfiltered = await dashboardChartQueryContext(unfilteredFormData, options);
    const local = await answerFromCachedResult(unfiltered, queryContext).catch((error: unknown) => {
      console.warn('filtering the cached result failed; asking the server', error);
      return null;
    });
    if (local !== null) return local;
  }
  return dashboardQueryPlanner().run(queryContext, signal);
}

/**
 * The chart's results as a file, with the dashboard's filters: "Export to .CSV", ".JSON", "Excel",
 * the pivoted CSV of pivot tables, or, for table charts, "Export to full .CSV" / "Export to full
 * Excel" with the row limit lifted to the export maximum.
 */
export async function exportDashboardChart(formData: FormData, options: DashboardChartQueryOptions, kind: ChartExportKind): Promise<Blob> {
  const queryContext = await dashboardChartQueryContext(formData, options);
  const response = await apiFetch(chartDataPath, { method: 'POST', body: exportQueryContext(queryContext, kind), headers: { Accept: '*/*' } });
  return response.blob();
}

/**
 * "View query": the SQL of the chart's queries with the dashboard's filters (`result_type: query`,
 * nothing runs), separated by a blank line when the chart has several.
 */
export async function fetchDashboardChartQuery(formData: FormData, options: DashboardChartQueryOptions): Promise<string> {
  const queryContext = await dashboardChartQueryContext(formData, options);
  const answer = await postJson<ChartDataResponse>(chartDataPath, { ...queryContext, result_format: 'json', result_type: 'query' });
  return answer.result.map((result) => result.query).join(';\n\n');
}
