import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson, postJson, putJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { Dataset } from '@/api/generated/Dataset';
import type { DatasetPost } from '@/api/generated/DatasetPost';
import type { DatasetPut } from '@/api/generated/DatasetPut';
import type { IdResult } from '@/api/generated/IdResult';
import type { MessageResponse } from '@/api/generated/MessageResponse';
import { queryKeys } from '@/api/queryKeys';

/** The dialog's texts (spec 001 sections 4 and 7). */
export const datasetSavedMessage = 'The dataset has been saved';
export const datasetSaveErrorTitle = 'Error saving dataset';
export const managedExternallyTooltip = "This dataset is managed externally, and can't be edited in Quiver";
export const confirmSaveWarning =
  'The dataset configuration exposed here affects all the charts using this dataset. Be mindful that changing settings here may affect other charts in undesirable ways.';
export const notAnIntegerMessage = 'is expected to be an integer';

/** `GET /api/v1/dataset/{pk}`: the dataset with its database, schema, columns and metrics. */
export async function fetchDataset(id: number, signal?: AbortSignal): Promise<Dataset> {
  return (await getJson<IdResult<Dataset>>(`/api/v1/dataset/${id}`, signal)).result;
}

export function useDataset(id: number): UseQueryResult<Dataset, ApiError> {
  return useQuery({
    queryKey: queryKeys.datasetDetail(id),
    queryFn: ({ signal }) => fetchDataset(id, signal),
  });
}

export function createDataset(post: DatasetPost): Promise<IdResult<Dataset>> {
  return postJson<IdResult<Dataset>>('/api/v1/dataset/', post);
}

/** `PUT /api/v1/dataset/{pk}?override_columns=`: true when the SQL changed. */
export function saveDataset(id: number, put: DatasetPut, overrideColumns: boolean): Promise<IdResult<Dataset>> {
  return putJson<IdResult<Dataset>>(`/api/v1/dataset/${id}?override_columns=${overrideColumns ? 'true' : 'false'}`, put);
}

export function refreshDataset(id: number): Promise<MessageResponse> {
  return putJson<MessageResponse>(`/api/v1/dataset/${id}/refresh`, undefined);
}

/** Empty text to null, as the spec's save does for cache_timeout, d3format and python_date_format. */
export function emptyToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value;
}

/** The editor's check of a whole-number field: null when fine, else the spec's message. */
export function integerError(value: string): string | null {
  return value.trim() === '' || /^-?\d+$/.test(value.trim()) ? null : notAnIntegerMessage;
}
