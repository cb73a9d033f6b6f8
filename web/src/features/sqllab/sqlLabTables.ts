/**
 * The tables of SQL Lab's editors (spec 002 sections 2 to 4): a table picked in the left bar is
 * merged or added as expanded, shows its columns in the bar and gets a data preview tab in the
 * south pane; removing it moves the active south tab to another table of the same editor, or to
 * Results. On the server (`/tableschemaview/`) while backend persistence is on, else in the browser.
 */
import type { TableSchema } from '@/api/generated/TableSchema';
import type { TableSchemaNew } from '@/api/generated/TableSchemaNew';

/** A table of an editor; the field names are the spec's (section 3). */
export interface SqlLabTable {
  /** The server's table schema id while persistence is on, else a local id. */
  id: string;
  queryEditorId: string;
  dbId: number;
  /** The catalog the table was picked in; absent or `null` for the database's default one. */
  catalog?: string | null;
  schema: string;
  name: string;
  expanded: boolean;
  /** The client id of the table's data preview run, once it started (Superset's `dataPreviewQueryId`). */
  dataPreviewQueryId?: string | null;
  /** The table's metadata (columns, keys, `selectStar`) was read (Superset's `initialized`). */
  initialized?: boolean;
}

/** The fields of a table its data preview pane fills in. */
export type TablePreviewFields = Pick<SqlLabTable, 'dataPreviewQueryId' | 'initialized'>;

/** Sets fields of one table. */
export function updateTable(tables: readonly SqlLabTable[], tableId: string, changes: TablePreviewFields): SqlLabTable[] {
  return tables.map((table) => (table.id === tableId ? { ...table, ...changes } : table));
}

/** The south pane's tabs: Results, the query history, or a table's data preview. */
export type SouthTab = 'results' | 'history' | `table:${string}`;

export function tableSouthTab(tableId: string): SouthTab {
  return `table:${tableId}`;
}

export const tablesStorageKey = 'quiver.sqllab.tables';

/** The table of an editor with that database, catalog, schema and name, if the editor has it. */
export function findTable(
  tables: readonly SqlLabTable[],
  query: Pick<SqlLabTable, 'queryEditorId' | 'dbId' | 'catalog' | 'schema' | 'name'>,
): SqlLabTable | undefined {
  return tables.find(
    (table) =>
      table.queryEditorId === query.queryEditorId &&
      table.dbId === query.dbId &&
      (table.catalog ?? null) === (query.catalog ?? null) &&
      table.schema === query.schema &&
      table.name === query.name,
  );
}

/** Merges a table in (made expanded when the editor has it) or adds it, expanded, last. */
export function mergeTable(tables: readonly SqlLabTable[], table: SqlLabTable): SqlLabTable[] {
  const existing = findTable(tables, table);
  if (existing === undefined) return [...tables, { ...table, expanded: true }];
  return tables.map((candidate) => (candidate.id === existing.id ? { ...candidate, expanded: true } : candidate));
}

export function setTableExpanded(tables: readonly SqlLabTable[], tableId: string, expanded: boolean): SqlLabTable[] {
  return tables.map((table) => (table.id === tableId ? { ...table, expanded } : table));
}

/**
 * Removes a table. When its preview was the active south tab, another table of the same editor
 * becomes active (the first one left), else Results.
 */
export function removeTable(
  tables: readonly SqlLabTable[],
  tableId: string,
  activeSouthTab: SouthTab,
): { tables: SqlLabTable[]; activeSouthTab: SouthTab } {
  const removed = tables.find((table) => table.id === tableId);
  const left = tables.filter((table) => table.id !== tableId);
  if (removed === undefined || activeSouthTab !== tableSouthTab(tableId)) return { tables: left, activeSouthTab };
  const sibling = left.find((table) => table.queryEditorId === removed.queryEditorId);
  return { tables: left, activeSouthTab: sibling === undefined ? 'results' : tableSouthTab(sibling.id) };
}

/** The tables of one editor, in the order they were added. */
export function editorTables(tables: readonly SqlLabTable[], queryEditorId: string): SqlLabTable[] {
  return tables.filter((table) => table.queryEditorId === queryEditorId);
}

/**
 * A server table schema entry as an editor table (entries without a schema or database are
 * skipped). The entry's `description` is the table the client posted: its `dataPreviewQueryId`
 * and `initialized` come back from there.
 */
export function tableFromServer(entry: TableSchema): SqlLabTable | null {
  if (entry.schema === null) return null;
  const description = entry.description ?? {};
  const { dataPreviewQueryId, initialized } = description;
  return {
    id: String(entry.id),
    queryEditorId: String(entry.tab_state_id),
    dbId: entry.database_id,
    catalog: entry.catalog,
    schema: entry.schema,
    name: entry.table,
    expanded: entry.expanded,
    ...(typeof dataPreviewQueryId === 'string' ? { dataPreviewQueryId } : {}),
    ...(typeof initialized === 'boolean' ? { initialized } : {}),
  };
}

/**
 * The body of `POST /tableschemaview/` for a table of the server tab `queryEditorId`: the table's
 * fields, kept by the server as the entry's description. Posting it again updates the entry.
 */
export function tableSchemaBody(table: Omit<SqlLabTable, 'id'>, queryEditorId: number): TableSchemaNew {
  return {
    queryEditorId,
    dbId: table.dbId,
    catalog: table.catalog ?? undefined,
    schema: table.schema,
    name: table.name,
    expanded: table.expanded,
    ...(table.dataPreviewQueryId !== undefined && table.dataPreviewQueryId !== null ? { dataPreviewQueryId: table.dataPreviewQueryId } : {}),
    ...(table.initialized !== undefined ? { initialized: table.initialized } : {}),
  };
}

function isTable(value: unknown): value is SqlLabTable {
  if (typeof value !== 'object' || value === null) return false;
  const table = value as Record<string, unknown>;
  return (
    typeof table.id === 'string' &&
    typeof table.queryEditorId === 'string' &&
    typeof table.dbId === 'number' &&
    typeof table.schema === 'string' &&
    typeof table.name === 'string' &&
    typeof table.expanded === 'boolean' &&
    (table.dataPreviewQueryId === undefined || table.dataPreviewQueryId === null || typeof table.dataPreviewQueryId === 'string') &&
    (table.initialized === undefined || typeof table.initialized === 'boolean')
  );
}

/** The tables kept in browser storage (persistence off); none when absent or unreadable. */
export function parseStoredTables(stored: string | null): SqlLabTable[] {
  if (stored === null) return [];
  try {
    const parsed = JSON.parse(stored) as unknown;
    return Array.isArray(parsed) ? parsed.filter(isTable) : [];
  } catch {
    return [];
  }
}

export function saveTables(storage: Storage, tables: readonly SqlLabTable[]): void {
  try {
    storage.setItem(tablesStorageKey, JSON.stringify(tables));
  } catch (error) {
    // An editor-state save error is only warned in the console (spec 002 section 8).
    console.warn('could not store the SQL Lab tables', error);
  }
}
