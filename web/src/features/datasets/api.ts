import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiFetch, getJson, postJson, putJson } from '@/api/client';
import { ApiError } from '@/api/errors';
import type { Dataset } from '@/api/generated/Dataset';
import type { DatasetPost } from '@/api/generated/DatasetPost';
import type { DatasetPut } from '@/api/generated/DatasetPut';
import type { DatasetRelatedObjects } from '@/api/generated/DatasetRelatedObjects';
import type { IdResult } from '@/api/generated/IdResult';
import type { MessageResponse } from '@/api/generated/MessageResponse';
import { queryKeys } from '@/api/queryKeys';
import { risonString } from '@/api/rison';
import { deletedMessage, deleteFailedMessage } from '@/components/listView/resourceMessages';

/** The dialog's texts (spec 001 sections 4 and 7). */
export const datasetSavedMessage = 'The dataset has been saved';
export const datasetSaveErrorTitle = 'Error saving dataset';
export const managedExternallyTooltip = "This dataset is managed externally, and can't be edited in Quiver";
export const confirmSaveWarning =
  'The dataset configuration exposed here affects all the charts using this dataset. Be mindful that changing settings here may affect other charts in undesirable ways.';
export const confirmSaveQuestion = 'Are you sure you want to save and apply changes?';
export const notAnIntegerMessage = 'is expected to be an integer';

/** The swap dialog's texts (spec 001 sections 2, 4 and 8). */
export const swapDatasetTitle = 'Swap dataset';
/** Shown after a bold 'Warning!'. */
export const swapDatasetWarning =
  'Changing the dataset may break the chart if the chart relies on columns or metadata that does not exist in the target dataset';
export const datasetChangedMessage = 'Successfully changed dataset!';
/** Spec 001 section 2: the swap dialog's table pages by the default table page size. */
export const swapDatasetPageSize = 10;

/**
 * The swap dialog's list call (spec 001 sections 5 and 7): `table_name` contains the search,
 * newest changes first. `('ab', 1)` gives
 * `(filters:!((col:table_name,opr:ct,value:'ab')),order_column:changed_on_delta_humanized,order_direction:desc,page:1,page_size:10)`.
 */
export function swapDatasetQuery(search: string, pageIndex: number): string {
  const text = search.trim();
  const filters = text === '' ? '' : `(col:table_name,opr:ct,value:${risonString(text)})`;
  return `(filters:!(${filters}),order_column:changed_on_delta_humanized,order_direction:desc,page:${pageIndex},page_size:${swapDatasetPageSize})`;
}

/** Spec 001 section 8's toasts of a dataset deleted from the list. */
export function datasetDeletedMessage(title: string): string {
  return deletedMessage(title);
}
export function datasetDeleteFailedMessage(title: string): string {
  return deleteFailedMessage(title);
}

/** 'Error saving dataset' shows the first server error, or the plain error text (spec 001 section 8). */
export function saveErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.errors[0]?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

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

/** `GET /api/v1/dataset/{pk}/related_objects`: the charts and dashboards that use the dataset. */
export function fetchDatasetRelatedObjects(id: number, signal?: AbortSignal): Promise<DatasetRelatedObjects> {
  return getJson<DatasetRelatedObjects>(`/api/v1/dataset/${id}/related_objects`, signal);
}

export async function deleteDataset(id: number): Promise<void> {
  await apiFetch(`/api/v1/dataset/${id}`, { method: 'DELETE' });
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
