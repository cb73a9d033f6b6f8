import type { SqlLabExecutePayload } from '@/api/generated/SqlLabExecutePayload';
import type { QueryEditorTab } from './editorTabs';

/**
 * The execute body of a run of a tab's SQL: its schema, name, limit and template parameters;
 * `runAsync` when the database runs SQL Lab's queries asynchronously (`allow_run_async`).
 */
export function tabRunPayload(tab: QueryEditorTab, databaseId: number, clientId: string, runAsync = false): SqlLabExecutePayload {
  return {
    client_id: clientId,
    database_id: databaseId,
    sql: tab.sql,
    schema: tab.schema ?? undefined,
    tab: tab.name,
    sql_editor_id: tab.id,
    queryLimit: tab.queryLimit,
    templateParams: tab.templateParams ?? undefined,
    runAsync,
    json: true,
  };
}
