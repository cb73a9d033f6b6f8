/**
 * SQL Lab state kept on the server (spec 002 section 7): saved queries, permalinks, the query
 * history and the tab state calls (`/tabstateview/`, `GET /api/v1/sqllab/`).
 */
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiFetch, getJson, postJson, putJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { CreatedId } from '@/api/generated/CreatedId';
import type { IdResult } from '@/api/generated/IdResult';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import type { MigrateQueryPayload } from '@/api/generated/MigrateQueryPayload';
import type { PermalinkResponse } from '@/api/generated/PermalinkResponse';
import type { QueryHistoryItem } from '@/api/generated/QueryHistoryItem';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import type { SavedQuery } from '@/api/generated/SavedQuery';
import type { SavedQueryPayload } from '@/api/generated/SavedQueryPayload';
import type { SqlLabBootstrap } from '@/api/generated/SqlLabBootstrap';
import type { SqlLabPermalinkState } from '@/api/generated/SqlLabPermalinkState';
import type { TableSchemaCreatePayload } from '@/api/generated/TableSchemaCreatePayload';
import type { TableSchemaExpandedResponse } from '@/api/generated/TableSchemaExpandedResponse';
import type { TableSchemaNew } from '@/api/generated/TableSchemaNew';
import type { TabState } from '@/api/generated/TabState';
import type { TabStateNew } from '@/api/generated/TabStateNew';
import type { TabStateUpdate } from '@/api/generated/TabStateUpdate';
import { queryKeys } from '@/api/queryKeys';
import { risonString } from './api';

export async function createSavedQuery(payload: SavedQueryPayload): Promise<SavedQuery> {
  return (await postJson<IdResult<SavedQuery>>('/api/v1/saved_query/', payload)).result;
}

export async function updateSavedQuery(id: number, payload: SavedQueryPayload): Promise<SavedQuery> {
  return (await putJson<IdResult<SavedQuery>>(`/api/v1/saved_query/${id}`, payload)).result;
}

/** `GET /api/v1/query/{id}`: a run of the query history. */
export async function fetchQueryRun(id: number): Promise<QueryHistoryItem> {
  return (await getJson<IdResult<QueryHistoryItem>>(`/api/v1/query/${id}`)).result;
}

export async function fetchSavedQuery(id: number): Promise<SavedQuery> {
  return (await getJson<IdResult<SavedQuery>>(`/api/v1/saved_query/${id}`)).result;
}

/** The link a saved query is opened with: the SQL Lab path with `savedQueryId` (spec 002 section 2). */
export function savedQueryLink(origin: string, savedQueryId: number): string {
  return `${origin}/sqllab/?savedQueryId=${savedQueryId}`;
}

export function createSqlLabPermalink(state: SqlLabPermalinkState): Promise<PermalinkResponse> {
  return postJson<PermalinkResponse>('/api/v1/sqllab/permalink', state);
}

export function fetchSqlLabPermalink(key: string): Promise<SqlLabPermalinkState> {
  return getJson<SqlLabPermalinkState>(`/api/v1/sqllab/permalink/${encodeURIComponent(key)}`);
}

/** The history filters the pane offers. */
export interface QueryHistoryFilters {
  sqlEditorId: string;
  status: string | null;
  sqlText: string;
}

/** `GET /api/v1/query/?q=`: a tab's runs, newest first, with the pane's filters. */
export function queryHistoryPath({ sqlEditorId, status, sqlText }: QueryHistoryFilters): string {
  const filters = [`(col:sql_editor_id,opr:eq,value:${risonString(sqlEditorId)})`];
  if (status !== null) filters.push(`(col:status,opr:eq,value:${risonString(status)})`);
  if (sqlText.trim() !== '') filters.push(`(col:sql,opr:ct,value:${risonString(sqlText.trim())})`);
  const q = `(filters:!(${filters.join(',')}),order_column:changed_on,order_direction:desc,page:0,page_size:100)`;
  return `/api/v1/query/?q=${encodeURIComponent(q)}`;
}

export function useQueryHistory(filters: QueryHistoryFilters, refreshNumber: number): UseQueryResult<ListPageResponse<QueryHistoryItem>, ApiError> {
  const path = queryHistoryPath(filters);
  return useQuery({
    queryKey: queryKeys.queryHistory(path, refreshNumber),
    queryFn: ({ signal }) => getJson<ListPageResponse<QueryHistoryItem>>(path, signal),
    placeholderData: keepPreviousData,
  });
}

export async function fetchSqlLabBootstrap(): Promise<SqlLabBootstrap> {
  return (await getJson<ResultResponse<SqlLabBootstrap>>('/api/v1/sqllab/')).result;
}

export async function createTabState(queryEditor: TabStateNew): Promise<number> {
  return (await postJson<CreatedId>('/tabstateview/', { queryEditor })).id;
}

export function fetchTabState(id: number): Promise<TabState> {
  return getJson<TabState>(`/tabstateview/${id}`);
}

export async function updateTabState(id: number, update: TabStateUpdate): Promise<void> {
  await putJson<number>(`/tabstateview/${id}`, update);
}

export async function activateTabState(id: number): Promise<void> {
  await postJson<number>(`/tabstateview/${id}/activate`, {});
}

export async function deleteTabState(id: number): Promise<void> {
  await apiFetch(`/tabstateview/${id}`, { method: 'DELETE' });
}

/** `DELETE /tabstateview/{tab}/query/{clientId}`: removes a run from a server tab's history. */
export async function removeTabQuery(tabId: number, clientId: string): Promise<void> {
  await apiFetch(`/tabstateview/${tabId}/query/${encodeURIComponent(clientId)}`, { method: 'DELETE' });
}

/** `POST /tabstateview/{tab}/migrate_query`: a run made while the tab lived in the browser moves into it. */
export async function migrateTabQuery(tabId: number, queryId: string): Promise<void> {
  const payload: MigrateQueryPayload = { queryId };
  await postJson<number>(`/tabstateview/${tabId}/migrate_query`, payload);
}

/** `POST /tableschemaview/`: a table of a server tab (kept as the entry's description); answers its id. */
export async function createTableSchema(table: TableSchemaNew): Promise<number> {
  const payload: TableSchemaCreatePayload = { table };
  return (await postJson<CreatedId>('/tableschemaview/', payload)).id;
}

export async function setTableSchemaExpanded(id: number, expanded: boolean): Promise<void> {
  await postJson<TableSchemaExpandedResponse>(`/tableschemaview/${id}/expanded`, { expanded });
}

export async function deleteTableSchema(id: number): Promise<void> {
  await apiFetch(`/tableschemaview/${id}`, { method: 'DELETE' });
}
