import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiFetch, getJson, postJson, putJson } from '@/api/client';
import { apiErrorFromResponse, networkError, type ApiError } from '@/api/errors';
import type { AvailableEngines } from '@/api/generated/AvailableEngines';
import type { DatabaseConfig } from '@/api/generated/DatabaseConfig';
import type { DatabaseDetailResponse } from '@/api/generated/DatabaseDetailResponse';
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';
import type { ListResponse } from '@/api/generated/ListResponse';
import type { MessageResponse } from '@/api/generated/MessageResponse';
import { queryKeys } from '@/api/queryKeys';
import type { UploadType } from './uploadTypes';

/** The dialog's messages (spec 001 section 7). */
export const connectionLooksGoodMessage = 'Connection looks good!';
export function connectionErrorMessage(message: string): string {
  return `ERROR: ${message}`;
}

export function useAvailableEngines(): UseQueryResult<AvailableEngines, ApiError> {
  return useQuery({
    queryKey: queryKeys.availableEngines,
    queryFn: ({ signal }) => getJson<AvailableEngines>('/api/v1/database/available/', signal),
    staleTime: Infinity,
  });
}

/** Every database the user may read (for the dataset and upload pickers). */
export function useAllDatabases(): UseQueryResult<DatabaseListItem[], ApiError> {
  const q = encodeURIComponent('(order_column:database_name,order_direction:asc,page:0,page_size:100)');
  return useQuery({
    queryKey: queryKeys.resourceList('database', 'pickers'),
    queryFn: async ({ signal }) => (await getJson<ListResponse<DatabaseListItem>>(`/api/v1/database/?q=${q}`, signal)).result,
  });
}

export function useDatabase(id: number | null): UseQueryResult<DatabaseDetailResponse, ApiError> {
  return useQuery({
    queryKey: queryKeys.databaseDetail(id ?? 0),
    queryFn: ({ signal }) => getJson<DatabaseDetailResponse>(`/api/v1/database/${id ?? 0}`, signal),
    enabled: id !== null,
  });
}

export function createDatabase(config: DatabaseConfig): Promise<DatabaseDetailResponse> {
  return postJson<DatabaseDetailResponse>('/api/v1/database/', config);
}

export function updateDatabase(id: number, config: DatabaseConfig): Promise<DatabaseDetailResponse> {
  return putJson<DatabaseDetailResponse>(`/api/v1/database/${id}`, config);
}

export async function deleteDatabase(id: number): Promise<void> {
  await apiFetch(`/api/v1/database/${id}`, { method: 'DELETE' });
}

export function testConnection(config: DatabaseConfig): Promise<MessageResponse> {
  return postJson<MessageResponse>('/api/v1/database/test_connection/', config);
}

export function validateParameters(config: DatabaseConfig): Promise<MessageResponse> {
  return postJson<MessageResponse>('/api/v1/database/validate_parameters/', config);
}


export interface UploadForm {
  type: UploadType;
  databaseId: number;
  file: File;
  tableName: string;
  schema: string;
  /** CSV only. */
  delimiter: string;
  /** Excel only; empty: the first sheet. */
  sheetName: string;
  /** Column names separated by commas; empty: every column. */
  columnsRead: string;
  alreadyExists: 'fail' | 'replace' | 'append';
}

/** The multipart form of `POST /api/v1/database/{pk}/upload/` (Superset's field names). */
export function uploadFormData(form: UploadForm): FormData {
  const body = new FormData();
  body.append('type', form.type);
  body.append('file', form.file);
  body.append('table_name', form.tableName);
  if (form.schema !== '') body.append('schema', form.schema);
  if (form.type === 'csv') body.append('delimiter', form.delimiter);
  if (form.type === 'excel' && form.sheetName.trim() !== '') body.append('sheet_name', form.sheetName.trim());
  if (form.columnsRead.trim() !== '') body.append('columns_read', form.columnsRead.trim());
  body.append('already_exists', form.alreadyExists);
  return body;
}

async function csrfTokenForUpload(): Promise<string | null> {
  const response = await fetch('/api/v1/security/csrf_token/', { credentials: 'same-origin' });
  if (!response.ok) return null;
  const answer = (await response.json()) as { result: string };
  return answer.result;
}

/**
 * `POST /api/v1/database/{pk}/upload/` with upload progress (0 to 1): XMLHttpRequest, since
 * fetch reports no upload progress.
 */
export async function uploadFile(form: UploadForm, onProgress: (fraction: number) => void): Promise<void> {
  const body = uploadFormData(form);
  const token = await csrfTokenForUpload();
  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/database/${form.databaseId}/upload/`);
    request.withCredentials = true;
    if (token !== null) request.setRequestHeader('X-CSRFToken', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(networkError());
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      const response = new Response(request.responseText, { status: request.status, headers: { 'Content-Type': 'application/json' } });
      void apiErrorFromResponse(response).then(reject, reject);
    };
    request.send(body);
  });
}
