/**
 * SQL Lab's editor tabs (spec 002 sections 3 and 4), kept in browser storage while backend
 * persistence is off: add ("Untitled Query N", N one more than the highest), close, rename,
 * clone ("Copy of ...") and switch to the next or previous tab with wrap-around.
 */

/** One editor tab; the field names are the spec's query editor fields. */
export interface QueryEditorTab {
  id: string;
  name: string;
  dbId: number | null;
  /** The catalog of a database that allows several (spec 001 section 2); absent or `null` otherwise. */
  catalog?: string | null;
  schema: string | null;
  sql: string;
  queryLimit: number;
  /** The saved query the tab came from (spec 002 section 3). */
  remoteId: number | null;
  /** The Jinja template parameters, a JSON object as text; null when none were set (spec 002 section 7). */
  templateParams: string | null;
  /** The left bar is hidden in this tab (spec 002 section 2); absent means shown. */
  hideLeftBar?: boolean;
  /** Run the tab's SQL once when it opens, then cleared (spec 002 section 3). */
  autorun: boolean;
  /**
   * The client id of the tab's latest run, kept while the tab lives in this browser: it moves to
   * the server with the tab (`migrate_query`). A server tab keeps it on the server instead.
   */
  latestQueryId?: string;
  /** The text selected in the editor, run instead of the whole SQL (spec 002 section 3). */
  selectedText?: string;
  /** The editor's share of the tab's height, in percent (Superset's `northPercent`); absent means 30. */
  northPercent?: number;
  /** The results' share of the tab's height, in percent (Superset's `southPercent`); absent means 70. */
  southPercent?: number;
  /** Where the cursor was, restored when the tab is shown again (Superset's `cursorPosition`). */
  cursorPosition?: CursorPosition;
  /** The version of the tab record (Superset's `QueryEditorVersion`); absent means 1. */
  version?: number;
  /** When the tab was last edited, epoch milliseconds: the newer copy wins a merge (spec 002 section 3). */
  updatedAt?: number;
  /** False while a server tab's state could not be read yet: it is read again when the tab is shown. */
  loaded?: boolean;
  /** The tab lives in this browser only, not (yet) on the server (Superset's `inLocalStorage`). */
  inLocalStorage?: boolean;
}

/** A cursor position as Superset keeps it: 0-based row and column. */
export interface CursorPosition {
  row: number;
  column: number;
}

/** Superset's `QueryEditorVersion.V1`, the version of the tab records written here. */
export const queryEditorVersion = 1;

/** Superset's `INITIAL_NORTH_PERCENT` and `INITIAL_SOUTH_PERCENT`. */
export const initialNorthPercent = 30;
export const initialSouthPercent = 70;

/** The split may not hide either pane: the editor keeps between 10 and 90 percent. */
export const minNorthPercent = 10;
export const maxNorthPercent = 90;

/** The tab's split with the editor at `northPercent` (clamped, whole percent) and the results below. */
export function splitChanges(northPercent: number): Pick<QueryEditorTab, 'northPercent' | 'southPercent'> {
  const north = Math.round(Math.min(maxNorthPercent, Math.max(minNorthPercent, northPercent)));
  return { northPercent: north, southPercent: 100 - north };
}

/** The tab's editor share, in percent. */
export function tabNorthPercent(tab: Pick<QueryEditorTab, 'northPercent'>): number {
  return tab.northPercent ?? initialNorthPercent;
}

/**
 * An edit of a tab (its SQL, database, split, cursor...): the changes with `updatedAt` set to
 * `now`, as Superset stamps its unsaved editor record.
 */
export function editTab(
  state: EditorTabsState,
  tabId: string,
  changes: Partial<Omit<QueryEditorTab, 'id'>>,
  now: number = Date.now(),
): EditorTabsState {
  return updateTab(state, tabId, { ...changes, updatedAt: now });
}

export interface EditorTabsState {
  tabs: QueryEditorTab[];
  activeTabId: string;
}

/** Superset's `DEFAULT_SQLLAB_LIMIT`. */
export const defaultQueryLimit = 1000;

/** The row limits the dropdown offers (up to the server's default maximum, `QUIVER_SQL_MAX_ROW`). */
export const queryLimitOptions: readonly number[] = [10, 100, 1000, 10000, 100000, 1000000];

export const untitledQueryPrefix = 'Untitled Query ';

/** Superset's `/^Untitled Query (\d+)$/`: the names whose number counts. */
const untitledQueryPattern = /^Untitled Query (\d+)$/;

/**
 * The name of the start state's tab, when no tab is stored anywhere (Superset's default query
 * editor, spec 002 section 4). Its lower-case 'query' does not count as an untitled number.
 */
export const startTabName = 'Untitled query';

export const tabsStorageKey = 'quiver.sqllab.tabs';

/** Shown while tabs live in browser storage only (spec 002 section 1). */
export const localStorageWarning =
  'Your tabs are kept in this browser only: they will not persist if you clear your cookies or browser data.';

/** "Untitled Query N" where N is one more than the highest N in use (1 when none). */
export function nextUntitledName(tabs: readonly QueryEditorTab[]): string {
  let highest = 0;
  for (const tab of tabs) {
    const digits = untitledQueryPattern.exec(tab.name)?.[1];
    if (digits !== undefined) highest = Math.max(highest, Number(digits));
  }
  return `${untitledQueryPrefix}${highest + 1}`;
}

export function newTabId(): string {
  return Math.random().toString(36).slice(2, 13).padEnd(11, '0');
}

/**
 * A fresh tab's fields: the next untitled name, the active tab's database, catalog, schema and limit
 * (`defaultLimit`, the configured default SQL Lab limit, without an active tab).
 */
export function newTabFields(state: EditorTabsState, defaultLimit: number = defaultQueryLimit): Omit<QueryEditorTab, 'id'> {
  const active = state.tabs.find((tab) => tab.id === state.activeTabId);
  return {
    name: nextUntitledName(state.tabs),
    dbId: active?.dbId ?? null,
    catalog: active?.catalog ?? null,
    schema: active?.schema ?? null,
    sql: '',
    queryLimit: active?.queryLimit ?? defaultLimit,
    remoteId: null,
    templateParams: null,
    autorun: false,
    version: queryEditorVersion,
    loaded: true,
    inLocalStorage: true,
  };
}

/** A new tab with the active tab's database and schema, made active. */
export function addTab(state: EditorTabsState, tabId: string = newTabId(), defaultLimit: number = defaultQueryLimit): EditorTabsState {
  const tab: QueryEditorTab = { id: tabId, ...newTabFields(state, defaultLimit) };
  return { tabs: [...state.tabs, tab], activeTabId: tab.id };
}

/** What a tab opened from a saved query or a permalink starts with; `autorun` runs it on opening. */
export type OpenedQuery = Pick<QueryEditorTab, 'name' | 'dbId' | 'schema' | 'sql' | 'remoteId' | 'templateParams'> & { autorun?: boolean };

/** The fields of a tab holding an opened query: the default limit, no autorun unless asked. */
export function openedQueryFields(query: OpenedQuery, queryLimit: number = defaultQueryLimit): Omit<QueryEditorTab, 'id'> {
  return { queryLimit, ...query, autorun: query.autorun ?? false, version: queryEditorVersion, loaded: true, inLocalStorage: true };
}

/** A new active tab holding an opened query (a saved query, a permalink). */
export function addTabWithQuery(
  state: EditorTabsState,
  query: OpenedQuery,
  tabId: string = newTabId(),
  defaultLimit: number = defaultQueryLimit,
): EditorTabsState {
  const tab: QueryEditorTab = { id: tabId, ...openedQueryFields(query, defaultLimit) };
  return { tabs: [...state.tabs, tab], activeTabId: tab.id };
}

/**
 * Removes a tab; the last one left cannot go. Closing the active tab activates the most recent
 * other tab of `tabHistory` (the tabs in the order they were active), else the last tab (spec 002
 * section 4, Superset's `REMOVE_QUERY_EDITOR`).
 */
export function closeTab(state: EditorTabsState, tabId: string, tabHistory: readonly string[] = []): EditorTabsState {
  if (state.tabs.length <= 1) return state;
  if (!state.tabs.some((tab) => tab.id === tabId)) return state;
  const tabs = state.tabs.filter((tab) => tab.id !== tabId);
  if (state.activeTabId !== tabId) return { tabs, activeTabId: state.activeTabId };
  const previous = tabHistory.findLast((id) => id !== tabId && tabs.some((tab) => tab.id === id));
  return { tabs, activeTabId: previous ?? tabs.at(-1)?.id ?? '' };
}

/** The tab history with `tabId` made the most recent (Superset's `tabHistory`), at most 100 long. */
export function pushTabHistory(tabHistory: readonly string[], tabId: string): string[] {
  if (tabId === '' || tabHistory.at(-1) === tabId) return [...tabHistory];
  return [...tabHistory, tabId].slice(-100);
}

/** Spec 002 section 2: a cloned tab is named 'Copy of ...'. */
export function cloneName(name: string): string {
  return `Copy of ${name}`;
}

/** The fields of a clone of a tab: its name prefixed, its database, catalog, schema, SQL, limit and template parameters. */
export function cloneTabFields(tab: QueryEditorTab): Omit<QueryEditorTab, 'id'> {
  return {
    name: cloneName(tab.name),
    dbId: tab.dbId,
    catalog: tab.catalog ?? null,
    schema: tab.schema,
    sql: tab.sql,
    queryLimit: tab.queryLimit,
    remoteId: null,
    templateParams: tab.templateParams,
    autorun: false,
    version: queryEditorVersion,
    loaded: true,
    inLocalStorage: true,
  };
}

/** A clone of a tab, added last and made active. */
export function cloneTab(state: EditorTabsState, tabId: string, newId: string = newTabId()): EditorTabsState {
  const source = state.tabs.find((tab) => tab.id === tabId);
  if (source === undefined) return state;
  const tab: QueryEditorTab = { id: newId, ...cloneTabFields(source) };
  return { tabs: [...state.tabs, tab], activeTabId: tab.id };
}

/** The id of the next (1) or previous (-1) tab of the active one, wrapping around. */
export function neighbourTabId(state: EditorTabsState, direction: 1 | -1): string {
  const count = state.tabs.length;
  if (count === 0) return state.activeTabId;
  const index = Math.max(0, state.tabs.findIndex((tab) => tab.id === state.activeTabId));
  return state.tabs[(index + direction + count) % count]?.id ?? state.activeTabId;
}

export function renameTab(state: EditorTabsState, tabId: string, name: string): EditorTabsState {
  const trimmed = name.trim();
  if (trimmed === '') return state;
  return { ...state, tabs: state.tabs.map((tab) => (tab.id === tabId ? { ...tab, name: trimmed } : tab)) };
}

/** The left-bar toggle of a tab, as Superset's tab menu words it. */
export function leftBarToggleLabel(tab: Pick<QueryEditorTab, 'hideLeftBar'>): string {
  return tab.hideLeftBar === true ? 'Show left bar' : 'Hide left bar';
}

/** Hides the tab's left bar, or shows it again (spec 002 section 2, `hideLeftBar`). */
export function toggleLeftBar(state: EditorTabsState, tabId: string): EditorTabsState {
  return { ...state, tabs: state.tabs.map((tab) => (tab.id === tabId ? { ...tab, hideLeftBar: tab.hideLeftBar !== true } : tab)) };
}

export function updateTab(state: EditorTabsState, tabId: string, changes: Partial<Omit<QueryEditorTab, 'id'>>): EditorTabsState {
  return { ...state, tabs: state.tabs.map((tab) => (tab.id === tabId ? { ...tab, ...changes } : tab)) };
}

/** The start state: one tab named 'Untitled query' (spec 002 section 4). */
export function initialTabsState(defaultLimit: number = defaultQueryLimit): EditorTabsState {
  const state = addTab({ tabs: [], activeTabId: '' }, newTabId(), defaultLimit);
  return updateTab(state, state.activeTabId, { name: startTabName });
}

function isTab(value: unknown): value is QueryEditorTab {
  if (typeof value !== 'object' || value === null) return false;
  const tab = value as Record<string, unknown>;
  return (
    typeof tab.id === 'string' &&
    typeof tab.name === 'string' &&
    typeof tab.sql === 'string' &&
    typeof tab.queryLimit === 'number' &&
    (tab.dbId === null || typeof tab.dbId === 'number') &&
    (tab.schema === null || typeof tab.schema === 'string') &&
    (tab.catalog === undefined || tab.catalog === null || typeof tab.catalog === 'string') &&
    (tab.hideLeftBar === undefined || typeof tab.hideLeftBar === 'boolean')
  );
}

/** A stored percentage, when it is one. */
function storedPercent(value: unknown): number | undefined {
  return typeof value === 'number' && value >= 0 && value <= 100 ? value : undefined;
}

/** A stored cursor position, when it is one. */
export function storedCursorPosition(value: unknown): CursorPosition | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { row, column } = value as Record<string, unknown>;
  return Number.isInteger(row) && Number.isInteger(column) && (row as number) >= 0 && (column as number) >= 0
    ? { row: row as number, column: column as number }
    : undefined;
}

/**
 * The layout and bookkeeping fields of a stored tab record (browser storage or the server's
 * `extra_json`): the split, the cursor, the version and the last edit; what is not valid is left out.
 */
export function storedEditorFields(record: Record<string, unknown>): Pick<QueryEditorTab, 'northPercent' | 'southPercent' | 'cursorPosition' | 'version' | 'updatedAt'> {
  const fields: Pick<QueryEditorTab, 'northPercent' | 'southPercent' | 'cursorPosition' | 'version' | 'updatedAt'> = {
    version: Number.isInteger(record.version) ? (record.version as number) : queryEditorVersion,
  };
  const north = storedPercent(record.northPercent);
  const south = storedPercent(record.southPercent);
  if (north !== undefined) fields.northPercent = north;
  if (south !== undefined) fields.southPercent = south;
  const cursor = storedCursorPosition(record.cursorPosition);
  if (cursor !== undefined) fields.cursorPosition = cursor;
  if (typeof record.updatedAt === 'number' && Number.isFinite(record.updatedAt)) fields.updatedAt = record.updatedAt;
  return fields;
}

/** The stored tabs, or one fresh tab when nothing (valid) is stored. */
export function parseStoredTabs(stored: string | null, defaultLimit: number = defaultQueryLimit): EditorTabsState {
  if (stored === null) return initialTabsState(defaultLimit);
  try {
    const parsed = JSON.parse(stored) as { tabs?: unknown; activeTabId?: unknown };
    const tabs = Array.isArray(parsed.tabs) ? parsed.tabs.filter(isTab) : [];
    if (tabs.length === 0) return initialTabsState(defaultLimit);
    const activeTabId = tabs.some((tab) => tab.id === parsed.activeTabId) ? String(parsed.activeTabId) : (tabs[0]?.id ?? '');
    return {
      tabs: tabs.map((tab) => {
        const { northPercent, southPercent, cursorPosition, version, updatedAt, ...rest } = tab;
        return {
          ...rest,
          remoteId: typeof tab.remoteId === 'number' ? tab.remoteId : null,
          templateParams: typeof tab.templateParams === 'string' ? tab.templateParams : null,
          autorun: (tab as Partial<QueryEditorTab>).autorun ?? false,
          ...storedEditorFields({ northPercent, southPercent, cursorPosition, version, updatedAt }),
          // A tab read back from browser storage is whole, and lives there.
          loaded: true,
          inLocalStorage: true,
        };
      }),
      activeTabId,
    };
  } catch {
    return initialTabsState(defaultLimit);
  }
}

export function loadTabs(storage: Storage, defaultLimit: number = defaultQueryLimit): EditorTabsState {
  return parseStoredTabs(storage.getItem(tabsStorageKey), defaultLimit);
}

export function saveTabs(storage: Storage, state: EditorTabsState): void {
  try {
    storage.setItem(tabsStorageKey, JSON.stringify(state));
  } catch (error) {
    // An editor-state save error is only warned in the console (spec 002 section 8).
    console.warn('could not store the SQL Lab tabs', error);
  }
}
