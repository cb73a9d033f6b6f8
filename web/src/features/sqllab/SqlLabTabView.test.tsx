import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { tabsStorageKey, type QueryEditorTab } from './editorTabs';
import { offsetOfPosition, positionOfOffset } from './SqlEditor';
import { SqlLabPage } from './SqlLabPage';

const examples: DatabaseListItem = {
  id: 1,
  database_name: 'examples',
  backend: 'sqlite',
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_multi_catalog: false,
  uuid: '00000000-0000-0000-0000-000000000001',
  allow_file_upload: false,
  allow_ctas: false,
  allow_cvas: false,
  allows_cost_estimate: false,
  extra: '{}',
  disable_data_preview: false,
  changed_on: '2026-11-23T07:00:00',
  changed_on_delta_humanized: 'a minute ago',
  created_by: null,
  changed_by: null,
};

/** A browser-kept tab. */
function storedTab(id: string, fields: Partial<QueryEditorTab> = {}): Partial<QueryEditorTab> {
  return { id, name: `Tab ${id}`, dbId: 1, schema: 'main', sql: 'SELECT 1\nFROM birth_names', queryLimit: 100, ...fields };
}

/** The SQL Lab reads of a page whose tabs live in browser storage. */
function stubServer(): void {
  vi.stubGlobal('fetch', (url: string) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    if (url === '/api/v1/sqllab/') {
      const config = { default_sqllab_limit: 1000, default_database_id: null, query_result_timeout_seconds: 0 };
      return Promise.resolve(Response.json({ result: { backend_persistence: false, active_tab: null, tab_state_ids: [], queries: {}, sqllab_config: config } }));
    }
    if (url.startsWith('/api/v1/database/?q=')) return Promise.resolve(Response.json({ count: 1, result: [examples] }));
    if (url.startsWith('/api/v1/database/1/schemas/')) return Promise.resolve(Response.json({ result: ['main'] }));
    if (url.startsWith('/api/v1/database/1/tables/')) return Promise.resolve(Response.json({ count: 0, result: [] }));
    if (url.startsWith('/api/v1/query/?q=')) return Promise.resolve(Response.json({ count: 0, ids: [], result: [] }));
    return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
  });
}

function renderSqlLab(tabs: Partial<QueryEditorTab>[], activeTabId: string): void {
  window.localStorage.setItem(tabsStorageKey, JSON.stringify({ tabs, activeTabId }));
  const router = createMemoryRouter([{ path: '/sqllab/*', element: <SqlLabPage /> }], { initialEntries: ['/sqllab/'] });
  renderWithTheme(<RouterProvider router={router} />);
}

function keptTab(id: string): Partial<QueryEditorTab> | undefined {
  const stored = JSON.parse(window.localStorage.getItem(tabsStorageKey) ?? '{}') as { tabs?: Partial<QueryEditorTab>[] };
  return stored.tabs?.find((tab) => tab.id === id);
}

function selectTab(name: string): void {
  fireEvent.click(screen.getByRole('tab', { name }));
}

/** The CodeMirror view of the editor shown. */
async function editorView(): Promise<EditorView> {
  const host = await screen.findByTestId(testIds.sqlLab.editor);
  const element = host.querySelector<HTMLElement>('.cm-editor');
  const view = element === null ? null : EditorView.findFromDOM(element);
  if (view === null) throw new Error('no editor');
  return view;
}

describe('SqlLabPage: the tab record drives the view (spec 002 section 3)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    stubServer();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('shows each tab with its own split (northPercent, southPercent), moved by the gutter and kept in browser storage', async () => {
    renderSqlLab([storedTab('a', { northPercent: 50, southPercent: 50 }), storedTab('b')], 'a');
    const gutter = await screen.findByTestId(testIds.sqlLab.splitGutter);
    expect(gutter.getAttribute('aria-valuenow')).toBe('50');
    const editorArea = (): HTMLElement | null => screen.getByTestId(testIds.sqlLab.editor).parentElement;
    expect(editorArea()?.style.height).toBe('50%');

    fireEvent.keyDown(gutter, { key: 'ArrowDown' });
    expect(screen.getByTestId(testIds.sqlLab.splitGutter).getAttribute('aria-valuenow')).toBe('55');
    expect(editorArea()?.style.height).toBe('55%');
    await waitFor(() => expect(keptTab('a')).toMatchObject({ northPercent: 55, southPercent: 45 }));
    // The split keeps both panes: at most 90 percent for the editor.
    fireEvent.keyDown(screen.getByTestId(testIds.sqlLab.splitGutter), { key: 'End' });
    expect(screen.getByTestId(testIds.sqlLab.splitGutter).getAttribute('aria-valuenow')).toBe('90');

    // Tab b has Superset's initial split; tab a keeps its own.
    selectTab('Tab b');
    await waitFor(() => expect(screen.getByTestId(testIds.sqlLab.splitGutter).getAttribute('aria-valuenow')).toBe('30'));
    expect(editorArea()?.style.height).toBe('30%');
    expect(keptTab('b')?.northPercent).toBeUndefined();
    selectTab('Tab a');
    await waitFor(() => expect(screen.getByTestId(testIds.sqlLab.splitGutter).getAttribute('aria-valuenow')).toBe('90'));
    expect(keptTab('a')).toMatchObject({ northPercent: 90, southPercent: 10 });
  });

  it('hides the left bar in one tab only (hideLeftBar)', async () => {
    renderSqlLab([storedTab('a', { hideLeftBar: true }), storedTab('b')], 'a');
    await screen.findByTestId(testIds.sqlLab.editor);
    expect(screen.queryByTestId(testIds.sqlLab.databaseSelect)).toBeNull();
    selectTab('Tab b');
    expect(await screen.findByTestId(testIds.sqlLab.databaseSelect)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide left bar' }));
    await waitFor(() => expect(screen.queryByTestId(testIds.sqlLab.databaseSelect)).toBeNull());
    expect(keptTab('b')?.hideLeftBar).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Show left bar' }));
    expect(await screen.findByTestId(testIds.sqlLab.databaseSelect)).toBeTruthy();
    expect(keptTab('a')?.hideLeftBar).toBe(true);
  });

  it('restores the cursor of a tab when switching back to it (cursorPosition)', async () => {
    renderSqlLab([storedTab('a', { cursorPosition: { row: 1, column: 4 } }), storedTab('b')], 'a');
    let view = await editorView();
    // Row 1, column 4: after 'FROM' on the second line ('SELECT 1\n' is 9 characters).
    expect(view.state.selection.main.head).toBe(13);

    act(() => view.dispatch({ selection: { anchor: 3 } }));
    await waitFor(() => expect(keptTab('a')?.cursorPosition).toEqual({ row: 0, column: 3 }));
    selectTab('Tab b');
    await waitFor(async () => expect((await editorView()) === view).toBe(false));
    expect((await editorView()).state.selection.main.head).toBe(0);
    selectTab('Tab a');
    await waitFor(async () => expect((await editorView()).state.selection.main.head).toBe(3));
    view = await editorView();
    // A kept position past the end of its line, or past the last line, is clamped into the SQL.
    expect(offsetOfPosition(view.state.doc, { row: 0, column: 99 })).toBe(8);
    expect(offsetOfPosition(view.state.doc, { row: 7, column: 2 })).toBe(11);
    expect(positionOfOffset(view.state.doc, 13)).toEqual({ row: 1, column: 4 });
  });

  it('stamps updatedAt on an edit of the SQL, not on a move of the cursor', async () => {
    renderSqlLab([storedTab('a')], 'a');
    const view = await editorView();
    act(() => view.dispatch({ selection: { anchor: 2 } }));
    await waitFor(() => expect(keptTab('a')?.cursorPosition).toEqual({ row: 0, column: 2 }));
    expect(keptTab('a')?.updatedAt).toBeUndefined();
    const before = Date.now();
    act(() => view.dispatch({ changes: { from: 0, insert: '-- note\n' } }));
    await waitFor(() => expect(keptTab('a')?.sql).toBe('-- note\nSELECT 1\nFROM birth_names'));
    expect(keptTab('a')?.updatedAt).toBeGreaterThanOrEqual(before);
    expect(keptTab('a')).toMatchObject({ version: 1, inLocalStorage: true, loaded: true });
  });
});
