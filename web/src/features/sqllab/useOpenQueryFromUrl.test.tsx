import { screen, waitFor } from '@testing-library/react';
import type { JSX } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { renderWithTheme } from '@/testRendering';
import { datasourceLoadFailedMessage, openedQueryOf, requestedQueryFromUrl, sqlLabDatasourceLink } from './requestedQuery';
import { useEditorTabs } from './useEditorTabs';
import { useOpenQueryFromUrl } from './useOpenQueryFromUrl';

const chartSql = 'SELECT gender, SUM(num) AS "SUM(num)"\nFROM birth_names\nGROUP BY gender';

/** SQL Lab's tabs (kept in this browser) with the URL's query opened, one line per tab. */
function TabsProbe(): JSX.Element {
  const editorTabs = useEditorTabs();
  useOpenQueryFromUrl(editorTabs);
  const { tabs, activeTabId } = editorTabs.state;
  return (
    <ul>
      {tabs.map((tab) => (
        <li key={tab.id} data-testid="tab">
          {[tab.id === activeTabId ? 'active' : '', tab.name, String(tab.dbId), String(tab.schema), tab.sql].join('|')}
        </li>
      ))}
    </ul>
  );
}

/** Spec 002 section 7's read of dataset 3 for SQL Lab. */
const datasetThreeSource = `/api/v1/dataset/3?q=${encodeURIComponent('(keys:!(none),columns:!(name,schema,database.id,select_star))')}`;

/** Stubs the server: tabs live in the browser; dataset 3 is `birth_names` in `main` of database 2. */
function stubServer(): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    if (url === '/api/v1/sqllab/') {
      return Promise.resolve(Response.json({ result: { backend_persistence: false, active_tab: null, tab_state_ids: [], queries: {}, sqllab_config: { default_sqllab_limit: 1000, default_database_id: null, query_result_timeout_seconds: 0 } } }));
    }
    if (url === datasetThreeSource) {
      const selectStar = 'SELECT *\nFROM "main"."birth_names"\nLIMIT 100';
      const database = { id: 2, database_name: 'examples', backend: 'duckdb' };
      return Promise.resolve(Response.json({ id: 3, result: { name: 'main.birth_names', schema: 'main', database, select_star: selectStar } }));
    }
    if (url === '/api/v1/query/12') {
      const run = { id: 12, client_id: 'run00000012', database: { id: 2, database_name: 'examples' }, schema: 'main', sql: 'SELECT 12', tab_name: 'Births' };
      return Promise.resolve(Response.json({ id: 12, result: run }));
    }
    return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
  });
  return calls;
}

function renderSqlLabAt(path: string): ReturnType<typeof createMemoryRouter> {
  const router = createMemoryRouter([{ path: '/sqllab/*', element: <TabsProbe /> }], { initialEntries: [path] });
  renderWithTheme(<RouterProvider router={router} />);
  return router;
}

async function tabLines(count: number): Promise<string[]> {
  await waitFor(() => expect(screen.getAllByTestId('tab')).toHaveLength(count));
  return screen.getAllByTestId('tab').map((tab) => tab.textContent);
}

describe('useOpenQueryFromUrl', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
    window.localStorage.clear();
  });

  it('opens a chart\'s datasource and SQL in a new tab and clears the URL', async () => {
    const calls = stubServer();
    const router = renderSqlLabAt(sqlLabDatasourceLink('3__table', chartSql));

    expect(await tabLines(2)).toEqual(['|Untitled query|null|null|', `active|Query main.birth_names|2|main|${chartSql}`]);
    expect(calls).toContain('/api/v1/dataset/3?q=(keys%3A!(none)%2Ccolumns%3A!(name%2Cschema%2Cdatabase.id%2Cselect_star))');
    expect(router.state.location.pathname + router.state.location.search).toBe('/sqllab/');
  });

  it('runs the SQL a chart hands over once the tab opens (autorun), not a bare datasource', async () => {
    stubServer();
    const withSql = await openedQueryOf({ kind: 'datasource', datasourceKey: '3__table', sql: chartSql }, []);
    expect(withSql).toMatchObject({ name: 'Query main.birth_names', dbId: 2, sql: chartSql, autorun: true });
    const withoutSql = await openedQueryOf({ kind: 'datasource', datasourceKey: '3__table', sql: null }, []);
    expect(withoutSql.autorun).toBe(false);
    // Without SQL, the tab holds the dataset's SELECT * (select_star).
    expect(withoutSql.sql).toBe('SELECT *\nFROM "main"."birth_names"\nLIMIT 100');
  });

  it('opens a database, schema, SQL and name from dbid', async () => {
    stubServer();
    const router = renderSqlLabAt('/sqllab/?dbid=1&schema=main&sql=SELECT%201&name=One');
    expect(await tabLines(2)).toEqual(['|Untitled query|null|null|', 'active|One|1|main|SELECT 1']);
    expect(router.state.location.search).toBe('');
  });

  it('keeps the URL parameters that are not SQL Lab\'s own, for the templates\' url_param()', async () => {
    stubServer();
    const router = renderSqlLabAt('/sqllab/?dbid=1&schema=main&sql=SELECT%201&name=One&state=CA');
    expect(await tabLines(2)).toEqual(['|Untitled query|null|null|', 'active|One|1|main|SELECT 1']);
    await waitFor(() => expect(router.state.location.search).toBe('?state=CA'));
    expect(router.state.location.pathname).toBe('/sqllab/');
  });

  it("opens a run's link (`?queryId=`) as 'Copy of' its tab, with its database, schema and SQL", async () => {
    const calls = stubServer();
    const router = renderSqlLabAt('/sqllab/?queryId=12');
    expect(await tabLines(2)).toEqual(['|Untitled query|null|null|', 'active|Copy of Births|2|main|SELECT 12']);
    expect(calls).toContain('/api/v1/query/12');
    expect(router.state.location.search).toBe('');
  });

  it('names a dbid tab without a name as the next untitled query', async () => {
    stubServer();
    renderSqlLabAt('/sqllab/?dbid=4&sql=SELECT%202');
    expect(await tabLines(2)).toEqual(['|Untitled query|null|null|', 'active|Untitled Query 1|4|null|SELECT 2']);
  });

  it("toasts \"The datasource couldn't be loaded\" when the dataset cannot be read, and clears the URL", async () => {
    stubServer();
    const router = renderSqlLabAt('/sqllab/?datasourceKey=99__table&sql=SELECT%201');
    expect(await screen.findByText("The datasource couldn't be loaded")).toBeTruthy();
    expect(datasourceLoadFailedMessage).toBe("The datasource couldn't be loaded");
    expect(await tabLines(1)).toEqual(['active|Untitled query|null|null|']);
    expect(router.state.location.search).toBe('');
  });
});

describe('requestedQueryFromUrl', () => {
  it('reads the parameters in Superset\'s order', () => {
    const read = (query: string, permalinkKey: string | null = null): unknown => requestedQueryFromUrl(new URLSearchParams(query), permalinkKey);
    expect(read('savedQueryId=7&dbid=1')).toEqual({ kind: 'savedQuery', savedQueryId: 7 });
    expect(read('dbid=1', 'abc')).toEqual({ kind: 'permalink', key: 'abc' });
    expect(read('queryId=12&dbid=1')).toEqual({ kind: 'queryRun', queryId: 12 });
    expect(read('datasourceKey=3__table&dbid=1')).toEqual({ kind: 'datasource', datasourceKey: '3__table', sql: null });
    expect(read('dbid=2&schema=&sql=SELECT%201')).toEqual({ kind: 'database', dbId: 2, schema: null, sql: 'SELECT 1', name: null });
    expect(read('dbid=x&sql=SELECT%201')).toBeNull();
    expect(read('')).toBeNull();
  });
});
