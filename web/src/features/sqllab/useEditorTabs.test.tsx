import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { TabState } from '@/api/generated/TabState';
import { ToastProvider } from '@/components/ToastProvider';
import { testIds } from '@/testIds';
import { buildTheme } from '@/theme/tokens';
import { tabsStorageKey, updateTab } from './editorTabs';
import {
  destroyedTabsStorageKey,
  editorStateSaveWarning,
  tabSyncIntervalMs,
  tabStateMessages,
  unsavedEditsStorageKey,
  unsentActiveTabStorageKey,
} from './tabPersistence';
import { tablesStorageKey } from './sqlLabTables';
import { migrationMessages } from './tabMigration';
import { tableMessages, useEditorTabs, type EditorTabs } from './useEditorTabs';

function serverTab(id: number, label: string, sql: string): TabState {
  return {
    id,
    user_id: 1,
    label,
    active: id === 8,
    database_id: 1,
    catalog: null,
    schema: 'main',
    sql,
    query_limit: 100,
    latest_query: null,
    autorun: false,
    template_params: null,
    hide_left_bar: false,
    saved_query: null,
    table_schemas: [],
    extra_json: {},
  };
}

function bootstrapResult(persistence: boolean, tabIds: number[], defaultLimit = 1000): unknown {
  return {
    backend_persistence: persistence,
    active_tab: null,
    tab_state_ids: tabIds.map((id) => ({ id, label: `Tab ${id}` })),
    queries: {},
    sqllab_config: { default_sqllab_limit: defaultLimit, default_database_id: null, query_result_timeout_seconds: 0 },
  };
}

function bootstrap(persistence: boolean, tabIds: number[], defaultLimit = 1000): Response {
  return Response.json({ result: bootstrapResult(persistence, tabIds, defaultLimit) });
}

/** Stubs the server; answers each call with `answer` and records `METHOD path body`. */
function stubServer(answer: (method: string, url: string) => Response): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}${typeof init.body === 'string' ? ` ${init.body}` : ''}`);
    return Promise.resolve(answer(method, url));
  });
  return calls;
}

function wrapper({ children }: { children: ReactNode }): ReactNode {
  return (
    <ThemeProvider theme={buildTheme('default')}>
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}

const storedTabs = JSON.stringify({
  tabs: [{ id: 'local1', name: 'Kept here', dbId: 1, schema: 'main', sql: 'SELECT 7', queryLimit: 10 }],
  activeTabId: 'local1',
});

describe('useEditorTabs', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('keeps tabs in browser storage when backend persistence is off', async () => {
    window.localStorage.setItem(tabsStorageKey, storedTabs);
    const calls = stubServer(() => bootstrap(false, []));
    const { result } = renderHook(() => useEditorTabs(), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('local'));
    expect(result.current.state.tabs.map((tab) => tab.name)).toEqual(['Kept here']);
    expect(calls).toEqual(['GET /api/v1/sqllab/']);
  });

  it('gives a new tab the configured default SQL Lab limit', async () => {
    stubServer(() => bootstrap(false, [], 250));
    const { result } = renderHook(() => useEditorTabs(), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('local'));
    expect(result.current.config.default_sqllab_limit).toBe(250);
    expect(result.current.state.tabs.map((tab) => tab.queryLimit)).toEqual([250]);
    act(() => result.current.addWithQuery({ name: 'Opened', dbId: 1, schema: null, sql: 'SELECT 1', remoteId: null, templateParams: null }));
    expect(result.current.state.tabs.map((tab) => tab.queryLimit)).toEqual([250, 250]);
  });

  it('loads the server tabs and drops one the server answers 404 for', async () => {
    const calls = stubServer((_method, url) => {
      if (url === '/api/v1/sqllab/') return bootstrap(true, [7, 8, 9]);
      if (url === '/tabstateview/9') return Response.json({ message: 'Not found' }, { status: 404 });
      const id = Number(url.split('/').at(-1));
      return Response.json(serverTab(id, `Tab ${id}`, `SELECT ${id}`));
    });
    const { result } = renderHook(() => useEditorTabs(), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('server'));
    expect(result.current.state.tabs.map((tab) => [tab.id, tab.sql])).toEqual([
      ['7', 'SELECT 7'],
      ['8', 'SELECT 8'],
    ]);
    expect(calls).not.toContain('DELETE /tabstateview/9');
  });

  it("toasts 'An error occurred while fetching tab state' for a tab the server fails to answer, kept not loaded; a 404 only drops the tab", async () => {
    let isFailing = true;
    const calls = stubServer((_method, url) => {
      if (url === '/api/v1/sqllab/') return bootstrap(true, [7, 8, 9]);
      if (url === '/tabstateview/8') return isFailing ? Response.json({ message: 'Fatal error' }, { status: 500 }) : Response.json(serverTab(8, 'Tab 8', 'SELECT 8'));
      if (url === '/tabstateview/9') return Response.json({ message: 'Not found' }, { status: 404 });
      return Response.json(serverTab(7, 'Tab 7', 'SELECT 7'));
    });
    const { result } = renderHook(() => useEditorTabs(), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('server'));
    // Tab 8 is kept by its label, not loaded; tab 7 is whole.
    expect(result.current.state.tabs.map((tab) => [tab.id, tab.name, tab.loaded])).toEqual([
      ['7', 'Tab 7', true],
      ['8', 'Tab 8', false],
    ]);
    const toasts = Array.from(document.querySelectorAll(`[data-testid="${testIds.toast.item}"]`), (item) => item.textContent);
    expect(toasts.filter((text) => text.includes('An error occurred while fetching tab state'))).toHaveLength(1);
    expect(tabStateMessages.fetchFailed).toBe('An error occurred while fetching tab state');
    // Shown again, it is read again: now loaded with its SQL.
    isFailing = false;
    act(() => result.current.select('8'));
    await waitFor(() => expect(result.current.state.tabs.find((tab) => tab.id === '8')).toMatchObject({ loaded: true, sql: 'SELECT 8' }));
    expect(calls.filter((call) => call === 'GET /tabstateview/8')).toHaveLength(2);
  });

  it('removes a tab not loaded when the server answers 404 as it is shown', async () => {
    let answer8 = 500;
    stubServer((_method, url) => {
      if (url === '/api/v1/sqllab/') return bootstrap(true, [7, 8]);
      if (url === '/tabstateview/8') return Response.json({ message: 'Gone' }, { status: answer8 });
      return Response.json(serverTab(7, 'Tab 7', 'SELECT 7'));
    });
    const { result } = renderHook(() => useEditorTabs(), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('server'));
    expect(result.current.state.tabs.map((tab) => tab.loaded)).toEqual([true, false]);
    answer8 = 404;
    act(() => result.current.select('8'));
    await waitFor(() => expect(result.current.state.tabs.map((tab) => tab.id)).toEqual(['7']));
    expect(result.current.state.activeTabId).toBe('7');
  });

  it('toasts the storing warning when a new tab cannot be created on the server', async () => {
    stubServer((method, url) => {
      if (url === '/api/v1/sqllab/') return bootstrap(true, [7]);
      if (method === 'POST' && url === '/tabstateview/') return Response.json({ message: 'Fatal error' }, { status: 500 });
      return Response.json(serverTab(7, 'Tab 7', 'SELECT 7'));
    });
    const { result } = renderHook(() => useEditorTabs(), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('server'));
    act(() => result.current.add());
    await waitFor(() => expect(document.body.textContent).toContain(tabStateMessages.storeFailed));
    expect(result.current.state.tabs.map((tab) => tab.id)).toEqual(['7']);
    expect(tabStateMessages.storeFailed).toBe(
      'An error occurred while storing your query in the backend. To avoid losing your changes, please save your query using the "Save Query" button.',
    );
  });

  it('moves the browser tabs to the server when the user has none there', async () => {
    window.localStorage.setItem(tabsStorageKey, storedTabs);
    const calls = stubServer((_method, url) => (url === '/api/v1/sqllab/' ? bootstrap(true, []) : Response.json({ id: 31 })));
    const { result } = renderHook(() => useEditorTabs(), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('server'));
    expect(result.current.state).toEqual({
      tabs: [
        {
          id: '31',
          name: 'Kept here',
          dbId: 1,
          schema: 'main',
          sql: 'SELECT 7',
          queryLimit: 10,
          remoteId: null,
          templateParams: null,
          autorun: false,
          version: 1,
          loaded: true,
          inLocalStorage: false,
        },
      ],
      activeTabId: '31',
    });
    expect(calls[1]).toBe(
      'POST /tabstateview/ {"queryEditor":{"name":"Kept here","dbId":1,"schema":"main","sql":"SELECT 7","queryLimit":10,"remoteId":null,"autorun":false}}',
    );
    expect(window.localStorage.getItem(tabsStorageKey)).toBeNull();
  });

  it('moves a browser tab with its tables and its latest run to the server: tab, then tables and queries', async () => {
    window.localStorage.setItem(
      tabsStorageKey,
      JSON.stringify({ tabs: [{ id: 'local1', name: 'Kept here', dbId: 1, schema: 'main', sql: 'SELECT 7', queryLimit: 10, latestQueryId: 'run00000001' }], activeTabId: 'local1' }),
    );
    window.localStorage.setItem(
      tablesStorageKey,
      JSON.stringify([{ id: 'local-t1', queryEditorId: 'local1', dbId: 1, catalog: null, schema: 'main', name: 'flights', expanded: false }]),
    );
    const calls = stubServer((method, url) => {
      if (url === '/api/v1/sqllab/') return bootstrap(true, []);
      if (url === '/tabstateview/') return Response.json({ id: 31 });
      if (url === '/tableschemaview/') return Response.json({ id: 44 });
      return Response.json(31);
    });
    const { result } = renderHook(() => useEditorTabs(), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('server'));
    expect(calls.slice(1).map((call) => call.split(' ').slice(0, 2).join(' '))).toEqual([
      'POST /tabstateview/',
      'POST /tableschemaview/',
      'POST /tabstateview/31/migrate_query',
    ]);
    expect(calls).toContain('POST /tableschemaview/ {"table":{"queryEditorId":31,"dbId":1,"schema":"main","name":"flights","expanded":false}}');
    expect(calls).toContain('POST /tabstateview/31/migrate_query {"queryId":"run00000001"}');
    expect(result.current.state.tabs.map((tab) => tab.id)).toEqual(['31']);
    expect(result.current.tables).toEqual([{ id: '44', queryEditorId: '31', dbId: 1, catalog: null, schema: 'main', name: 'flights', expanded: false }]);
    expect(window.localStorage.getItem(tabsStorageKey)).toBeNull();
    expect(window.localStorage.getItem(tablesStorageKey)).toBeNull();
    expect(document.body.textContent).not.toContain('Unable to migrate');
  });

  it('warns separately for editor, table and query state that cannot move, and keeps it for the next load', async () => {
    window.localStorage.setItem(
      tabsStorageKey,
      JSON.stringify({
        tabs: [
          { id: 'localA', name: 'A', dbId: 1, schema: 'main', sql: 'SELECT 1', queryLimit: 10, latestQueryId: 'runA0000001' },
          { id: 'localB', name: 'B', dbId: 1, schema: 'main', sql: 'SELECT 2', queryLimit: 10 },
        ],
        activeTabId: 'localB',
      }),
    );
    window.localStorage.setItem(
      tablesStorageKey,
      JSON.stringify([{ id: 'local-t1', queryEditorId: 'localA', dbId: 1, catalog: null, schema: 'main', name: 'flights', expanded: true }]),
    );
    let tabCreates = 0;
    stubServer((_method, url) => {
      if (url === '/api/v1/sqllab/') return bootstrap(true, []);
      if (url === '/tabstateview/') tabCreates += 1;
      if (url === '/tabstateview/' && tabCreates === 1) return Response.json({ id: 31 });
      return Response.json({ message: 'Fatal error' }, { status: 500 });
    });
    const { result } = renderHook(() => useEditorTabs(), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('server'));
    const toasts = Array.from(document.querySelectorAll(`[data-testid="${testIds.toast.item}"]`), (item) => item.textContent);
    expect(toasts.filter((text) => text.includes('Unable to migrate'))).toHaveLength(3);
    expect(migrationMessages).toEqual({
      editor:
        'Unable to migrate query editor state to backend. Superset will retry later. Please contact your administrator if this problem persists.',
      table:
        'Unable to migrate table schema state to backend. Superset will retry later. Please contact your administrator if this problem persists.',
      query:
        'Unable to migrate query state to backend. Superset will retry later. Please contact your administrator if this problem persists.',
    });
    for (const text of Object.values(migrationMessages)) expect(toasts.some((toast) => toast.includes(text))).toBe(true);
    // A moved, B kept in the browser; A's table kept in the browser under A's server id.
    expect(result.current.state.tabs.map((tab) => tab.id)).toEqual(['31', 'localB']);
    expect(result.current.state.activeTabId).toBe('localB');
    const keptTabs = JSON.parse(window.localStorage.getItem(tabsStorageKey) ?? '{}') as { tabs: { id: string }[] };
    expect(keptTabs.tabs.map((tab) => tab.id)).toEqual(['localB']);
    const keptTables = JSON.parse(window.localStorage.getItem(tablesStorageKey) ?? '[]') as { id: string; queryEditorId: string }[];
    expect(keptTables.map((table) => [table.id, table.queryEditorId])).toEqual([['local-t1', '31']]);
  });

  it('keeps the tables of a server tab on /tableschemaview/: added expanded, collapsed, removed', async () => {
    const calls = stubServer((method, url) => {
      if (url === '/api/v1/sqllab/') return bootstrap(true, [7]);
      if (url === '/tabstateview/7') {
        return Response.json({
          ...serverTab(7, 'Tab 7', 'SELECT 7'),
          table_schemas: [
            { id: 3, tab_state_id: 7, database_id: 1, catalog: null, schema: 'main', table: 'flights', description: null, expanded: false },
          ],
        });
      }
      if (method === 'POST' && url === '/tableschemaview/') return Response.json({ id: 44 });
      if (url.endsWith('/expanded')) return Response.json({ id: 44, expanded: false });
      return new Response(null, { status: 200 });
    });
    const { result } = renderHook(() => useEditorTabs(), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('server'));
    expect(result.current.tables).toEqual([{ id: '3', queryEditorId: '7', dbId: 1, catalog: null, schema: 'main', name: 'flights', expanded: false }]);

    let added: string | null = null;
    await act(async () => {
      added = await result.current.addTable({ queryEditorId: '7', dbId: 1, schema: 'main', name: 'birth_names' });
    });
    expect(added).toBe('44');
    expect(calls).toContain('POST /tableschemaview/ {"table":{"queryEditorId":7,"dbId":1,"schema":"main","name":"birth_names","expanded":true}}');
    expect(result.current.tables.map((table) => [table.id, table.expanded])).toEqual([
      ['3', false],
      ['44', true],
    ]);

    act(() => result.current.expandTable('44', false));
    await waitFor(() => expect(calls).toContain('POST /tableschemaview/44/expanded {"expanded":false}'));
    let southTab = '';
    act(() => {
      southTab = result.current.removeTable('44', 'table:44');
    });
    expect(southTab).toBe('table:3');
    await waitFor(() => expect(calls).toContain('DELETE /tableschemaview/44'));
    expect(result.current.tables.map((table) => table.id)).toEqual(['3']);
  });

  it("keeps a table's dataPreviewQueryId and initialized in its server entry's description, and restores them", async () => {
    const calls = stubServer((method, url) => {
      if (url === '/api/v1/sqllab/') return bootstrap(true, [7]);
      if (url === '/tabstateview/7') {
        return Response.json({
          ...serverTab(7, 'Tab 7', 'SELECT 7'),
          table_schemas: [
            {
              id: 3,
              tab_state_id: 7,
              database_id: 1,
              catalog: null,
              schema: 'main',
              table: 'flights',
              description: { name: 'flights', dataPreviewQueryId: 'preview0001', initialized: true },
              expanded: true,
            },
            { id: 4, tab_state_id: 7, database_id: 1, catalog: null, schema: 'main', table: 'birth_names', description: null, expanded: false },
          ],
        });
      }
      if (method === 'POST' && url === '/tableschemaview/') return Response.json({ id: 4 });
      return new Response(null, { status: 200 });
    });
    const { result } = renderHook(() => useEditorTabs(), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('server'));
    // Restored from the server's entries: the fields the description holds.
    expect(result.current.tables).toEqual([
      { id: '3', queryEditorId: '7', dbId: 1, catalog: null, schema: 'main', name: 'flights', expanded: true, dataPreviewQueryId: 'preview0001', initialized: true },
      { id: '4', queryEditorId: '7', dbId: 1, catalog: null, schema: 'main', name: 'birth_names', expanded: false },
    ]);

    // Two quick changes of the same table both reach its entry (posted again, the same id).
    act(() => {
      result.current.updateTable('4', { initialized: true });
      result.current.updateTable('4', { dataPreviewQueryId: 'preview0002' });
    });
    const tablePosts = (): string[] => calls.filter((call) => call.startsWith('POST /tableschemaview/'));
    await waitFor(() => expect(tablePosts()).toHaveLength(2));
    expect(tablePosts()).toEqual(
      expect.arrayContaining([
        'POST /tableschemaview/ {"table":{"queryEditorId":7,"dbId":1,"schema":"main","name":"birth_names","expanded":false,"initialized":true}}',
        'POST /tableschemaview/ {"table":{"queryEditorId":7,"dbId":1,"schema":"main","name":"birth_names","expanded":false,"dataPreviewQueryId":"preview0002","initialized":true}}',
      ]),
    );
    expect(result.current.tables[1]).toMatchObject({ id: '4', initialized: true, dataPreviewQueryId: 'preview0002' });

    // A change that changes nothing is not sent.
    act(() => result.current.updateTable('3', { initialized: true }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(tablePosts()).toHaveLength(2);
  });

  it('toasts the table schema failures: fetching, expanding, collapsing and removing (spec 002 section 8)', async () => {
    stubServer((method, url) => {
      if (url === '/api/v1/sqllab/') return bootstrap(true, [7]);
      if (url === '/tabstateview/7') {
        return Response.json({
          ...serverTab(7, 'Tab 7', 'SELECT 7'),
          table_schemas: [
            { id: 3, tab_state_id: 7, database_id: 1, catalog: 'east', schema: 'main', table: 'flights', description: null, expanded: true },
          ],
        });
      }
      return Response.json({ message: 'boom' }, { status: 500 });
    });
    const { result } = renderHook(() => useEditorTabs(), { wrapper });
    await waitFor(() => expect(result.current.mode).toBe('server'));
    expect(result.current.tables[0]).toMatchObject({ id: '3', catalog: 'east' });
    const toastTexts = (): string[] => Array.from(document.querySelectorAll(`[data-testid="${testIds.toast.item}"]`), (item) => item.textContent);

    let added: string | null = 'not yet';
    await act(async () => {
      added = await result.current.addTable({ queryEditorId: '7', dbId: 1, catalog: null, schema: 'main', name: 'birth_names' });
    });
    expect(added).toBeNull();
    await waitFor(() => expect(toastTexts().some((text) => text.includes(tableMessages.fetchFailed))).toBe(true));
    expect(tableMessages.fetchFailed).toBe('An error occurred while fetching table metadata');

    act(() => result.current.expandTable('3', false));
    await waitFor(() => expect(toastTexts().some((text) => text.includes(tableMessages.collapseFailed))).toBe(true));
    act(() => result.current.expandTable('3', true));
    await waitFor(() => expect(toastTexts().some((text) => text.includes(tableMessages.expandFailed))).toBe(true));
    act(() => {
      result.current.removeTable('3', 'results');
    });
    await waitFor(() => expect(toastTexts().some((text) => text.includes(tableMessages.removeFailed))).toBe(true));
    expect(tableMessages).toEqual({
      fetchFailed: 'An error occurred while fetching table metadata',
      expandFailed: 'An error occurred while expanding the table schema. Please contact your administrator.',
      collapseFailed: 'An error occurred while collapsing the table schema. Please contact your administrator.',
      removeFailed: 'An error occurred while removing the table schema. Please contact your administrator.',
    });
  });

  describe('autosave every 5000 ms (spec 002 section 9)', () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    function puts(calls: readonly string[]): string[] {
      return calls.filter((call) => call.startsWith('PUT /tabstateview/'));
    }

    async function openServerTab(answerPut: () => Response = () => Response.json({ result: 1 })): Promise<{ calls: string[]; result: { current: EditorTabs } }> {
      const calls = stubServer((method, url) => {
        if (url === '/api/v1/sqllab/') return bootstrap(true, [8]);
        if (method === 'PUT') return answerPut();
        return Response.json(serverTab(8, 'Tab 8', 'SELECT 8'));
      });
      const rendered = renderHook(() => useEditorTabs(), { wrapper });
      await waitFor(() => expect(rendered.result.current.mode).toBe('server'));
      return { calls, result: rendered.result };
    }

    it('is the spec constant', () => {
      expect(tabSyncIntervalMs).toBe(5000);
    });

    it('sends the changed fields within 5000 ms, and keeps sending every 5000 ms while typing goes on', async () => {
      const { calls, result } = await openServerTab();
      // Nothing changed: nothing sent.
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      expect(puts(calls)).toEqual([]);
      act(() => result.current.edit((state) => updateTab(state, '8', { sql: 'SELECT 1' })));
      expect(window.localStorage.getItem(unsavedEditsStorageKey)).toContain('SELECT 1');
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      expect(puts(calls)).toEqual(['PUT /tabstateview/8 {"sql":"SELECT 1"}']);
      expect(window.localStorage.getItem(unsavedEditsStorageKey)).toBeNull();
      // An edit every second for 10 seconds is stored at each 5000 ms tick, not only once typing stops.
      for (let second = 2; second <= 11; second += 1) {
        act(() => result.current.edit((state) => updateTab(state, '8', { sql: `SELECT ${second}` })));
        await act(() => vi.advanceTimersByTimeAsync(1000));
      }
      expect(puts(calls)).toHaveLength(3);
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      expect(puts(calls).at(-1)).toBe('PUT /tabstateview/8 {"sql":"SELECT 11"}');
      const count = puts(calls).length;
      await act(() => vi.advanceTimersByTimeAsync(2 * tabSyncIntervalMs));
      expect(puts(calls)).toHaveLength(count);
    });

    it('keeps an edit not yet stored across a switch to another tab and back, then stores it (the unsaved editor record)', async () => {
      const calls = stubServer((method, url) => {
        if (url === '/api/v1/sqllab/') return bootstrap(true, [7, 8]);
        if (method === 'PUT') return Response.json({ result: 1 });
        if (url.endsWith('/activate')) return Response.json(1);
        const id = Number(url.split('/').at(-1));
        return Response.json(serverTab(id, `Tab ${id}`, `SELECT ${id}`));
      });
      const { result } = renderHook(() => useEditorTabs(), { wrapper });
      await waitFor(() => expect(result.current.mode).toBe('server'));
      expect(result.current.state.activeTabId).toBe('7');
      act(() => result.current.edit((state) => updateTab(state, '7', { sql: 'SELECT 70', updatedAt: 5_000 })));
      act(() => result.current.select('8'));
      // Waiting in the browser while another tab is shown...
      const unsaved = JSON.parse(window.localStorage.getItem(unsavedEditsStorageKey) ?? '{}') as Record<string, { sql: string }>;
      expect(Object.keys(unsaved)).toEqual(['7']);
      expect(unsaved['7']?.sql).toBe('SELECT 70');
      // ...and merged into the tab when it is shown again.
      act(() => result.current.select('7'));
      expect(result.current.state.tabs.find((tab) => tab.id === '7')?.sql).toBe('SELECT 70');
      expect(result.current.state.tabs.find((tab) => tab.id === '8')?.sql).toBe('SELECT 8');
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      expect(puts(calls)).toEqual(['PUT /tabstateview/7 {"sql":"SELECT 70","extra_json":{"version":1,"updatedAt":5000}}']);
      expect(window.localStorage.getItem(unsavedEditsStorageKey)).toBeNull();
    });

    it('merges an unsaved edit at load only when it is newer than the server copy (updatedAt in extra_json)', async () => {
      const stamped = (id: number, updatedAt: number): TabState => ({ ...serverTab(id, `Tab ${id}`, `SELECT ${id}`), extra_json: { updatedAt, version: 1 } });
      const calls = stubServer((method, url) => {
        if (url === '/api/v1/sqllab/') return bootstrap(true, [7, 8]);
        if (method === 'PUT') return Response.json({ result: 1 });
        if (url.endsWith('/activate')) return Response.json(1);
        return Response.json(url.endsWith('/7') ? stamped(7, 2_000) : stamped(8, 2_000));
      });
      const edit = (id: number, sql: string, updatedAt: number): unknown => ({
        id: String(id),
        name: `Tab ${id}`,
        dbId: 1,
        catalog: null,
        schema: 'main',
        sql,
        queryLimit: 100,
        remoteId: null,
        templateParams: null,
        autorun: false,
        updatedAt,
      });
      // Tab 7's edit is older than the server's copy (made elsewhere since); tab 8's is newer.
      window.localStorage.setItem(unsavedEditsStorageKey, JSON.stringify({ '7': edit(7, 'SELECT stale', 1_000), '8': edit(8, 'SELECT fresh', 3_000) }));
      const { result } = renderHook(() => useEditorTabs(), { wrapper });
      await waitFor(() => expect(result.current.mode).toBe('server'));
      expect(result.current.state.tabs.map((tab) => [tab.id, tab.sql, tab.updatedAt])).toEqual([
        ['7', 'SELECT 7', 2_000],
        ['8', 'SELECT fresh', 3_000],
      ]);
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      expect(puts(calls)).toEqual(['PUT /tabstateview/8 {"sql":"SELECT fresh","extra_json":{"version":1,"updatedAt":3000}}']);
    });

    it("toasts 'Your query was not properly saved' when the tab cannot be linked to the saved query", async () => {
      const { calls, result } = await openServerTab(() => Response.json({ message: 'Fatal error' }, { status: 500 }));
      act(() => result.current.edit((state) => updateTab(state, '8', { remoteId: 12 })));
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      expect(puts(calls)).toEqual(['PUT /tabstateview/8 {"saved_query_id":12}']);
      await waitFor(() => expect(document.body.textContent).toContain('Your query was not properly saved'));
      expect(document.body.textContent).not.toContain(tabStateMessages.storeFailed);
    });

    it('retries a failed editor-state save at the next tick, only warned in the console, never toasted', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      let isFailing = true;
      const { calls, result } = await openServerTab(() =>
        isFailing ? Response.json({ message: 'Fatal error' }, { status: 500 }) : Response.json({ result: 1 }),
      );
      act(() => result.current.edit((state) => updateTab(state, '8', { sql: 'SELECT 1', name: 'Renamed' })));
      await act(() => vi.advanceTimersByTimeAsync(2 * tabSyncIntervalMs));
      expect(puts(calls)).toEqual(['PUT /tabstateview/8 {"sql":"SELECT 1","label":"Renamed"}', 'PUT /tabstateview/8 {"sql":"SELECT 1","label":"Renamed"}']);
      const warnings = warn.mock.calls.filter(([text]) => text === editorStateSaveWarning);
      expect(warnings).toHaveLength(2);
      expect(editorStateSaveWarning).toBe('An error occurred while saving your editor state.');
      expect(document.querySelectorAll(`[data-testid="${testIds.toast.item}"]`)).toHaveLength(0);
      expect(document.body.textContent).not.toContain(tabStateMessages.storeFailed);
      // Still waiting in the browser until stored.
      expect(window.localStorage.getItem(unsavedEditsStorageKey)).toContain('SELECT 1');
      isFailing = false;
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      expect(puts(calls)).toHaveLength(3);
      expect(window.localStorage.getItem(unsavedEditsStorageKey)).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      expect(puts(calls)).toHaveLength(3);
      warn.mockRestore();
    });
  });

  describe('active tab sent at the sync tick; destroyed tabs deleted until the server agrees (spec 002 section 4)', () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    function activations(calls: readonly string[]): string[] {
      return calls.filter((call) => call.includes('/activate'));
    }

    it('sends the active tab only at the sync tick, once per change; an unsent choice survives a reload', async () => {
      const calls = stubServer((_method, url) => {
        if (url === '/api/v1/sqllab/') return Response.json({ result: { ...(bootstrapResult(true, [7, 8]) as object), active_tab: serverTab(8, 'Tab 8', 'SELECT 8') } });
        if (url.endsWith('/activate')) return Response.json(7);
        const id = Number(url.split('/').at(-1));
        return Response.json(serverTab(id, `Tab ${id}`, `SELECT ${id}`));
      });
      const { result, unmount } = renderHook(() => useEditorTabs(), { wrapper });
      await waitFor(() => expect(result.current.mode).toBe('server'));
      expect(result.current.state.activeTabId).toBe('8');
      // The server's active tab is not sent again.
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      expect(activations(calls)).toEqual([]);
      act(() => result.current.select('7'));
      act(() => result.current.select('8'));
      act(() => result.current.select('7'));
      expect(activations(calls)).toEqual([]);
      expect(window.localStorage.getItem(unsentActiveTabStorageKey)).toBe('7');
      unmount();

      // A reload before the tick opens tab 7 again, and its first tick sends it.
      const reloaded = renderHook(() => useEditorTabs(), { wrapper });
      await waitFor(() => expect(reloaded.result.current.mode).toBe('server'));
      expect(reloaded.result.current.state.activeTabId).toBe('7');
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      expect(activations(calls)).toEqual(['POST /tabstateview/7/activate {}']);
      expect(window.localStorage.getItem(unsentActiveTabStorageKey)).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(2 * tabSyncIntervalMs));
      expect(activations(calls)).toHaveLength(1);
      act(() => reloaded.result.current.switchBy(1));
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      expect(activations(calls)).toEqual(['POST /tabstateview/7/activate {}', 'POST /tabstateview/8/activate {}']);
    });

    it('keeps a closed tab as destroyed until its delete succeeds or answers 404, and skips it after a reload', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      let deleteAnswer = 500;
      const calls = stubServer((method, url) => {
        if (url === '/api/v1/sqllab/') return bootstrap(true, [7, 8, 9]);
        if (method === 'DELETE') return Response.json({ message: deleteAnswer === 404 ? 'Not found' : 'Fatal error' }, { status: deleteAnswer });
        if (url.endsWith('/activate')) return Response.json(7);
        const id = Number(url.split('/').at(-1));
        return Response.json(serverTab(id, `Tab ${id}`, `SELECT ${id}`));
      });
      const deletes = (): string[] => calls.filter((call) => call.startsWith('DELETE'));
      const { result, unmount } = renderHook(() => useEditorTabs(), { wrapper });
      await waitFor(() => expect(result.current.mode).toBe('server'));
      act(() => result.current.close('9'));
      expect(result.current.state.tabs.map((tab) => tab.id)).toEqual(['7', '8']);
      await waitFor(() => expect(deletes()).toEqual(['DELETE /tabstateview/9']));
      expect(window.localStorage.getItem(destroyedTabsStorageKey)).toBe('[9]');
      // Deleted again at the next tick while the server fails.
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      expect(deletes()).toEqual(['DELETE /tabstateview/9', 'DELETE /tabstateview/9']);
      unmount();

      // After a reload the destroyed tab is neither fetched nor shown, and its delete is sent again.
      const reloaded = renderHook(() => useEditorTabs(), { wrapper });
      await waitFor(() => expect(reloaded.result.current.mode).toBe('server'));
      expect(reloaded.result.current.state.tabs.map((tab) => tab.id)).toEqual(['7', '8']);
      expect(calls.filter((call) => call === 'GET /tabstateview/9')).toHaveLength(1);
      await waitFor(() => expect(deletes()).toHaveLength(3));
      // A 404 counts as deleted: forgotten, never sent again.
      deleteAnswer = 404;
      await act(() => vi.advanceTimersByTimeAsync(tabSyncIntervalMs));
      await waitFor(() => expect(window.localStorage.getItem(destroyedTabsStorageKey)).toBeNull());
      const count = deletes().length;
      await act(() => vi.advanceTimersByTimeAsync(2 * tabSyncIntervalMs));
      expect(deletes()).toHaveLength(count);

      // A delete that succeeds at once is forgotten at once.
      deleteAnswer = 200;
      act(() => reloaded.result.current.close('8'));
      await waitFor(() => expect(deletes().at(-1)).toBe('DELETE /tabstateview/8'));
      await waitFor(() => expect(window.localStorage.getItem(destroyedTabsStorageKey)).toBeNull());
      expect(document.querySelectorAll(`[data-testid="${testIds.toast.item}"]`)).toHaveLength(0);
      warn.mockRestore();
    });
  });
});
