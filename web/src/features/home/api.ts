import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { Dataset } from '@/api/generated/Dataset';
import type { ListResponse } from '@/api/generated/ListResponse';
import { queryKeys } from '@/api/queryKeys';

/** The fields of a dataset list row that the welcome page uses. */
export type DatasetListItem = Pick<Dataset, 'id' | 'table_name'>;

export function useDatasets(): UseQueryResult<ListResponse<DatasetListItem>, ApiError> {
  return useQuery({
    queryKey: queryKeys.datasets,
    queryFn: ({ signal }) => getJson<ListResponse<DatasetListItem>>('/api/v1/dataset/', signal),
  });
}

export function explorePathForDataset(datasetId: number): string {
  return `/explore/?datasource_type=table&datasource_id=${datasetId}`;
}
