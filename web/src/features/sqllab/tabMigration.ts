/**
 * Local-only tabs synced to the server (spec 002 section 4, Superset's `syncQueryEditor`): each
 * tab kept in this browser is created with `POST /tabstateview/`, then its tables
 * (`POST /tableschemaview/`) and its latest run (`POST /tabstateview/{id}/migrate_query`) move
 * into it. Each kind of failure warns once with its own text (spec 002 section 8); what could not
 * move stays in browser storage and is tried again at the next load.
 */
import type { QueryEditorTab } from './editorTabs';
import { tableSchemaBody, type SqlLabTable } from './sqlLabTables';
import { createTableSchema, createTabState, migrateTabQuery } from './stateApi';
import { newTabPayload, serverTabId } from './tabPersistence';

/** Superset's warnings, one per kind of state that could not move. */
export const migrationMessages = {
  editor:
    'Unable to migrate query editor state to backend. Superset will retry later. Please contact your administrator if this problem persists.',
  table:
    'Unable to migrate table schema state to backend. Superset will retry later. Please contact your administrator if this problem persists.',
  query:
    'Unable to migrate query state to backend. Superset will retry later. Please contact your administrator if this problem persists.',
} as const;

export type MigrationWarning = keyof typeof migrationMessages;

export interface MigratedState {
  /** The tabs in their order: server ids for those that moved, local ids for the others. */
  tabs: QueryEditorTab[];
  /** The tables: server ids for those that moved, local ids (with their tab's id) for the others. */
  tables: SqlLabTable[];
  /** The kinds of state that could not all move, each once, in the order editor, table, query. */
  warnings: MigrationWarning[];
}

/** Whether a table still lives only in this browser (its id is not a server id). */
export function isLocalTable(table: SqlLabTable): boolean {
  return !/^\d+$/.test(table.id);
}

/**
 * Moves the local-only tabs, then the local tables of every tab that is on the server (moved now
 * or before), then the moved tabs' latest runs. Tabs already on the server are left as they are.
 */
export async function migrateLocalState(tabs: readonly QueryEditorTab[], tables: readonly SqlLabTable[]): Promise<MigratedState> {
  const failed = new Set<MigrationWarning>();
  const serverIds = new Map<string, number>();
  const migratedTabs: QueryEditorTab[] = [];
  for (const tab of tabs) {
    const existingId = serverTabId(tab);
    if (existingId !== null) {
      serverIds.set(tab.id, existingId);
      migratedTabs.push(tab);
      continue;
    }
    try {
      const id = await createTabState(newTabPayload(tab));
      serverIds.set(tab.id, id);
      migratedTabs.push({ ...tab, id: String(id), inLocalStorage: false });
    } catch {
      failed.add('editor');
      migratedTabs.push(tab);
    }
  }

  const migratedTables: SqlLabTable[] = [];
  for (const table of tables) {
    const tabId = serverIds.get(table.queryEditorId);
    if (tabId === undefined || !isLocalTable(table)) {
      migratedTables.push(tabId === undefined ? table : { ...table, queryEditorId: String(tabId) });
      continue;
    }
    try {
      const id = await createTableSchema(tableSchemaBody(table, tabId));
      migratedTables.push({ ...table, id: String(id), queryEditorId: String(tabId) });
    } catch {
      failed.add('table');
      migratedTables.push({ ...table, queryEditorId: String(tabId) });
    }
  }

  for (const tab of tabs) {
    const tabId = serverIds.get(tab.id);
    const queryId = tab.latestQueryId;
    if (serverTabId(tab) !== null || tabId === undefined || queryId === undefined) continue;
    try {
      await migrateTabQuery(tabId, queryId);
    } catch {
      failed.add('query');
    }
  }

  const warnings = (['editor', 'table', 'query'] as const).filter((kind) => failed.has(kind));
  return { tabs: migratedTabs, tables: migratedTables, warnings };
}
