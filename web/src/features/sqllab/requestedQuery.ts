/**
 * The query a SQL Lab URL asks to open in a new tab, as Superset's SQL Lab reads it:
 * `?savedQueryId=`, a permalink (`/sqllab/p/{key}` or `?permalink=`), `?queryId=` (a run's
 * `link`, the query history's "Open in SQL Lab"), `?datasourceKey=&sql=` (a chart's "View in
 * SQL Lab") or `?dbid=&schema=&sql=&name=`.
 */
import { nonEmptyParam, positiveIntegerParam } from '@/app/urlParams';
import { datasetIdOf } from '@/features/dashboard/filters/nativeFilterConfig';
import { fetchDatasetQuerySource } from './datasetApi';
import { nextUntitledName, type OpenedQuery, type QueryEditorTab } from './editorTabs';
import { fetchQueryRun, fetchSavedQuery, fetchSqlLabPermalink } from './stateApi';
import { storedTemplateParams } from './templateParams';

/** Spec 002 section 8's toast when a saved query or a permalink cannot be opened. */
export const queryLoadFailedMessage = "The query couldn't be loaded";
/** Spec 002 section 8's toast when the dataset a chart hands over cannot be read (Superset's `popDatasourceQuery`). */
export const datasourceLoadFailedMessage = "The datasource couldn't be loaded";

export type RequestedQuery =
  | { kind: 'savedQuery'; savedQueryId: number }
  | { kind: 'permalink'; key: string }
  | { kind: 'queryRun'; queryId: number }
  | { kind: 'datasource'; datasourceKey: string; sql: string | null }
  | { kind: 'database'; dbId: number; schema: string | null; sql: string; name: string | null };

/** The link "View in SQL Lab" follows: `/sqllab/?datasourceKey=3__table&sql=SELECT...`. */
export function sqlLabDatasourceLink(datasourceKey: string, sql: string): string {
  return `/sqllab/?${new URLSearchParams({ datasourceKey, sql }).toString()}`;
}

/** The permalink key of a SQL Lab sub-path `p/{key}`; null for any other path. */
export function permalinkKeyOfSubPath(subPath: string): string | null {
  return subPath.startsWith('p/') ? subPath.slice(2).replace(/\/$/, '') : null;
}

/** What the URL asks to open, in Superset's order; null when it asks for nothing. */
export function requestedQueryFromUrl(searchParams: URLSearchParams, permalinkKey: string | null): RequestedQuery | null {
  const savedQueryId = positiveIntegerParam(searchParams.get('savedQueryId'));
  if (savedQueryId !== null) return { kind: 'savedQuery', savedQueryId };
  const permalink = permalinkKey ?? searchParams.get('permalink');
  if (permalink !== null && permalink !== '') return { kind: 'permalink', key: permalink };
  const queryId = positiveIntegerParam(searchParams.get('queryId'));
  if (queryId !== null) return { kind: 'queryRun', queryId };
  const sql = searchParams.get('sql');
  const datasourceKey = searchParams.get('datasourceKey');
  if (datasourceKey !== null && datasourceKey !== '') return { kind: 'datasource', datasourceKey, sql };
  const dbId = positiveIntegerParam(searchParams.get('dbid'));
  if (dbId === null) return null;
  return { kind: 'database', dbId, schema: nonEmptyParam(searchParams.get('schema')), sql: sql ?? '', name: nonEmptyParam(searchParams.get('name')) };
}

/**
 * The new tab's query. A datasource opens as "Query {schema.table}" on the dataset's database
 * and schema, and runs the SQL it was given once (else holds the dataset's `SELECT *`); a
 * database without a name takes the next "Untitled Query N".
 */
export async function openedQueryOf(request: RequestedQuery, tabs: readonly QueryEditorTab[]): Promise<OpenedQuery> {
  switch (request.kind) {
    case 'savedQuery': {
      const saved = await fetchSavedQuery(request.savedQueryId);
      return { name: saved.label, dbId: saved.db_id, schema: saved.schema, sql: saved.sql, remoteId: saved.id, templateParams: storedTemplateParams(saved.template_parameters) };
    }
    case 'permalink': {
      const state = await fetchSqlLabPermalink(request.key);
      return { name: state.name, dbId: state.dbId, schema: state.schema ?? null, sql: state.sql, remoteId: null, templateParams: storedTemplateParams(state.templateParams) };
    }
    case 'queryRun': {
      // Superset's `popQuery`: the run's SQL on its database and schema, as "Copy of {tab}".
      const run = await fetchQueryRun(request.queryId);
      return {
        name: `Copy of ${run.tab_name ?? ''}`,
        dbId: run.database.id,
        schema: run.schema,
        sql: run.sql,
        remoteId: null,
        templateParams: null,
      };
    }
    case 'datasource': {
      const datasetId = datasetIdOf(request.datasourceKey);
      if (datasetId === null) throw new Error(`not a table datasource: ${request.datasourceKey}`);
      const dataset = await fetchDatasetQuerySource(datasetId);
      return {
        name: `Query ${dataset.name}`,
        dbId: dataset.database.id,
        schema: dataset.schema,
        // Without SQL from the chart, the dataset's `SELECT *` (spec 002 section 7).
        sql: request.sql === null || request.sql === '' ? (dataset.select_star ?? '') : request.sql,
        remoteId: null,
        templateParams: null,
        // Superset runs the SQL a chart hands over ("View in SQL Lab") as soon as the tab opens.
        autorun: request.sql !== null && request.sql !== '',
      };
    }
    case 'database':
      return {
        name: request.name ?? nextUntitledName(tabs),
        dbId: request.dbId,
        schema: request.schema,
        sql: request.sql,
        remoteId: null,
        templateParams: null,
      };
  }
}

/** The danger toast when the requested query cannot be opened. */
export function openFailedMessage(request: RequestedQuery): string {
  return request.kind === 'datasource' ? datasourceLoadFailedMessage : queryLoadFailedMessage;
}
