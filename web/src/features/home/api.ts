import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { DatasetListItem } from '@/api/generated/DatasetListItem';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import { queryKeys } from '@/api/queryKeys';

/** The welcome page lists the datasets by name, as many as one list page holds. */
export const welcomeDatasetsPath = `/api/v1/dataset/?q=${encodeURIComponent('(order_column:table_name,order_direction:asc,page:0,page_size:100)')}`;

export function useDatasets(): UseQueryResult<ListPageResponse<DatasetListItem>, ApiError> {
  return useQuery({
    queryKey: queryKeys.datasets,
    queryFn: ({ signal }) => getJson<ListPageResponse<DatasetListItem>>(welcomeDatasetsPath, signal),
  });
}

export function explorePathForDataset(datasetId: number): string {
  return `/explore/?datasource_type=table&datasource_id=${datasetId}`;
}
