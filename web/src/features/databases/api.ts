import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiFetch, getJson, postJson, putJson } from '@/api/client';
import { apiErrorFromResponse, networkError, type ApiError } from '@/api/errors';
import type { AvailableEngines } from '@/api/generated/AvailableEngines';
import type { DatabaseConfig } from '@/api/generated/DatabaseConfig';
import type { DatabaseDetailResponse } from '@/api/generated/DatabaseDetailResponse';
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';
import type { ListResponse } from '@/api/generated/ListResponse';
import type { MessageResponse } from '@/api/generated/MessageResponse';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import type { UploadProgressInfo } from '@/api/generated/UploadProgressInfo';
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

/**
 * The multipart form of `POST /api/v1/database/{pk}/upload/` (Superset's field names), plus
 * Quiver's `upload_id` naming the upload for its server-side progress, sent first so that the
 * server follows the upload while the file arrives.
 */
export function uploadFormData(form: UploadForm, uploadId?: string): FormData {
  const body = new FormData();
  if (uploadId !== undefined) body.append('upload_id', uploadId);
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

/** A random (version 4) uuid naming an upload; `crypto.randomUUID` only exists on secure pages. */
export function newUploadId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** How far the server has come with an upload: `GET /api/v1/database/upload/progress/{id}` (404 until it is known). */
export async function fetchUploadProgress(uploadId: string, signal?: AbortSignal): Promise<UploadProgressInfo> {
  const answer = await getJson<ResultResponse<UploadProgressInfo>>(`/api/v1/database/upload/progress/${encodeURIComponent(uploadId)}`, signal);
  return answer.result;
}

/**
 * `POST /api/v1/database/{pk}/upload/` with upload progress (0 to 1): XMLHttpRequest, since
 * fetch reports no upload progress. `uploadId` names the upload for `fetchUploadProgress`.
 */
export async function uploadFile(form: UploadForm, onProgress: (fraction: number) => void, uploadId?: string): Promise<void> {
  const body = uploadFormData(form, uploadId);
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
