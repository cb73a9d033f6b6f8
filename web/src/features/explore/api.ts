import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
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
