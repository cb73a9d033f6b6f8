import { getJson } from '@/api/client';
import type { ColumnValues } from '@/api/generated/ColumnValues';

/**
 * `GET /api/v1/datasource/table/{id}/column/{column}/values/`: a column's distinct values, sorted,
 * nulls first. The server answers them all at once (at most 10 000), without paging or search.
 */
export async function fetchColumnValues(datasetId: number, column: string, signal?: AbortSignal): Promise<unknown[]> {
  const path = `/api/v1/datasource/table/${datasetId}/column/${encodeURIComponent(column)}/values/`;
  return (await getJson<ColumnValues>(path, signal)).result;
}
