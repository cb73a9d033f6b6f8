import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/api/errors';
import type { SqlLabConfig } from '@/api/generated/SqlLabConfig';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import type { TabState } from '@/api/generated/TabState';
import type { TabStateRef } from '@/api/generated/TabStateRef';
import { useToasts } from '@/components/toastContext';
import {
  addTab,
  addTabWithQuery,
  cloneTab,
  cloneTabFields,
  closeTab,
  defaultQueryLimit,
  loadTabs,
  neighbourTabId,
  newTabFields,
  openedQueryFields,
  pushTabHistory,
  queryEditorVersion,
  saveTabs,
  tabsStorageKey,
  updateTab,
  type EditorTabsState,
  type OpenedQuery,
  type QueryEditorTab,
} from './editorTabs';
import {
  findTable,
  mergeTable,
  parseStoredTables,
  removeTable as removeTableFrom,
  updateTable as updateTableIn,
  saveTables,
  setTableExpanded,
  tableFromServer,
  tableSchemaBody,
  tablesStorageKey,
  type SouthTab,
  type SqlLabTable,
  type TablePreviewFields,
} from './sqlLabTables';
import {
  activateTabState,
  createTableSchema,
  createTabState,
  deleteTableSchema,
  deleteTabState,
  fetchSqlLabBootstrap,
  fetchTabState,
  setTableSchemaExpanded,
  updateTabState,
} from './stateApi';
import { readStoredRuns } from './storedResults';
import type { RunState } from './runLifecycle';
import { isLocalTable, migrateLocalState, migrationMessages, type MigrationWarning } from './tabMigration';
import {
  editorStateSaveWarning,
  mergeUnsavedEdits,
  newTabPayload,
  readDestroyedTabIds,
  readUnsavedEdits,
  readUnsentActiveTab,
  serverTabId,
  tabChanges,
  tabFromServer,
  tabStateMessages,
  tabSyncIntervalMs,
  tabSyncFailureToast,
  unsavedEdits,
  writeDestroyedTabIds,
  writeUnsavedEdits,
  writeUnsentActiveTab,
} from './tabPersistence';

/** Where the tabs live: still loading, in browser storage, or on the server. */
export type TabsMode = 'loading' | 'local' | 'server';

export interface EditorTabs {
  mode: TabsMode;
  state: EditorTabsState;
  /** A local edit of the tabs (SQL, name, database...); on the server it is sent after a pause. */
  edit: (change: (state: EditorTabsState) => EditorTabsState) => void;
  add: () => void;
  addWithQuery: (query: OpenedQuery) => void;
  close: (tabId: string) => void;
  select: (tabId: string) => void;
  /** A run started in a tab: on the server it becomes the tab's latest query. */
  rememberRun: (tabId: string, clientId: string) => void;
  /** Each server tab's latest query as the server kept it when the page loaded, by tab id. */
  latestQueries: Readonly<Record<string, SqlLabQuery>>;
  /** A new tab named 'Copy of ...' with the tab's database, schema and SQL. */
  clone: (tabId: string) => void;
  /** Makes the next (1) or previous (-1) tab active, wrapping around. */
  switchBy: (direction: 1 | -1) => void;
  /** The tables of every editor (spec 002 section 3). */
  tables: SqlLabTable[];
  /** Merges or adds a table of the active editor as expanded; answers its id once known. */
  addTable: (table: Omit<SqlLabTable, 'id' | 'expanded'>) => Promise<string | null>;
  expandTable: (tableId: string, expanded: boolean) => void;
  /** A table's metadata was read or its data preview started (kept with the table in this browser). */
  updateTable: (tableId: string, changes: TablePreviewFields) => void;
  /** Removes a table; answers the south tab that is active afterwards. */
  removeTable: (tableId: string, activeSouthTab: SouthTab) => SouthTab;
  /** SQL Lab's configured defaults (spec 002 section 9); Superset's defaults until the server answers. */
  config: SqlLabConfig;
  /** The last rows of the tabs kept in browser storage, read back at load (`storedResults`), by tab id. */
  restoredRuns: Readonly<Record<string, RunState>>;
}

/** The defaults used when the server's bootstrap cannot be read: limit 1000, no database, no timeout. */
export const fallbackSqlLabConfig: SqlLabConfig = { default_sqllab_limit: defaultQueryLimit, default_database_id: null, query_result_timeout_seconds: 0 };

/** Spec 002 section 8's table toasts (Superset's texts). */
export const tableMessages = {
  fetchFailed: 'An error occurred while fetching table metadata',
  expandFailed: 'An error occurred while expanding the table schema. Please contact your administrator.',
  collapseFailed: 'An error occurred while collapsing the table schema. Please contact your administrator.',
  removeFailed: 'An error occurred while removing the table schema. Please contact your administrator.',
} as const;

const emptyState: EditorTabsState = { tabs: [], activeTabId: '' };

function newLocalId(): string {
  return Math.random().toString(36).slice(2, 10);
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * The user's server tabs; a tab the server answers 404 for is dropped (spec 002 section 4). The
 * tabs and tables kept in this browser move to the server (`migrateLocalState`); with neither
 * server nor browser tabs, one fresh tab is created there. `serverActiveId` is the tab the server
 * holds as active, when no tab moved there (a moved tab was made active by its creation).
 */
async function loadServerTabs(
  tabRefs: readonly TabStateRef[],
  activeId: number | null,
  defaultLimit: number,
  onFetchFailed: () => void,
  onMigrationWarning: (warning: MigrationWarning) => void,
): Promise<EditorTabsState & { tables: SqlLabTable[]; latestQueries: Record<string, SqlLabQuery>; serverActiveId: number | null }> {
  const answers = await Promise.allSettled(tabRefs.map((ref) => fetchTabState(ref.id)));
  const tabs: QueryEditorTab[] = [];
  const tables: SqlLabTable[] = [];
  const latestQueries: Record<string, SqlLabQuery> = {};
  answers.forEach((answer, index) => {
    if (answer.status === 'fulfilled') {
      tabs.push(tabFromServer(answer.value, defaultLimit));
      if (answer.value.latest_query !== null) latestQueries[String(answer.value.id)] = answer.value.latest_query;
      tables.push(...serverTables(answer.value));
    } else if (!isNotFound(answer.reason)) {
      // Kept by its label, not loaded: read again when it is shown (Superset's `loaded`).
      const ref = tabRefs[index];
      if (ref !== undefined) tabs.push(unloadedTab(ref, defaultLimit));
    }
  });
  if (answers.some((answer) => answer.status === 'rejected' && !isNotFound(answer.reason))) onFetchFailed();
  const hasLocalTabs = window.localStorage.getItem(tabsStorageKey) !== null;
  const local = hasLocalTabs || tabs.length === 0 ? loadTabs(window.localStorage, defaultLimit) : null;
  const localTables = parseStoredTables(window.localStorage.getItem(tablesStorageKey)).filter(isLocalTable);
  const migrated = await migrateLocalState([...tabs, ...(local?.tabs ?? [])], [...tables, ...localTables]);
  migrated.warnings.forEach(onMigrationWarning);
  const localActiveIndex = local === null ? -1 : local.tabs.findIndex((tab) => tab.id === local.activeTabId);
  const active =
    tabs.length === 0
      ? migrated.tabs[Math.max(0, localActiveIndex)]
      : (migrated.tabs.find((tab) => tab.id === String(activeId)) ?? migrated.tabs[0]);
  return {
    tabs: migrated.tabs,
    activeTabId: active?.id ?? '',
    tables: migrated.tables,
    latestQueries,
    serverActiveId: local === null ? activeId : null,
  };
}

/** The tables of a server tab that the editor can show. */
function serverTables(state: TabState): SqlLabTable[] {
  return state.table_schemas.flatMap((entry) => {
    const table = tableFromServer(entry);
    return table === null ? [] : [table];
  });
}

/** A server tab whose state could not be read: its label only, read again when it is shown. */
export function unloadedTab(ref: TabStateRef, defaultLimit: number): QueryEditorTab {
  return {
    id: String(ref.id),
    name: ref.label,
    dbId: null,
    catalog: null,
    schema: null,
    sql: '',
    queryLimit: defaultLimit,
    remoteId: null,
    templateParams: null,
    autorun: false,
    version: queryEditorVersion,
    loaded: false,
    inLocalStorage: false,
  };
}

/**
 * With server tabs, what could not move to the server yet stays in browser storage for the next
 * load (spec 002 section 4: the sync is retried later); nothing left, nothing kept.
 */
function keepLocalOnlyState(storage: Storage, state: EditorTabsState, tables: readonly SqlLabTable[]): void {
  const localTabs = state.tabs.filter((tab) => serverTabId(tab) === null);
  if (localTabs.length === 0) storage.removeItem(tabsStorageKey);
  else saveTabs(storage, { tabs: localTabs, activeTabId: localTabs.some((tab) => tab.id === state.activeTabId) ? state.activeTabId : (localTabs[0]?.id ?? '') });
  const localTables = tables.filter(isLocalTable);
  if (localTables.length === 0) storage.removeItem(tablesStorageKey);
  else saveTables(storage, localTables);
}

/**
 * SQL Lab's editor tabs: on the server (`/tabstateview/`) when `SQLLAB_BACKEND_PERSISTENCE` is
 * on, else in browser storage.
 */
export function useEditorTabs(): EditorTabs {
  const [mode, setMode] = useState<TabsMode>('loading');
  const [state, setState] = useState<EditorTabsState>(emptyState);
  const [tables, setTables] = useState<SqlLabTable[]>([]);
  const [latestQueries, setLatestQueries] = useState<Record<string, SqlLabQuery>>({});
  const [config, setConfig] = useState<SqlLabConfig>(fallbackSqlLabConfig);
  const [restoredRuns, setRestoredRuns] = useState<Readonly<Record<string, RunState>>>({});
  const synced = useRef(new Map<string, QueryEditorTab>());
  const isStarted = useRef(false);
  const { addToast } = useToasts();
  // The server tab the server holds as active; the sync tick sends the active tab when it differs.
  const activatedId = useRef<number | null>(null);
  const isActivating = useRef(false);
  // Server tabs closed here, until the server deleted them (a 404 counts as deleted).
  const destroyedIds = useRef<Set<number> | null>(null);
  const deletingIds = useRef(new Set<number>());

  const destroyed = useCallback((): Set<number> => {
    destroyedIds.current ??= new Set(readDestroyedTabIds(window.localStorage));
    return destroyedIds.current;
  }, []);

  /** Deletes a destroyed tab on the server, once at a time; forgotten once deleted or gone. */
  const deleteDestroyedTab = useCallback(
    (id: number) => {
      if (deletingIds.current.has(id)) return;
      deletingIds.current.add(id);
      const forget = (): void => {
        destroyed().delete(id);
        writeDestroyedTabIds(window.localStorage, destroyed());
      };
      deleteTabState(id)
        .then(forget)
        .catch((error: unknown) => {
          if (isNotFound(error)) forget();
          else console.warn('could not delete the tab on the server, retried later', error);
        })
        .finally(() => deletingIds.current.delete(id));
    },
    [destroyed],
  );

  const remember = useCallback((tabs: readonly QueryEditorTab[]) => {
    for (const tab of tabs) synced.current.set(tab.id, tab);
  }, []);

  useEffect(() => {
    if (isStarted.current) return;
    isStarted.current = true;
    const openLocalTabs = (defaultLimit: number): void => {
      setState(loadTabs(window.localStorage, defaultLimit));
      setTables(parseStoredTables(window.localStorage.getItem(tablesStorageKey)));
      setRestoredRuns(readStoredRuns(window.localStorage, Date.now()));
      setMode('local');
    };
    fetchSqlLabBootstrap()
      .then(async (bootstrap) => {
        setConfig(bootstrap.sqllab_config);
        const defaultLimit = bootstrap.sqllab_config.default_sqllab_limit;
        if (!bootstrap.backend_persistence) {
          openLocalTabs(defaultLimit);
          return;
        }
        const active: TabState | null = bootstrap.active_tab;
        const destroyedTabs = destroyed();
        const loaded = await loadServerTabs(
          bootstrap.tab_state_ids.filter((tab) => !destroyedTabs.has(tab.id)),
          active?.id ?? null,
          defaultLimit,
          () => addToast('danger', tabStateMessages.fetchFailed),
          (warning) => addToast('warning', migrationMessages[warning]),
        );
        remember(loaded.tabs.filter((tab) => tab.loaded !== false));
        destroyedTabs.forEach(deleteDestroyedTab);
        activatedId.current = loaded.serverActiveId;
        // An active tab chosen before a reload and not yet sent is active again (and sent at the next tick).
        const unsentActive = readUnsentActiveTab(window.localStorage);
        const activeTabId = loaded.tabs.some((tab) => tab.id === unsentActive) ? (unsentActive ?? '') : loaded.activeTabId;
        // Edits made before a reload and not yet stored are merged back (and sent after the pause).
        setState({ activeTabId, tabs: mergeUnsavedEdits(loaded.tabs, readUnsavedEdits(window.localStorage)) });
        setTables(loaded.tables);
        setLatestQueries(loaded.latestQueries);
        setMode('server');
      })
      .catch((error: unknown) => {
        // An editor-state error is only warned in the console (spec 002 section 8).
        console.warn('could not load the SQL Lab tabs from the server', error);
        openLocalTabs(fallbackSqlLabConfig.default_sqllab_limit);
      });
  }, [addToast, remember, destroyed, deleteDestroyedTab]);

  // Browser storage: every change is kept at once; with server tabs, only what is not there yet.
  useEffect(() => {
    if (mode === 'local') {
      saveTabs(window.localStorage, state);
      saveTables(window.localStorage, tables);
    } else if (mode === 'server') keepLocalOnlyState(window.localStorage, state, tables);
  }, [mode, state, tables]);

  // Server: edits wait in browser storage until stored (spec 002 section 3), and every
  // `tabSyncIntervalMs` the fields that changed since the last sync are sent (spec 002 section 9,
  // Superset's `EditorAutoSync`): an edit is stored within 5000 ms, even while typing goes on.
  const latestState = useRef(state);
  const failingTabIds = useRef(new Set<string>());
  useEffect(() => {
    latestState.current = state;
    if (mode === 'server') writeUnsavedEdits(window.localStorage, unsavedEdits(state.tabs, synced.current));
  }, [mode, state]);
  // The active tab waits in browser storage until the server was told (spec 002 section 4).
  useEffect(() => {
    if (mode !== 'server') return;
    const tab = state.tabs.find((candidate) => candidate.id === state.activeTabId);
    const id = tab === undefined ? null : serverTabId(tab);
    writeUnsentActiveTab(window.localStorage, id === null || id === activatedId.current ? null : String(id));
  }, [mode, state]);
  useEffect(() => {
    if (mode !== 'server') return undefined;
    const timer = window.setInterval(() => {
      // The active tab, when it changed since the server was last told (Superset's `EditorAutoSync`).
      const activeTab = latestState.current.tabs.find((tab) => tab.id === latestState.current.activeTabId);
      const activeId = activeTab === undefined ? null : serverTabId(activeTab);
      if (activeId !== null && activeId !== activatedId.current && !isActivating.current) {
        isActivating.current = true;
        activateTabState(activeId)
          .then(() => {
            activatedId.current = activeId;
            if (readUnsentActiveTab(window.localStorage) === String(activeId)) writeUnsentActiveTab(window.localStorage, null);
          })
          .catch((error: unknown) => console.warn(editorStateSaveWarning, error))
          .finally(() => {
            isActivating.current = false;
          });
      }
      // Destroyed tabs whose delete failed are deleted again.
      destroyed().forEach(deleteDestroyedTab);
      const tabs = latestState.current.tabs;
      for (const tab of tabs) {
        const previous = synced.current.get(tab.id);
        const id = serverTabId(tab);
        if (previous === undefined || id === null) continue;
        const changes = tabChanges(previous, tab);
        if (Object.keys(changes).length === 0) continue;
        synced.current.set(tab.id, tab);
        updateTabState(id, changes)
          .then(() => {
            failingTabIds.current.delete(tab.id);
            writeUnsavedEdits(window.localStorage, unsavedEdits(latestState.current.tabs, synced.current));
          })
          .catch((error: unknown) => {
            // Sent again at the next tick. An editor-state save error is only warned in the
            // console (spec 002 section 8); a failed link to a saved query is toasted once until
            // a sync of the tab succeeds.
            if (synced.current.get(tab.id) === tab) synced.current.set(tab.id, previous);
            console.warn(editorStateSaveWarning, error);
            const toast = tabSyncFailureToast(changes);
            if (toast === null || failingTabIds.current.has(tab.id)) return;
            failingTabIds.current.add(tab.id);
            addToast(toast.type, toast.text);
          });
      }
    }, tabSyncIntervalMs);
    return () => window.clearInterval(timer);
  }, [mode, addToast, destroyed, deleteDestroyedTab]);

  const addServerTab = useCallback(
    (fields: Omit<QueryEditorTab, 'id'>) => {
      createTabState(newTabPayload(fields))
        .then((id) => {
          const tab: QueryEditorTab = { ...fields, id: String(id), inLocalStorage: false };
          remember([tab]);
          // The server made the new tab active.
          activatedId.current = id;
          setState((previous) => ({ tabs: [...previous.tabs, tab], activeTabId: tab.id }));
        })
        .catch(() => addToast('warning', tabStateMessages.storeFailed));
    },
    [addToast, remember],
  );

  const add = useCallback(() => {
    const defaultLimit = config.default_sqllab_limit;
    if (mode === 'server') addServerTab(newTabFields(state, defaultLimit));
    else setState((previous) => addTab(previous, undefined, defaultLimit));
  }, [mode, state, addServerTab, config]);

  const addWithQuery = useCallback(
    (query: OpenedQuery) => {
      if (mode === 'server') addServerTab(openedQueryFields(query, config.default_sqllab_limit));
      else setState((previous) => addTabWithQuery(previous, query, undefined, config.default_sqllab_limit));
    },
    [mode, addServerTab, config],
  );

  // The tabs in the order they were active: closing the active tab goes back to the previous one.
  const tabHistory = useRef<string[]>([]);
  useEffect(() => {
    tabHistory.current = pushTabHistory(tabHistory.current, state.activeTabId);
  }, [state.activeTabId]);

  const close = useCallback(
    (tabId: string) => {
      const history = tabHistory.current;
      tabHistory.current = history.filter((id) => id !== tabId);
      setState((previous) => closeTab(previous, tabId, history));
      // The tab's tables go with it (spec 002 section 4).
      if (state.tabs.length > 1) setTables((previous) => previous.filter((table) => table.queryEditorId !== tabId));
      const tab = state.tabs.find((candidate) => candidate.id === tabId);
      const id = tab === undefined ? null : serverTabId(tab);
      if (mode !== 'server' || id === null || state.tabs.length <= 1) return;
      synced.current.delete(tabId);
      // Recorded as destroyed until the server deleted it (a 404 counts as deleted); a failed
      // delete is sent again at the next sync tick, or after a reload.
      destroyed().add(id);
      writeDestroyedTabIds(window.localStorage, destroyed());
      deleteDestroyedTab(id);
    },
    [mode, state, destroyed, deleteDestroyedTab],
  );

  // A tab not loaded is read from the server when it is shown: a 404 removes it (spec 002
  // section 4), another failure toasts and leaves it to be read at the next showing.
  const loadingIds = useRef(new Set<string>());
  const loadTab = useCallback(
    (tab: QueryEditorTab) => {
      const id = serverTabId(tab);
      if (id === null || loadingIds.current.has(tab.id)) return;
      loadingIds.current.add(tab.id);
      fetchTabState(id)
        .then((answer) => {
          const loadedTab = tabFromServer(answer, config.default_sqllab_limit);
          remember([loadedTab]);
          setState((previous) => ({ ...previous, tabs: previous.tabs.map((candidate) => (candidate.id === tab.id ? loadedTab : candidate)) }));
          setTables((previous) => [...previous.filter((table) => table.queryEditorId !== tab.id), ...serverTables(answer)]);
          const latest = answer.latest_query;
          if (latest !== null) setLatestQueries((previous) => ({ ...previous, [tab.id]: latest }));
        })
        .catch((error: unknown) => {
          if (isNotFound(error)) setState((previous) => (previous.tabs.length > 1 ? closeTab(previous, tab.id, tabHistory.current) : previous));
          else addToast('danger', tabStateMessages.fetchFailed);
        })
        .finally(() => loadingIds.current.delete(tab.id));
    },
    [config, remember, addToast],
  );

  // The active tab is read when it is shown and not loaded (once per showing).
  const activeTab = state.tabs.find((tab) => tab.id === state.activeTabId);
  const isActiveUnloaded = activeTab?.loaded === false;
  useEffect(() => {
    if (mode === 'server' && isActiveUnloaded) loadTab(activeTab);
    // Only a change of the active tab (or of its loaded flag) reads it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, state.activeTabId, isActiveUnloaded, loadTab]);

  // The server learns the active tab at the next sync tick (spec 002 section 4).
  const select = useCallback((tabId: string) => setState((previous) => ({ ...previous, activeTabId: tabId })), []);

  const rememberRun = useCallback(
    (tabId: string, clientId: string) => {
      const tab = state.tabs.find((candidate) => candidate.id === tabId);
      if (tab === undefined) return;
      const id = serverTabId(tab);
      // The tab's latest run (Superset's `latestQueryId`): a tab in this browser keeps it, to move
      // it to the server later; a server tab also stores it there at once.
      setState((previous) => updateTab(previous, tabId, { latestQueryId: clientId }));
      if (mode !== 'server' || id === null) return;
      const stored = synced.current.get(tabId);
      if (stored !== undefined) synced.current.set(tabId, { ...stored, latestQueryId: clientId });
      updateTabState(id, { latest_query_id: clientId }).catch((error: unknown) => {
        console.warn('could not store the latest query of the tab', error);
      });
    },
    [mode, state],
  );

  const clone = useCallback(
    (tabId: string) => {
      const source = state.tabs.find((tab) => tab.id === tabId);
      if (source === undefined) return;
      if (mode === 'server') addServerTab(cloneTabFields(source));
      else setState((previous) => cloneTab(previous, tabId));
    },
    [mode, state, addServerTab],
  );

  const switchBy = useCallback((direction: 1 | -1) => select(neighbourTabId(state, direction)), [select, state]);

  const expandTable = useCallback(
    (tableId: string, expanded: boolean) => {
      setTables((previous) => setTableExpanded(previous, tableId, expanded));
      if (mode !== 'server' || !/^\d+$/.test(tableId)) return;
      setTableSchemaExpanded(Number(tableId), expanded).catch(() =>
        addToast('danger', expanded ? tableMessages.expandFailed : tableMessages.collapseFailed),
      );
    },
    [mode, addToast],
  );

  const addTable = useCallback(
    async (table: Omit<SqlLabTable, 'id' | 'expanded'>): Promise<string | null> => {
      const existing = findTable(tables, table);
      if (existing !== undefined) {
        if (!existing.expanded) expandTable(existing.id, true);
        return existing.id;
      }
      const editorId = Number(table.queryEditorId);
      if (mode === 'server' && Number.isInteger(editorId)) {
        try {
          const id = await createTableSchema(tableSchemaBody({ ...table, expanded: true }, editorId));
          const added: SqlLabTable = { ...table, id: String(id), expanded: true };
          setTables((previous) => mergeTable(previous, added));
          return added.id;
        } catch {
          addToast('danger', tableMessages.fetchFailed);
          return null;
        }
      }
      const added: SqlLabTable = { ...table, id: `local-${newLocalId()}`, expanded: true };
      setTables((previous) => mergeTable(previous, added));
      return added.id;
    },
    [mode, tables, addToast, expandTable],
  );

  /**
   * Sets a table's preview fields; on the server, the table is posted again so that its entry's
   * description keeps `dataPreviewQueryId` and `initialized` (Superset's `syncTable`).
   */
  // The tables with the changes not rendered yet: two quick changes both reach the server.
  const latestTables = useRef(tables);
  useEffect(() => {
    latestTables.current = tables;
  }, [tables]);
  const updateTable = useCallback(
    (tableId: string, changes: TablePreviewFields) => {
      const table = latestTables.current.find((candidate) => candidate.id === tableId);
      latestTables.current = updateTableIn(latestTables.current, tableId, changes);
      setTables((previous) => updateTableIn(previous, tableId, changes));
      const editorId = Number(table?.queryEditorId);
      if (mode !== 'server' || table === undefined || !/^\d+$/.test(tableId) || !Number.isInteger(editorId)) return;
      const changed = { ...table, ...changes };
      if (changed.dataPreviewQueryId === table.dataPreviewQueryId && changed.initialized === table.initialized) return;
      createTableSchema(tableSchemaBody(changed, editorId)).catch((error: unknown) => {
        console.warn('could not store the table of the tab', error);
      });
    },
    [mode],
  );

  const removeTable = useCallback(
    (tableId: string, activeSouthTab: SouthTab): SouthTab => {
      const next = removeTableFrom(tables, tableId, activeSouthTab);
      setTables(next.tables);
      if (mode === 'server' && /^\d+$/.test(tableId)) {
        deleteTableSchema(Number(tableId)).catch((error: unknown) => {
          if (!isNotFound(error)) addToast('danger', tableMessages.removeFailed);
        });
      }
      return next.activeSouthTab;
    },
    [mode, tables, addToast],
  );

  return {
    mode,
    state,
    edit: setState,
    add,
    addWithQuery,
    close,
    select,
    rememberRun,
    latestQueries,
    clone,
    switchBy,
    tables,
    addTable,
    expandTable,
    updateTable,
    removeTable,
    config,
    restoredRuns,
  };
}
