import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tableFromArrays } from 'apache-arrow';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { eventLogger } from '@/api/eventLog';
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';
import type { SqlLabConfig } from '@/api/generated/SqlLabConfig';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import type { TableMetadata } from '@/api/generated/TableMetadata';
import type { TabState } from '@/api/generated/TabState';
import { renderWithTheme } from '@/testRendering';
import { giveElementsHeight } from '@/testLayout';
import { testIds } from '@/testIds';
import { sqlLabArrowContentType } from './api';
import { tabsStorageKey } from './editorTabs';
import { SqlLabPage, sqlLabTitle } from './SqlLabPage';
import { storedResultsStorageKey } from './storedResults';
import { resultColumn, resultMeta, sqlLabAnswer } from './sqlLabResultFixtures';
import { queryPollIntervalMs } from './useQueryUpdates';

const examples: DatabaseListItem = {
  id: 1,
  database_name: 'examples',
  backend: 'sqlite',
  expose_in_sqllab: true,
  allow_run_async: true,
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

const sql = 'SELECT name FROM birth_names';

/** The page's one browser-kept tab, limited to 100 rows. */
const storedTabs = JSON.stringify({
  tabs: [{ id: 'tab1', name: 'Births', dbId: 1, schema: 'main', sql, queryLimit: 100 }],
  activeTabId: 'tab1',
});

/** The rows of `SELECT name FROM birth_names`, as the results call answers them (Arrow). */
function namesAnswer(): Response {
  const columns = [resultColumn('name', 'STRING', 1)];
  const meta = resultMeta(columns, 2);
  const stream = sqlLabAnswer(tableFromArrays({ name: ['Ada', 'Bob'] }), { ...meta, query: { ...meta.query, startDttm: Date.now() } });
  return new Response(new Blob([stream.slice()]), { headers: { 'Content-Type': sqlLabArrowContentType } });
}

/**
 * A stubbed server: the SQL Lab page's reads, an execute call that answers 202 (or rows when the
 * database is synchronous), and `updated_since` answering `server.run` as it is at each poll.
 */
interface FakeServer {
  calls: string[];
  /** The run as the next poll reports it (its `id` is the client id the page sent). */
  run: Partial<SqlLabQuery> | null;
  /** The results call's answer; a promise holds it back until the test resolves it. */
  results: () => Response | Promise<Response>;
  database: DatabaseListItem;
  /** The answer of `POST /api/v1/query/stop`. */
  stopAnswer: () => Response;
  /** Server tabs (backend persistence) when set: the tab states by id. */
  serverTabs: Record<number, TabState> | null;
  /** The answer of a synchronous run (a database without asynchronous execution). */
  syncAnswer: () => Response;
  /** The bootstrap's SQL Lab defaults. */
  config: SqlLabConfig;
  /** The tables of the schema `main` the left bar lists. */
  tables: string[];
}

function stubServer(): FakeServer {
  const server: FakeServer = {
    calls: [],
    run: null,
    results: namesAnswer,
    database: examples,
    stopAnswer: () => Response.json({ result: 'OK' }),
    serverTabs: null,
    syncAnswer: namesAnswer,
    config: { default_sqllab_limit: 1000, default_database_id: null, query_result_timeout_seconds: 0 },
    tables: [],
  };
  let clientId = '';
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? init.body : '';
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    server.calls.push(`${method} ${decodeURIComponent(url)}${body === '' ? '' : ` ${body}`}`);
    if (url === '/api/v1/sqllab/') {
      const tabs = Object.values(server.serverTabs ?? {});
      const tabStateIds = tabs.map((tab) => ({ id: tab.id, label: tab.label }));
      const bootstrap = { backend_persistence: server.serverTabs !== null, active_tab: tabs[0] ?? null, tab_state_ids: tabStateIds, queries: {}, sqllab_config: server.config };
      return Promise.resolve(Response.json({ result: bootstrap }));
    }
    const tabState = /^\/tabstateview\/(\d+)$/.exec(url);
    if (tabState?.[1] !== undefined && server.serverTabs !== null) {
      const tab = server.serverTabs[Number(tabState[1])];
      return Promise.resolve(method === 'GET' && tab !== undefined ? Response.json(tab) : Response.json({ result: 1 }));
    }
    if (url.startsWith('/api/v1/database/?q=')) return Promise.resolve(Response.json({ count: 1, result: [server.database] }));
    if (url.startsWith('/api/v1/database/1/schemas/')) return Promise.resolve(Response.json({ result: ['main'] }));
    if (url.startsWith('/api/v1/database/1/tables/')) {
      const result = server.tables.map((value) => ({ value, type: 'table', extra: null }));
      return Promise.resolve(Response.json({ count: result.length, result }));
    }
    const metadataOf = /^\/api\/v1\/database\/1\/table_metadata\/\?name=(\w+)/.exec(url)?.[1];
    if (metadataOf !== undefined) return Promise.resolve(Response.json(tableMetadata(metadataOf)));
    if (url.startsWith('/api/v1/query/?q=')) return Promise.resolve(Response.json({ count: 0, ids: [], result: [] }));
    if (url === '/api/v1/sqllab/execute/') {
      const payload = JSON.parse(body) as { client_id: string; runAsync: boolean };
      clientId = payload.client_id;
      if (!payload.runAsync) return Promise.resolve(server.syncAnswer());
      const query = { ...resultMeta([], 0).query, id: clientId, state: 'pending', progress: 0, rows: null, resultsKey: null };
      return Promise.resolve(Response.json({ query }, { status: 202 }));
    }
    if (url.startsWith('/api/v1/query/updated_since')) {
      const result = server.run === null ? [] : [{ ...resultMeta([], 0).query, ...server.run, id: server.run.id ?? clientId }];
      return Promise.resolve(Response.json({ result }));
    }
    if (url.startsWith('/api/v1/sqllab/results/')) return Promise.resolve(server.results());
    if (url === '/api/v1/query/stop') return Promise.resolve(server.stopAnswer());
    return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
  });
  return server;
}

/** A table of `main` with one column, `name`, as `table_metadata` answers it. */
function tableMetadata(name: string): TableMetadata {
  return {
    name,
    schema: 'main',
    columns: [{ name: 'name', type: 'STRING', longType: 'STRING', keys: [], comment: null }],
    selectStar: `SELECT name FROM main.${name} LIMIT 100`,
    primaryKey: { constrained_columns: [], name: null },
    foreignKeys: [],
    indexes: [],
  };
}

function renderSqlLabPage(): ReturnType<typeof renderWithTheme> {
  const router = createMemoryRouter([{ path: '/sqllab/*', element: <SqlLabPage /> }], { initialEntries: ['/sqllab/'] });
  return renderWithTheme(<RouterProvider router={router} />);
}

function renderSqlLab(): void {
  renderSqlLabPage();
}

async function clickRun(): Promise<void> {
  const run = await screen.findByTestId(testIds.sqlLab.runButton);
  await waitFor(() => expect(run.hasAttribute('disabled')).toBe(false));
  fireEvent.click(run);
}

/** One poll interval passes and the poll's answer, and what it starts, settle. */
async function nextPoll(): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(queryPollIntervalMs));
}

function countOf(calls: readonly string[], prefix: string): number {
  return calls.filter((call) => call.startsWith(prefix)).length;
}

describe('SqlLabPage asynchronous runs', () => {
  giveElementsHeight();
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem(tabsStorageKey, storedTabs);
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('runs asynchronously: pending, running with progress, fetching, then the rows; polling stops', async () => {
    const server = stubServer();
    renderSqlLab();
    await clickRun();

    expect((await screen.findByTestId(testIds.sqlLab.resultsPending)).textContent).toBe('Pending…');
    const execute = server.calls.find((call) => call.startsWith('POST /api/v1/sqllab/execute/'));
    expect(execute).toContain('"runAsync":true');
    expect(execute).toContain('"queryLimit":100');

    server.run = { state: 'running', progress: 50 };
    await nextPoll();
    expect(screen.getByTestId(testIds.sqlLab.resultsRunning).textContent).toBe('Running…');
    expect(screen.getByTestId(testIds.sqlLab.resultsProgress).textContent).toBe('50%');
    expect(screen.getByRole('progressbar', { name: 'Query progress' }).getAttribute('value')).toBe('50');
    expect(screen.getByTestId(testIds.sqlLab.stopButton)).toBeTruthy();

    let answerResults: (response: Response) => void = () => undefined;
    server.results = () =>
      new Promise<Response>((resolve) => {
        answerResults = resolve;
      });
    server.run = { state: 'success', progress: 100, rows: 2, resultsKey: 'key-1' };
    await nextPoll();
    expect(screen.getByTestId(testIds.sqlLab.resultsFetching).textContent).toBe('Fetching results…');
    expect(server.calls).toContain("GET /api/v1/sqllab/results/?q=(key:'key-1',rows:100)");

    await act(async () => {
      answerResults(namesAnswer());
      await vi.advanceTimersByTimeAsync(0);
    });
    expect((await screen.findByTestId(testIds.sqlLab.rowCount)).textContent).toBe('2 rows');
    const names = screen.getAllByTestId(testIds.sqlLab.cell).map((cell) => cell.textContent);
    expect(names).toEqual(['Ada', 'Bob']);

    const polls = countOf(server.calls, 'GET /api/v1/query/updated_since');
    await nextPoll();
    await nextPoll();
    expect(countOf(server.calls, 'GET /api/v1/query/updated_since')).toBe(polls);
    expect(countOf(server.calls, 'GET /api/v1/sqllab/results/')).toBe(1);
  });

  it('stops a running asynchronous run: the stop is posted, later updates change nothing', async () => {
    const server = stubServer();
    renderSqlLab();
    await clickRun();
    server.run = { state: 'running', progress: 20 };
    await nextPoll();
    expect(screen.getByTestId(testIds.sqlLab.resultsProgress).textContent).toBe('20%');

    fireEvent.click(screen.getByTestId(testIds.sqlLab.stopButton));
    expect(screen.getByTestId(testIds.sqlLab.resultsStopped).textContent).toBe('Query was stopped');
    await waitFor(() => expect(server.calls.some((call) => call.startsWith('POST /api/v1/query/stop'))).toBe(true));
    const stop = server.calls.find((call) => call.startsWith('POST /api/v1/query/stop')) ?? '';
    const execute = server.calls.find((call) => call.startsWith('POST /api/v1/sqllab/execute/')) ?? '';
    const clientId = /"client_id":"(\w+)"/.exec(execute)?.[1];
    expect(stop).toBe(`POST /api/v1/query/stop {"client_id":"${clientId}"}`);

    server.run = { state: 'success', progress: 100, resultsKey: 'key-1' };
    const polls = countOf(server.calls, 'GET /api/v1/query/updated_since');
    await nextPoll();
    await nextPoll();
    expect(countOf(server.calls, 'GET /api/v1/query/updated_since')).toBe(polls);
    expect(countOf(server.calls, 'GET /api/v1/sqllab/results/')).toBe(0);
    expect(screen.getByTestId(testIds.sqlLab.resultsStopped).textContent).toBe('Query was stopped');
    expect(screen.getByTestId(testIds.sqlLab.runButton)).toBeTruthy();
  });

  it('drops an asynchronous run without progress once polls answer no change past 2000 ms; polling stops', async () => {
    const server = stubServer();
    renderSqlLab();
    await clickRun();
    expect((await screen.findByTestId(testIds.sqlLab.resultsPending)).textContent).toBe('Pending…');
    // The server lists nothing changed: its worker no longer touches the run.
    await nextPoll();
    expect(screen.getByTestId(testIds.sqlLab.resultsPending)).toBeTruthy();
    await nextPoll();
    await nextPoll();
    expect(screen.queryByTestId(testIds.sqlLab.resultsPending)).toBeNull();
    expect(screen.queryByTestId(testIds.sqlLab.stopButton)).toBeNull();
    expect(screen.getByTestId(testIds.sqlLab.runButton)).toBeTruthy();
    const polls = countOf(server.calls, 'GET /api/v1/query/updated_since');
    await nextPoll();
    await nextPoll();
    expect(countOf(server.calls, 'GET /api/v1/query/updated_since')).toBe(polls);
  });

  it('keeps an asynchronous run the server keeps listing, even without progress', async () => {
    const server = stubServer();
    renderSqlLab();
    await clickRun();
    server.run = { state: 'running', progress: 0 };
    for (let poll = 0; poll < 4; poll += 1) await nextPoll();
    expect(screen.getByTestId(testIds.sqlLab.resultsRunning).textContent).toBe('Running…');
    expect(screen.getByTestId(testIds.sqlLab.stopButton)).toBeTruthy();
  });

  it("shows 'Failed at retrieving results' with the server's message when the stored result expired", async () => {
    const server = stubServer();
    const expired = 'Data could not be retrieved from the results backend. You need to re-run the original query.';
    server.results = () => Response.json({ message: expired }, { status: 410 });
    renderSqlLab();
    await clickRun();
    server.run = { state: 'success', progress: 100, resultsKey: 'key-9' };
    await nextPoll();

    const error = await screen.findByTestId(testIds.sqlLab.resultsError);
    expect(error.textContent).toBe(`Failed at retrieving results${expired}`);
    expect(screen.getByText('Failed at retrieving results').tagName).toBe('STRONG');
  });

  it("shows a failed asynchronous run's error message", async () => {
    const server = stubServer();
    renderSqlLab();
    await clickRun();
    server.run = { state: 'failed', errorMessage: 'no such table: birth_name' };
    await nextPoll();
    expect((await screen.findByTestId(testIds.sqlLab.resultsError)).textContent).toBe('no such table: birth_name');
    expect(countOf(server.calls, 'GET /api/v1/sqllab/results/')).toBe(0);
    // The failure is logged with its error type and issue codes (none here: -1).
    eventLogger.flush();
    await waitFor(() => expect(countOf(server.calls, 'POST /superset/log/?explode=events')).toBe(1));
    const logged = server.calls.find((call) => call.startsWith('POST /superset/log/?explode=events')) ?? '';
    expect(logged).toContain('"event_name":"sqllab_fetch_failed_query"');
    expect(logged).toContain('"issue_codes":[-1]');
  });

  it('runs synchronously on a database without asynchronous execution, without polling', async () => {
    const server = stubServer();
    server.database = { ...examples, allow_run_async: false };
    renderSqlLab();
    await clickRun();
    expect((await screen.findByTestId(testIds.sqlLab.rowCount)).textContent).toBe('2 rows');
    expect(server.calls.find((call) => call.startsWith('POST /api/v1/sqllab/execute/'))).toContain('"runAsync":false');
    await nextPoll();
    expect(countOf(server.calls, 'GET /api/v1/query/updated_since')).toBe(0);
  });

  it("toasts 'Failed to stop query.' when the stop is refused", async () => {
    const server = stubServer();
    server.stopAnswer = () => Response.json({ message: 'Server error' }, { status: 500 });
    renderSqlLab();
    await clickRun();
    server.run = { state: 'running', progress: 20 };
    await nextPoll();
    fireEvent.click(screen.getByTestId(testIds.sqlLab.stopButton));
    expect(await screen.findByText('Failed to stop query.')).toBeTruthy();
  });

  it('sends a stop again while the server does not know the run yet, and toasts nothing once it is found', async () => {
    const server = stubServer();
    let stops = 0;
    server.stopAnswer = () => {
      stops += 1;
      return stops < 3 ? Response.json({ message: 'Query with client_id x not found' }, { status: 404 }) : Response.json({ result: 'OK' });
    };
    renderSqlLab();
    await clickRun();
    server.run = { state: 'running', progress: 20 };
    await nextPoll();
    fireEvent.click(screen.getByTestId(testIds.sqlLab.stopButton));
    await waitFor(() => expect(stops).toBe(3), { timeout: 3000 });
    expect(server.calls.filter((call) => call.startsWith('POST /api/v1/query/stop'))).toHaveLength(3);
    expect(screen.queryByText('Failed to stop query.')).toBeNull();
  });

  it('takes an asynchronous run still running before a reload up again: polled, then its rows fetched', async () => {
    const server = stubServer();
    const latestQuery: SqlLabQuery = { ...resultMeta([], 0).query, id: 'resumed0001', state: 'running', progress: 30, resultsKey: null, sqlEditorId: '5' };
    window.localStorage.removeItem(tabsStorageKey);
    server.serverTabs = {
      5: {
        id: 5,
        user_id: 1,
        label: 'Births',
        active: true,
        database_id: 1,
        catalog: null,
        schema: 'main',
        sql,
        query_limit: 100,
        latest_query: latestQuery,
        autorun: false,
        template_params: null,
        hide_left_bar: false,
        saved_query: null,
        table_schemas: [],
        extra_json: {},
      },
    };
    renderSqlLab();
    expect((await screen.findByTestId(testIds.sqlLab.resultsProgress)).textContent).toBe('30%');
    server.run = { id: 'resumed0001', state: 'success', progress: 100, resultsKey: 'key-7' };
    await nextPoll();
    expect((await screen.findByTestId(testIds.sqlLab.rowCount)).textContent).toBe('2 rows');
    expect(server.calls.some((call) => call.startsWith("GET /api/v1/sqllab/results/?q=(key:'key-7'"))).toBe(true);
    expect(countOf(server.calls, 'POST /api/v1/sqllab/execute/')).toBe(0);
  });

  it("shows a browser tab's last rows again after a reload, without running again (results kept in browser storage)", async () => {
    const server = stubServer();
    server.database = { ...examples, allow_run_async: false };
    const first = renderSqlLabPage();
    await clickRun();
    expect((await screen.findByTestId(testIds.sqlLab.rowCount)).textContent).toBe('2 rows');
    await waitFor(() => expect(window.localStorage.getItem(storedResultsStorageKey)).toContain('"Ada"'));
    first.unmount();

    renderSqlLabPage();
    expect((await screen.findByTestId(testIds.sqlLab.rowCount)).textContent).toBe('2 rows');
    expect(screen.getAllByTestId(testIds.sqlLab.cell).map((cell) => cell.textContent)).toEqual(['Ada', 'Bob']);
    expect(countOf(server.calls, 'POST /api/v1/sqllab/execute/')).toBe(1);
  });

  it('runs CREATE TABLE AS with the name given when the database allows it', async () => {
    const server = stubServer();
    server.database = { ...examples, allow_run_async: false, allow_ctas: true };
    renderSqlLab();
    expect(screen.queryByTestId(testIds.sqlLab.createViewAsButton)).toBeNull();
    const createTableAs = await screen.findByTestId(testIds.sqlLab.createTableAsButton);
    await waitFor(() => expect(createTableAs.hasAttribute('disabled')).toBe(false));
    expect(createTableAs.textContent).toBe('CREATE TABLE AS');
    fireEvent.click(createTableAs);
    const name = screen.getByTestId(testIds.sqlLab.createAsName);
    expect(name.getAttribute('placeholder')).toBe('Specify name to CREATE TABLE AS');
    fireEvent.change(name, { target: { value: 'births_copy' } });
    fireEvent.click(screen.getByTestId(testIds.sqlLab.createAsSubmit));
    await screen.findByTestId(testIds.sqlLab.rowCount);
    const execute = server.calls.find((call) => call.startsWith('POST /api/v1/sqllab/execute/')) ?? '';
    expect(execute).toContain('"select_as_cta":true,"ctas_method":"TABLE","tmp_table_name":"births_copy"');
  });

  it("runs 'Query in a new tab' of a created table once in the new tab, then clears autorun", async () => {
    const server = stubServer();
    server.database = { ...examples, allow_run_async: false, allow_ctas: true };
    server.syncAnswer = () => {
      // The first run created scratch.boys; the next ones answer its rows.
      server.syncAnswer = namesAnswer;
      const meta = resultMeta([resultColumn('name', 'STRING', 1)], 2);
      const created = { ...meta, query: { ...meta.query, ctas: true, ctas_method: 'TABLE' as const, tempTable: 'boys', tempSchema: 'scratch' } };
      const stream = sqlLabAnswer(tableFromArrays({ name: ['Ada', 'Bob'] }), created);
      return new Response(new Blob([stream.slice()]), { headers: { 'Content-Type': sqlLabArrowContentType } });
    };
    renderSqlLab();
    await clickRun();
    fireEvent.click(await screen.findByTestId(testIds.sqlLab.queryCreatedInNewTab));
    await waitFor(() => expect(countOf(server.calls, 'POST /api/v1/sqllab/execute/')).toBe(2));
    const executes = server.calls.filter((call) => call.startsWith('POST /api/v1/sqllab/execute/'));
    expect(executes[1]).toContain('"sql":"SELECT * FROM scratch.boys"');
    const active = screen.getAllByTestId(testIds.sqlLab.tab).find((tab) => tab.getAttribute('data-active') === 'true');
    expect(active?.getAttribute('data-tab-name')).toBe('scratch.boys');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(countOf(server.calls, 'POST /api/v1/sqllab/execute/')).toBe(2);
    const stored = JSON.parse(window.localStorage.getItem(tabsStorageKey) ?? '{}') as { tabs: { name: string; autorun: boolean }[] };
    expect(stored.tabs.find((tab) => tab.name === 'scratch.boys')?.autorun).toBe(false);
  });

  it('runs a stored tab opened with autorun once when the page opens', async () => {
    const server = stubServer();
    server.database = { ...examples, allow_run_async: false };
    window.localStorage.setItem(
      tabsStorageKey,
      JSON.stringify({ tabs: [{ id: 'tab1', name: 'Births', dbId: 1, schema: 'main', sql: 'SELECT 2', queryLimit: 100, autorun: true }], activeTabId: 'tab1' }),
    );
    renderSqlLab();
    await waitFor(() => expect(countOf(server.calls, 'POST /api/v1/sqllab/execute/')).toBe(1));
    expect(server.calls.find((call) => call.startsWith('POST /api/v1/sqllab/execute/'))).toContain('"sql":"SELECT 2"');
    await screen.findByTestId(testIds.sqlLab.rowCount);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(countOf(server.calls, 'POST /api/v1/sqllab/execute/')).toBe(1);
  });
});

describe('SqlLabPage south pane', () => {
  giveElementsHeight();
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem(tabsStorageKey, storedTabs);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  const southTabNames = (): Array<string | null> => screen.getAllByRole('tab').filter((tab) => tab.closest('[aria-label="Results and history"]') !== null).map((tab) => tab.textContent);
  const activeSouthTab = (): string | null | undefined =>
    screen
      .getAllByRole('tab')
      .find((tab) => tab.closest('[aria-label="Results and history"]') !== null && tab.getAttribute('aria-selected') === 'true')?.textContent;
  const tableTab = (name: string): HTMLElement =>
    screen.getAllByTestId(testIds.sqlLab.southTabTable).find((tab) => tab.dataset.table === name) ?? document.body;
  const closeButton = (name: string): HTMLElement => within(tableTab(name).parentElement ?? document.body).getByTestId(testIds.sqlLab.southTabTableClose);
  const tableItem = async (name: string): Promise<HTMLElement> => {
    await waitFor(() => expect(screen.getAllByTestId(testIds.sqlLab.tableItem).map((item) => item.dataset.table)).toContain(name));
    return screen.getAllByTestId(testIds.sqlLab.tableItem).find((item) => item.dataset.table === name) ?? document.body;
  };

  it('gives each previewed table its own closable tab next to Results and Query history', async () => {
    const server = stubServer();
    server.database = { ...examples, allow_run_async: false };
    server.tables = ['birth_names', 'passengers'];
    renderSqlLab();
    await screen.findByTestId(testIds.sqlLab.southTabResults);
    expect(southTabNames()).toEqual(['Results', 'Query history']);

    fireEvent.click(await tableItem('birth_names'));
    expect((await screen.findByTestId(testIds.sqlLab.southTabTable)).textContent).toBe('birth_names');
    await waitFor(() => expect(activeSouthTab()).toBe('birth_names'));
    // The tab shows the table's data preview: its SELECT * run with 100 rows, outside the editor.
    const preview = await screen.findByTestId(testIds.sqlLab.tablePreview);
    await waitFor(() => expect(within(preview).getAllByTestId(testIds.sqlLab.cell).map((cell) => cell.textContent)).toEqual(['Ada', 'Bob']));
    const execute = server.calls.find((call) => call.startsWith('POST /api/v1/sqllab/execute/')) ?? '';
    expect(execute).toContain('"sql":"SELECT name FROM main.birth_names LIMIT 100"');
    expect(execute).toContain('"queryLimit":100');

    fireEvent.click(await tableItem('passengers'));
    await waitFor(() => expect(southTabNames()).toEqual(['Results', 'Query history', 'birth_names', 'passengers']));
    await waitFor(() => expect(activeSouthTab()).toBe('passengers'));
    expect(tableTab('passengers').getAttribute('title')).toBe('main.passengers');

    fireEvent.click(screen.getByTestId(testIds.sqlLab.southTabHistory));
    expect(activeSouthTab()).toBe('Query history');
    expect(await screen.findByTestId(testIds.sqlLab.historyPane)).toBeTruthy();
    expect(screen.queryByTestId(testIds.sqlLab.tablePreview)).toBeNull();

    // Closing the active table's tab moves to the editor's other table, then to Results.
    fireEvent.click(tableTab('passengers'));
    expect(activeSouthTab()).toBe('passengers');
    fireEvent.click(closeButton('passengers'));
    await waitFor(() => expect(southTabNames()).toEqual(['Results', 'Query history', 'birth_names']));
    expect(activeSouthTab()).toBe('birth_names');
    fireEvent.click(closeButton('birth_names'));
    await waitFor(() => expect(southTabNames()).toEqual(['Results', 'Query history']));
    expect(activeSouthTab()).toBe('Results');
    // A closed table leaves the editor: the left bar lists none.
    expect(screen.queryAllByTestId(testIds.sqlLab.editorTable)).toHaveLength(0);
  });
});

describe('SqlLabPage route (spec 000 section 2)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem(tabsStorageKey, storedTabs);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
    document.title = 'Quiver';
  });

  function renderAt(path: string): ReturnType<typeof createMemoryRouter> {
    const router = createMemoryRouter(
      [
        { path: '/sqllab/history', element: <p data-testid="history-page">Query history</p> },
        { path: '/sqllab/*', element: <SqlLabPage /> },
      ],
      { initialEntries: [path] },
    );
    renderWithTheme(<RouterProvider router={router} />);
    return router;
  }

  it("titles the document 'SQL Lab' while the editor is shown", async () => {
    stubServer();
    document.title = 'Quiver';
    renderAt('/sqllab/');
    expect(await screen.findByTestId(testIds.sqlLab.runButton)).toBeTruthy();
    expect(sqlLabTitle).toBe('SQL Lab');
    expect(document.title).toBe('SQL Lab');
  });

  it("sends Superset's old query search link (#search) to the Query history list", async () => {
    stubServer();
    const router = renderAt('/sqllab/#search');
    expect(await screen.findByTestId('history-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sqllab/history/');
  });
});
