import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { arrowResponseBody, readArrowResult } from '@/api/arrowResult';
import { apiFetch, getJson, postJson } from '@/api/client';
import { ApiError } from '@/api/errors';
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';
import type { ListResponse } from '@/api/generated/ListResponse';
import type { QueryUpdatedSinceResponse } from '@/api/generated/QueryUpdatedSinceResponse';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import type { SqlLabAsyncResponse } from '@/api/generated/SqlLabAsyncResponse';
import type { SqlLabEstimatePayload } from '@/api/generated/SqlLabEstimatePayload';
import type { SqlLabEstimateResponse } from '@/api/generated/SqlLabEstimateResponse';
import type { SqlLabExecutePayload } from '@/api/generated/SqlLabExecutePayload';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import type { SqlLabResultMeta } from '@/api/generated/SqlLabResultMeta';
import type { TableMetadata } from '@/api/generated/TableMetadata';
import type { TableOption } from '@/api/generated/TableOption';
import { queryKeys } from '@/api/queryKeys';
import { risonString } from '@/api/rison';
import { forwardedSearch } from './pageParams';
import { arrowResultRows, type ResultRows } from './resultRows';

/** QUERY, DROPDOWN, QUERY_AND_DROPDOWN, NOT_LIMITED or UNKNOWN. */
export type LimitingFactor = SqlLabQuery['limitingFactor'];

export { risonString };

/** SQL Lab lists only the databases exposed in it (spec 001 section 6), ordered by name. */
export const sqlLabDatabasesPath = `/api/v1/database/?q=${encodeURIComponent(
  '(filters:!((col:expose_in_sqllab,opr:eq,value:!t)),order_column:database_name,order_direction:asc,page:0,page_size:100)',
)}`;

/** The left bar's lists are read afresh with `force` (the refresh buttons), else as the server keeps them. */
export interface BrowseOptions {
  catalog?: string | null;
  force?: boolean;
}

function risonField(name: string, value: string | null | undefined): string {
  return value === null || value === undefined ? '' : `,${name}:${risonString(value)}`;
}

/** `GET /api/v1/database/{id}/catalogs/?q=(force:…)`. */
export function catalogsPath(databaseId: number, force = false): string {
  return `/api/v1/database/${databaseId}/catalogs/?q=${encodeURIComponent(`(force:${force ? '!t' : '!f'})`)}`;
}

/** `GET /api/v1/database/{id}/schemas/?q=(force:…,catalog:…)`; the catalog only when one is chosen. */
export function schemasPath(databaseId: number, { catalog = null, force = false }: BrowseOptions = {}): string {
  return `/api/v1/database/${databaseId}/schemas/?q=${encodeURIComponent(`(force:${force ? '!t' : '!f'}${risonField('catalog', catalog)})`)}`;
}

/** `GET /api/v1/database/{id}/tables/?q=(force:…,schema_name:…,catalog_name:…)`. */
export function tablesPath(databaseId: number, schema: string, { catalog = null, force = false }: BrowseOptions = {}): string {
  return `/api/v1/database/${databaseId}/tables/?q=${encodeURIComponent(
    `(force:${force ? '!t' : '!f'},schema_name:${risonString(schema)}${risonField('catalog_name', catalog)})`,
  )}`;
}

export function tableMetadataPath(databaseId: number, schema: string, table: string, catalog: string | null = null): string {
  const params = new URLSearchParams({ name: table, schema });
  if (catalog !== null) params.set('catalog', catalog);
  return `/api/v1/database/${databaseId}/table_metadata/?${params.toString()}`;
}

export function useSqlLabDatabases(): UseQueryResult<ListResponse<DatabaseListItem>, ApiError> {
  return useQuery({
    queryKey: queryKeys.sqlLabDatabases,
    queryFn: ({ signal }) => getJson<ListResponse<DatabaseListItem>>(sqlLabDatabasesPath, signal),
  });
}

export async function fetchCatalogs(databaseId: number, force = false, signal?: AbortSignal): Promise<string[]> {
  return (await getJson<ResultResponse<string[]>>(catalogsPath(databaseId, force), signal)).result;
}

export async function fetchSchemas(databaseId: number, options: BrowseOptions = {}, signal?: AbortSignal): Promise<string[]> {
  return (await getJson<ResultResponse<string[]>>(schemasPath(databaseId, options), signal)).result;
}

/** The catalogs of a database, read only while `enabled` (the catalog select is shown). */
export function useCatalogs(databaseId: number | null, enabled: boolean): UseQueryResult<string[], ApiError> {
  return useQuery({
    queryKey: queryKeys.databaseCatalogs(databaseId ?? 0),
    queryFn: ({ signal }) => fetchCatalogs(databaseId ?? 0, false, signal),
    enabled: databaseId !== null && enabled,
  });
}

export function useSchemas(databaseId: number | null, catalog: string | null = null): UseQueryResult<string[], ApiError> {
  return useQuery({
    queryKey: queryKeys.databaseSchemas(databaseId ?? 0, catalog),
    queryFn: ({ signal }) => fetchSchemas(databaseId ?? 0, { catalog }, signal),
    enabled: databaseId !== null,
  });
}

export function useTables(databaseId: number | null, schema: string | null, catalog: string | null = null): UseQueryResult<TableOption[], ApiError> {
  return useQuery({
    queryKey: queryKeys.databaseTables(databaseId ?? 0, schema ?? '', catalog),
    queryFn: async ({ signal }) =>
      (await getJson<ListResponse<TableOption>>(tablesPath(databaseId ?? 0, schema ?? '', { catalog }), signal)).result,
    enabled: databaseId !== null && schema !== null,
  });
}

export function useTableMetadata(
  databaseId: number,
  schema: string,
  table: string,
  catalog: string | null = null,
): UseQueryResult<TableMetadata, ApiError> {
  return useQuery({
    queryKey: catalog === null ? queryKeys.tableMetadata(databaseId, schema, table) : [...queryKeys.tableMetadata(databaseId, schema, table), catalog],
    queryFn: ({ signal }) => getJson<TableMetadata>(tableMetadataPath(databaseId, schema, table, catalog), signal),
  });
}

export const sqlLabExecutePath = '/api/v1/sqllab/execute/';
/** The content type of the execute call's Arrow answer: one Arrow IPC stream (decision 0031). */
export const sqlLabArrowContentType = 'application/vnd.apache.arrow.stream';

/** A finished run: everything the answer says about it, and its rows read from the Arrow table. */
export interface SqlLabResult {
  meta: SqlLabResultMeta;
  rows: ResultRows;
}

/** Decodes the execute call's Arrow answer: the rows, and the run's meta from the schema metadata. */
export function decodeSqlLabResult(stream: Uint8Array): SqlLabResult {
  const { meta, table } = readArrowResult<SqlLabResultMeta>(stream, 'SQL Lab results: the stream');
  return { meta, rows: arrowResultRows(table) };
}

/**
 * The execute path of a run from the SQL Lab page at `search`: the page's parameters other than
 * SQL Lab's own ride along, for the template's `url_param()` (spec 002 section 7).
 */
export function executeSqlPath(search: string): string {
  return `${sqlLabExecutePath}${forwardedSearch(search)}`;
}

const sqlLabAcceptHeaders = { Accept: `${sqlLabArrowContentType}, application/json` };

async function readSqlLabResult(response: Response): Promise<SqlLabResult> {
  return decodeSqlLabResult(await arrowResponseBody(response, sqlLabArrowContentType, 'SQL Lab results'));
}

function postRun(payload: SqlLabExecutePayload, signal: AbortSignal | undefined, pageSearch: string): Promise<Response> {
  return apiFetch(executeSqlPath(pageSearch), { method: 'POST', body: payload, headers: sqlLabAcceptHeaders, signal });
}

/**
 * `POST /api/v1/sqllab/execute/`: a synchronous run, answered as Arrow (errors stay JSON). A run
 * of the editor passes the page's query string (`window.location.search`) as `pageSearch`.
 */
export async function executeSql(payload: SqlLabExecutePayload, signal?: AbortSignal, pageSearch = ''): Promise<SqlLabResult> {
  return readSqlLabResult(await postRun(payload, signal, pageSearch));
}

/** The answer of a run: its rows, or (HTTP 202) the asynchronous run as the server recorded it. */
export type SqlLabRunAnswer = { kind: 'result'; result: SqlLabResult } | { kind: 'async'; query: SqlLabQuery };

/**
 * `POST /api/v1/sqllab/execute/` of a run that may be asynchronous (`runAsync` on a database that
 * allows it): a 202 answers the pending run, whose progress `updated_since` reports.
 */
export async function startSqlRun(payload: SqlLabExecutePayload, pageSearch = ''): Promise<SqlLabRunAnswer> {
  const response = await postRun(payload, undefined, pageSearch);
  if (response.status === 202) return { kind: 'async', query: ((await response.json()) as SqlLabAsyncResponse).query };
  return { kind: 'result', result: await readSqlLabResult(response) };
}

/** `GET /api/v1/sqllab/results/`: the stored rows of an asynchronous run, at most `rows` of them. */
export function sqlLabResultsPath(resultsKey: string, rows: number): string {
  return `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:${risonString(resultsKey)},rows:${rows})`)}`;
}

/** The stored rows of a finished asynchronous run, read like a synchronous run's answer. */
export async function fetchSqlLabResults(resultsKey: string, rows: number, signal?: AbortSignal): Promise<SqlLabResult> {
  return readSqlLabResult(await apiFetch(sqlLabResultsPath(resultsKey, rows), { headers: sqlLabAcceptHeaders, signal }));
}

/** `GET /api/v1/sqllab/export/{client_id}/`: the CSV of a run's results (Superset's `getExportCsvUrl`). */
export function sqlLabExportCsvPath(clientId: string): string {
  return `/api/v1/sqllab/export/${encodeURIComponent(clientId)}/`;
}

/** `GET /api/v1/query/updated_since`: the user's runs changed at or after `lastUpdatedMs` (epoch ms). */
export function queryUpdatedSincePath(lastUpdatedMs: number): string {
  return `/api/v1/query/updated_since?q=${encodeURIComponent(`(last_updated_ms:${Math.floor(lastUpdatedMs)})`)}`;
}

export async function fetchQueryUpdates(lastUpdatedMs: number, signal?: AbortSignal): Promise<SqlLabQuery[]> {
  return (await getJson<QueryUpdatedSinceResponse>(queryUpdatedSincePath(lastUpdatedMs), signal)).result;
}

/** How often, and how far apart, a stop that found no run is sent again. */
export const stopRetry = { attempts: 10, delayMs: 200 };

/**
 * `POST /api/v1/query/stop`: the run's statement is cancelled in the database. The stop and the
 * run are both in flight, so the stop can reach the server before the run is recorded: a 404 is
 * sent again a few times before it counts as a failure.
 */
export async function stopQuery(clientId: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await postJson<ResultResponse<string>>('/api/v1/query/stop', { client_id: clientId });
      return;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404 || attempt >= stopRetry.attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, stopRetry.delayMs));
    }
  }
}

/**
 * The cost estimate of a script: one row of labelled figures per statement (spec 002 section 7),
 * posted with the page's URL parameters like a run, for `url_param()`.
 */
export async function estimateQueryCost(payload: SqlLabEstimatePayload): Promise<SqlLabEstimateResponse['result']> {
  return (await postJson<SqlLabEstimateResponse>(`/api/v1/sqllab/estimate/${forwardedSearch(window.location.search)}`, payload)).result;
}

export async function formatSql(sql: string): Promise<string> {
  return (await postJson<ResultResponse<string>>('/api/v1/sqllab/format_sql/', { sql })).result;
}

/** A run's client id: 11 random letters and digits (spec 002 section 5). */
export function newClientId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(11);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length] ?? 'a').join('');
}
