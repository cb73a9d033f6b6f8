/**
 * Editor tabs kept on the server while `SQLLAB_BACKEND_PERSISTENCE` is on (spec 002 sections 4
 * and 7): a server tab becomes a local tab whose id is the server id, and local edits become the
 * `PUT /tabstateview/{id}` fields that changed.
 */
import type { TabState } from '@/api/generated/TabState';
import type { TabStateNew } from '@/api/generated/TabStateNew';
import type { TabStateUpdate } from '@/api/generated/TabStateUpdate';
import { defaultQueryLimit, queryEditorVersion, storedEditorFields, type QueryEditorTab } from './editorTabs';
import { storedTemplateParams } from './templateParams';

/** Spec 002 section 9's autosave and sync polling: the tab edits are sent every 5000 ms. */
export const tabSyncIntervalMs = 5000;

/** Spec 002 section 8's toasts of the tab calls. */
export const tabStateMessages = {
  fetchFailed: 'An error occurred while fetching tab state',
  storeFailed:
    'An error occurred while storing your query in the backend. To avoid losing your changes, please save your query using the "Save Query" button.',
  /** The tab could not be linked to the query just saved (Superset's `addSavedQueryToTabState`). */
  savedQueryLinkFailed: 'Your query was not properly saved',
} as const;

/**
 * Spec 002 section 8: an editor-state save error is only warned in the console, with Superset's
 * `EditorAutoSync` text, never shown to the user.
 */
export const editorStateSaveWarning = 'An error occurred while saving your editor state.';

/**
 * The toast of a failed `PUT /tabstateview/{id}`: linking the tab to a saved query is the danger
 * 'Your query was not properly saved' (Superset's `addSavedQueryToTabState`); any other edit is
 * an editor-state save, only warned in the console (null: no toast).
 */
export function tabSyncFailureToast(changes: TabStateUpdate): { type: 'danger'; text: string } | null {
  if ('saved_query_id' in changes) return { type: 'danger', text: tabStateMessages.savedQueryLinkFailed };
  return null;
}

/** A server tab as the editor holds it. */
export function tabFromServer(state: TabState, defaultLimit: number = defaultQueryLimit): QueryEditorTab {
  return {
    id: String(state.id),
    name: state.label,
    dbId: state.database_id,
    catalog: state.catalog,
    schema: state.schema,
    sql: state.sql ?? '',
    queryLimit: state.query_limit ?? defaultLimit,
    remoteId: state.saved_query?.id ?? null,
    templateParams: storedTemplateParams(state.template_params),
    hideLeftBar: state.hide_left_bar,
    autorun: state.autorun,
    ...(state.latest_query === null ? {} : { latestQueryId: state.latest_query.id }),
    ...storedEditorFields(state.extra_json),
    loaded: true,
    inLocalStorage: false,
  };
}

/**
 * The tab fields the server keeps in the tab's `extra_json` (Superset keeps `updatedAt` there):
 * the last edit, the record version, the split and the cursor.
 */
export function tabExtraJson(tab: QueryEditorTab): Record<string, unknown> {
  const extra: Record<string, unknown> = { version: tab.version ?? queryEditorVersion };
  if (tab.updatedAt !== undefined) extra.updatedAt = tab.updatedAt;
  if (tab.northPercent !== undefined) extra.northPercent = tab.northPercent;
  if (tab.southPercent !== undefined) extra.southPercent = tab.southPercent;
  if (tab.cursorPosition !== undefined) extra.cursorPosition = tab.cursorPosition;
  return extra;
}

/** The body of `POST /tabstateview/` for a tab (Superset's query editor fields). */
export function newTabPayload(tab: Omit<QueryEditorTab, 'id'>): TabStateNew {
  return {
    name: tab.name,
    dbId: tab.dbId ?? undefined,
    catalog: tab.catalog ?? undefined,
    schema: tab.schema ?? undefined,
    sql: tab.sql,
    queryLimit: tab.queryLimit,
    remoteId: tab.remoteId,
    templateParams: tab.templateParams ?? undefined,
    hideLeftBar: tab.hideLeftBar,
    autorun: tab.autorun,
  };
}

/** The fields of `next` that differ from `previous`, as a `PUT /tabstateview/{id}` body. */
export function tabChanges(previous: QueryEditorTab, next: QueryEditorTab): TabStateUpdate {
  const changes: TabStateUpdate = {};
  if (previous.sql !== next.sql) changes.sql = next.sql;
  if (previous.name !== next.name) changes.label = next.name;
  if (previous.dbId !== next.dbId) changes.database_id = next.dbId;
  if ((previous.catalog ?? null) !== (next.catalog ?? null)) changes.catalog = next.catalog ?? null;
  if (previous.schema !== next.schema) changes.schema = next.schema;
  if (previous.queryLimit !== next.queryLimit) changes.query_limit = next.queryLimit;
  if (previous.remoteId !== next.remoteId) changes.saved_query_id = next.remoteId;
  if (previous.templateParams !== next.templateParams) changes.template_params = next.templateParams;
  if ((previous.hideLeftBar ?? false) !== (next.hideLeftBar ?? false)) changes.hide_left_bar = next.hideLeftBar ?? false;
  if (previous.autorun !== next.autorun) changes.autorun = next.autorun;
  if (JSON.stringify(tabExtraJson(previous)) !== JSON.stringify(tabExtraJson(next))) changes.extra_json = tabExtraJson(next);
  return changes;
}

/** The server id of a tab held by the editor, if it has one. */
export function serverTabId(tab: QueryEditorTab): number | null {
  return /^\d+$/.test(tab.id) ? Number(tab.id) : null;
}

/** Where edits not yet stored on the server wait in the browser (spec 002 section 3). */
export const unsavedEditsStorageKey = 'quiver.sqllab.unsaved';

/** The tabs whose content differs from the copy last stored on the server, by id. */
export function unsavedEdits(tabs: readonly QueryEditorTab[], stored: ReadonlyMap<string, QueryEditorTab>): Record<string, QueryEditorTab> {
  const edits: Record<string, QueryEditorTab> = {};
  for (const tab of tabs) {
    const previous = stored.get(tab.id);
    if (previous !== undefined && Object.keys(tabChanges(previous, tab)).length > 0) edits[tab.id] = tab;
  }
  return edits;
}

/**
 * The server tabs with the edits kept in the browser merged over them (same id only), as
 * Superset merges its unsaved editor record: an edit older than the server's copy (its
 * `updatedAt`, say from another browser) is dropped; without both times the edit wins.
 */
export function mergeUnsavedEdits(tabs: readonly QueryEditorTab[], edits: Readonly<Record<string, QueryEditorTab>>): QueryEditorTab[] {
  return tabs.map((tab) => {
    const edit = edits[tab.id];
    if (edit === undefined) return tab;
    if (edit.updatedAt !== undefined && tab.updatedAt !== undefined && edit.updatedAt < tab.updatedAt) return tab;
    return { ...edit, id: tab.id, loaded: tab.loaded, inLocalStorage: tab.inLocalStorage };
  });
}

/** The unsaved edits kept in browser storage; nothing when absent or unreadable. */
export function readUnsavedEdits(storage: Storage): Record<string, QueryEditorTab> {
  try {
    const parsed = JSON.parse(storage.getItem(unsavedEditsStorageKey) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, QueryEditorTab>) : {};
  } catch {
    return {};
  }
}

export function writeUnsavedEdits(storage: Storage, edits: Readonly<Record<string, QueryEditorTab>>): void {
  try {
    if (Object.keys(edits).length === 0) storage.removeItem(unsavedEditsStorageKey);
    else storage.setItem(unsavedEditsStorageKey, JSON.stringify(edits));
  } catch (error) {
    // An editor-state save error is only warned in the console (spec 002 section 8).
    console.warn('could not keep the unsaved SQL Lab edits', error);
  }
}

/**
 * Where the server tabs closed in this browser wait until the server deleted them (spec 002
 * section 4: the id is recorded as destroyed until the delete succeeds or answers 404).
 */
export const destroyedTabsStorageKey = 'quiver.sqllab.destroyed';

/** The server ids of the destroyed tabs; nothing when absent or unreadable. */
export function readDestroyedTabIds(storage: Storage): number[] {
  try {
    const parsed = JSON.parse(storage.getItem(destroyedTabsStorageKey) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function writeDestroyedTabIds(storage: Storage, ids: ReadonlySet<number>): void {
  try {
    if (ids.size === 0) storage.removeItem(destroyedTabsStorageKey);
    else storage.setItem(destroyedTabsStorageKey, JSON.stringify([...ids].sort((a, b) => a - b)));
  } catch (error) {
    console.warn('could not keep the destroyed SQL Lab tabs', error);
  }
}

/**
 * Where the active tab waits until the periodic sync told the server (spec 002 section 4): a
 * reload before then opens it again.
 */
export const unsentActiveTabStorageKey = 'quiver.sqllab.active';

export function readUnsentActiveTab(storage: Storage): string | null {
  try {
    return storage.getItem(unsentActiveTabStorageKey);
  } catch {
    return null;
  }
}

export function writeUnsentActiveTab(storage: Storage, tabId: string | null): void {
  try {
    if (tabId === null) storage.removeItem(unsentActiveTabStorageKey);
    else storage.setItem(unsentActiveTabStorageKey, tabId);
  } catch (error) {
    console.warn('could not keep the active SQL Lab tab', error);
  }
}
