import type { CtasMethod } from '@/api/generated/CtasMethod';
import type { SqlLabExecutePayload } from '@/api/generated/SqlLabExecutePayload';
import type { QueryEditorTab } from './editorTabs';

/** A run that creates a table or a view from its SELECT (`select_as_cta`), named by the user. */
export interface CreateAsRequest {
  method: CtasMethod;
  tableName: string;
}

/** What a run of the tab runs: the selected text when some is selected, else the whole SQL (Superset's `selectedText || sql`). */
export function runnableSql(tab: Pick<QueryEditorTab, 'sql' | 'selectedText'>): string {
  const selected = tab.selectedText ?? '';
  return selected.trim() === '' ? tab.sql : selected;
}

/**
 * The execute body of a run of a tab's SQL (`runnableSql`): its catalog, schema, name, limit and template parameters;
 * `runAsync` when the database runs SQL Lab's queries asynchronously (`allow_run_async`); and for
 * CREATE TABLE AS / CREATE VIEW AS, `select_as_cta`, `ctas_method` and `tmp_table_name`.
 */
export function tabRunPayload(
  tab: QueryEditorTab,
  databaseId: number,
  clientId: string,
  runAsync = false,
  createAs: CreateAsRequest | null = null,
): SqlLabExecutePayload {
  const payload: SqlLabExecutePayload = {
    client_id: clientId,
    database_id: databaseId,
    sql: runnableSql(tab),
    catalog: tab.catalog ?? undefined,
    schema: tab.schema ?? undefined,
    tab: tab.name,
    sql_editor_id: tab.id,
    queryLimit: tab.queryLimit,
    templateParams: tab.templateParams ?? undefined,
    runAsync,
    json: true,
  };
  if (createAs === null) return payload;
  return { ...payload, select_as_cta: true, ctas_method: createAs.method, tmp_table_name: createAs.tableName.trim() };
}
