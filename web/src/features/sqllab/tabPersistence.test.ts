import { describe, expect, it } from 'vitest';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import type { QueryEditorTab } from './editorTabs';
import {
  destroyedTabsStorageKey,
  editorStateSaveWarning,
  mergeUnsavedEdits,
  newTabPayload,
  readDestroyedTabIds,
  readUnsentActiveTab,
  serverTabId,
  tabChanges,
  tabExtraJson,
  tabFromServer,
  tabSyncFailureToast,
  unsavedEdits,
  unsentActiveTabStorageKey,
  writeDestroyedTabIds,
  writeUnsentActiveTab,
} from './tabPersistence';

const tab: QueryEditorTab = { id: '12', name: 'Births', dbId: 1, schema: 'main', sql: 'SELECT 1', queryLimit: 100, remoteId: null, templateParams: null, autorun: false };

describe('tab persistence', () => {
  it('sends only the fields that changed', () => {
    expect(tabChanges(tab, tab)).toEqual({});
    expect(tabChanges(tab, { ...tab, sql: 'SELECT 2', name: 'Sales' })).toEqual({ sql: 'SELECT 2', label: 'Sales' });
    expect(tabChanges(tab, { ...tab, dbId: null, schema: null, remoteId: 4 })).toEqual({ database_id: null, schema: null, saved_query_id: 4 });
  });

  it('stores and clears autorun on the server tab', () => {
    const autorun: QueryEditorTab = { ...tab, autorun: true };
    expect(tabChanges(autorun, tab)).toEqual({ autorun: false });
    expect(newTabPayload(autorun)).toMatchObject({ autorun: true });
  });

  it('stores template parameters on the server tab like the other fields', () => {
    const withParams: QueryEditorTab = { ...tab, templateParams: '{"state": "CA"}' };
    expect(tabChanges(tab, withParams)).toEqual({ template_params: '{"state": "CA"}' });
    expect(tabChanges(withParams, tab)).toEqual({ template_params: null });
    expect(newTabPayload(withParams)).toMatchObject({ templateParams: '{"state": "CA"}' });
    expect(newTabPayload(tab).templateParams).toBeUndefined();
    expect(unsavedEdits([withParams], new Map([['12', tab]]))).toEqual({ '12': withParams });
  });

  it('reads a server tab and writes a new one', () => {
    const state = {
      id: 12,
      user_id: 1,
      label: 'Births',
      active: true,
      database_id: 1,
      catalog: null,
      schema: 'main',
      sql: 'SELECT 1',
      query_limit: 100,
      latest_query: null,
      autorun: false,
      template_params: null,
      hide_left_bar: false,
      saved_query: null,
      table_schemas: [],
      extra_json: {},
    };
    expect(tabFromServer(state)).toEqual({ ...tab, catalog: null, hideLeftBar: false, version: 1, loaded: true, inLocalStorage: false });
    expect(tabFromServer({ ...state, catalog: 'east', hide_left_bar: true })).toMatchObject({ catalog: 'east', hideLeftBar: true });
    expect(tabFromServer({ ...state, template_params: '{"state": "CA"}' }).templateParams).toBe('{"state": "CA"}');
    expect(tabFromServer({ ...state, template_params: '' }).templateParams).toBeNull();
    expect(newTabPayload(tab)).toEqual({ name: 'Births', dbId: 1, schema: 'main', sql: 'SELECT 1', queryLimit: 100, remoteId: null, autorun: false });
    expect(serverTabId(tab)).toBe(12);
    expect(serverTabId({ ...tab, id: 'a1b2c3' })).toBeNull();
  });

  it('stores the catalog and the hidden left bar like the other fields (spec 002 sections 2 and 7)', () => {
    expect(tabChanges(tab, { ...tab, catalog: 'east' })).toEqual({ catalog: 'east' });
    expect(tabChanges({ ...tab, catalog: 'east' }, { ...tab, catalog: null })).toEqual({ catalog: null });
    expect(tabChanges(tab, { ...tab, catalog: null, hideLeftBar: false })).toEqual({});
    expect(tabChanges(tab, { ...tab, hideLeftBar: true })).toEqual({ hide_left_bar: true });
    expect(tabChanges({ ...tab, hideLeftBar: true }, { ...tab, hideLeftBar: false })).toEqual({ hide_left_bar: false });
    expect(newTabPayload({ ...tab, catalog: 'east', hideLeftBar: true })).toMatchObject({ catalog: 'east', hideLeftBar: true });
  });

  it('keeps edits not yet on the server and merges them over the server tabs', () => {
    const other: QueryEditorTab = { ...tab, id: '13', name: 'Other' };
    const stored = new Map([
      ['12', tab],
      ['13', other],
    ]);
    const edited = { ...tab, sql: 'SELECT 2' };
    const edits = unsavedEdits([edited, other], stored);
    expect(edits).toEqual({ '12': edited });
    expect(mergeUnsavedEdits([tab, other], edits)).toEqual([edited, other]);
    expect(mergeUnsavedEdits([other], edits)).toEqual([other]);
  });

  it("a failed link to a saved query toasts 'Your query was not properly saved'; other edits toast nothing", () => {
    expect(tabSyncFailureToast({ saved_query_id: 4 })).toEqual({ type: 'danger', text: 'Your query was not properly saved' });
    expect(tabSyncFailureToast({ saved_query_id: 4, sql: 'SELECT 2' })).toEqual({ type: 'danger', text: 'Your query was not properly saved' });
    expect(tabSyncFailureToast({ sql: 'SELECT 2' })).toBeNull();
    expect(tabSyncFailureToast({ label: 'Renamed', hide_left_bar: true })).toBeNull();
    expect(editorStateSaveWarning).toBe('An error occurred while saving your editor state.');
  });

  it('keeps the destroyed tab ids and the unsent active tab in browser storage', () => {
    window.localStorage.clear();
    expect(readDestroyedTabIds(window.localStorage)).toEqual([]);
    writeDestroyedTabIds(window.localStorage, new Set([9, 4]));
    expect(window.localStorage.getItem(destroyedTabsStorageKey)).toBe('[4,9]');
    expect(readDestroyedTabIds(window.localStorage)).toEqual([4, 9]);
    writeDestroyedTabIds(window.localStorage, new Set());
    expect(window.localStorage.getItem(destroyedTabsStorageKey)).toBeNull();
    window.localStorage.setItem(destroyedTabsStorageKey, '{not json');
    expect(readDestroyedTabIds(window.localStorage)).toEqual([]);
    window.localStorage.setItem(destroyedTabsStorageKey, '[3,"x",1.5]');
    expect(readDestroyedTabIds(window.localStorage)).toEqual([3]);

    writeUnsentActiveTab(window.localStorage, '12');
    expect(readUnsentActiveTab(window.localStorage)).toBe('12');
    writeUnsentActiveTab(window.localStorage, null);
    expect(window.localStorage.getItem(unsentActiveTabStorageKey)).toBeNull();
  });

  it("keeps the split, the cursor, the version and the last edit in the server tab's extra_json; the latest run from latest_query", () => {
    const state = {
      id: 12,
      user_id: 1,
      label: 'Births',
      active: true,
      database_id: 1,
      catalog: null,
      schema: 'main',
      sql: 'SELECT 1',
      query_limit: 100,
      latest_query: null,
      autorun: false,
      template_params: null,
      hide_left_bar: false,
      saved_query: null,
      table_schemas: [],
      extra_json: { updatedAt: 1_700_000_000_000, version: 1, northPercent: 60, southPercent: 40, cursorPosition: { row: 0, column: 6 } },
    };
    const read = tabFromServer(state);
    expect(read).toMatchObject({
      updatedAt: 1_700_000_000_000,
      version: 1,
      northPercent: 60,
      southPercent: 40,
      cursorPosition: { row: 0, column: 6 },
      loaded: true,
      inLocalStorage: false,
    });
    expect(tabExtraJson(read)).toEqual(state.extra_json);
    // The split, the cursor or an edit's stamp change the whole extra_json; the selection sends nothing.
    const moved = { ...read, cursorPosition: { row: 0, column: 2 } };
    expect(tabChanges(read, moved)).toEqual({ extra_json: { ...state.extra_json, cursorPosition: { row: 0, column: 2 } } });
    expect(tabChanges(read, { ...read, northPercent: 70, southPercent: 30 })).toEqual({
      extra_json: { ...state.extra_json, northPercent: 70, southPercent: 30 },
    });
    expect(tabChanges(read, { ...read, sql: 'SELECT 2', updatedAt: 1_700_000_005_000 })).toEqual({
      sql: 'SELECT 2',
      extra_json: { ...state.extra_json, updatedAt: 1_700_000_005_000 },
    });
    expect(tabChanges(read, { ...read, selectedText: 'SELECT' })).toEqual({});
    expect(tabExtraJson(tab)).toEqual({ version: 1 });
    // The server's latest run is the tab's latestQueryId.
    const withRun = tabFromServer({ ...state, latest_query: { id: 'run00000001' } as unknown as SqlLabQuery });
    expect(withRun.latestQueryId).toBe('run00000001');
  });

  it('merges an unsaved edit only over an older server copy (updatedAt), as Superset merges its unsaved editor', () => {
    const server: QueryEditorTab = { ...tab, sql: 'SELECT server', updatedAt: 2_000, loaded: true, inLocalStorage: false };
    const newer: QueryEditorTab = { ...tab, sql: 'SELECT newer', updatedAt: 3_000 };
    const older: QueryEditorTab = { ...tab, sql: 'SELECT older', updatedAt: 1_000 };
    expect(mergeUnsavedEdits([server], { '12': newer })).toEqual([{ ...newer, loaded: true, inLocalStorage: false }]);
    expect(mergeUnsavedEdits([server], { '12': older })).toEqual([server]);
    // Without both times the edit wins.
    expect(mergeUnsavedEdits([{ ...server, updatedAt: undefined }], { '12': older })[0]?.sql).toBe('SELECT older');
    expect(mergeUnsavedEdits([server], { '12': { ...tab, sql: 'SELECT untimed' } })[0]?.sql).toBe('SELECT untimed');
  });
});
