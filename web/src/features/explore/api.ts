import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson, postJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { ChartDataResult } from '@/api/generated/ChartDataResult';
import type { DatasourceRef } from '@/api/generated/DatasourceRef';
import type { DatasourceType } from '@/api/generated/DatasourceType';
import type { ExploreResponse } from '@/api/generated/ExploreResponse';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import { queryKeys } from '@/api/queryKeys';

export interface ExploreTarget {
  datasourceType: DatasourceType;
  datasourceId: number;
  sliceId: number | null;
}

function positiveInteger(text: string | null): number | null {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value > 0 ? value : null;
}

/** Reads `/explore/?datasource_type=table&datasource_id=N[&slice_id=M]`; null without a datasource. */
export function exploreTargetFromSearch(searchParams: URLSearchParams): ExploreTarget | null {
  const datasourceId = positiveInteger(searchParams.get('datasource_id'));
  if (datasourceId === null) return null;
  const datasourceType = (searchParams.get('datasource_type') ?? 'table') as DatasourceType;
  return { datasourceType, datasourceId, sliceId: positiveInteger(searchParams.get('slice_id')) };
}

export function exploreApiPath({ datasourceType, datasourceId, sliceId }: ExploreTarget): string {
  const query = new URLSearchParams({ datasource_type: datasourceType, datasource_id: String(datasourceId) });
  if (sliceId !== null) query.set('slice_id', String(sliceId));
  return `/api/v1/explore/?${query.toString()}`;
}

/** `GET /api/v1/explore/`: the dataset with its columns and metrics, and the form data. */
export function useExploreState(target: ExploreTarget): UseQueryResult<ExploreResponse, ApiError> {
  return useQuery({
    queryKey: queryKeys.explore(target.datasourceType, target.datasourceId, target.sliceId),
    queryFn: async ({ signal }) => (await getJson<ResultResponse<ExploreResponse>>(exploreApiPath(target), signal)).result,
    staleTime: Infinity,
  });
}

/** Superset's `SAMPLES_ROW_LIMIT`: the rows one samples page holds, and the server's maximum `per_page`. */
export const samplesRowLimit = 1000;

export function samplesApiPath(datasource: DatasourceRef, perPage: number = samplesRowLimit): string {
  const query = new URLSearchParams({
    datasource_type: datasource.type,
    datasource_id: String(datasource.id),
    per_page: String(perPage),
  });
  return `/datasource/samples?${query.toString()}`;
}

/**
 * `POST /datasource/samples`: the first page of the dataset's rows, unfiltered. The answer's result
 * is a chart data result (records, colnames, coltypes) with `total_count`, `page` and `per_page`.
 */
export function useDatasourceSamples(datasource: DatasourceRef): UseQueryResult<ChartDataResult, ApiError> {
  return useQuery({
    queryKey: queryKeys.samples(datasource.type, datasource.id),
    queryFn: async ({ signal }) => (await postJson<ResultResponse<ChartDataResult>>(samplesApiPath(datasource), {}, signal)).result,
    staleTime: Infinity,
    retry: false,
  });
}
