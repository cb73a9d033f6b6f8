import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { QueryHistoryItem } from '@/api/generated/QueryHistoryItem';
import { listPageTestServer } from '@/components/listView/listPageTestServer';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { queryHistoryListQuery } from './api';
import { QueryHistoryListPage, queryHistoryTitle } from './QueryHistoryListPage';

function run(id: number, sql: string, status: string): QueryHistoryItem {
  return {
    id,
    client_id: `run0000000${id}`,
    database: { id: 1, database_name: 'examples' },
    status,
    sql,
    executed_sql: `${sql} LIMIT 1001`,
    sql_tables: [{ table: 'birth_names', schema: 'main', catalog: null }],
    catalog: null,
    schema: 'main',
    tab_name: 'Births',
    sql_editor_id: '7',
    rows: 2,
    limit: 1000,
    error_message: null,
    tmp_table_name: null,
    tracking_url: null,
    start_time: 1_764_000_000_000,
    end_time: 1_764_000_001_500,
    changed_on: '2025-11-24T16:00:01',
    user: { id: 1, first_name: 'Ada', last_name: 'Admin' },
  };
}

describe('QueryHistoryListPage (/sqllab/history/)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("lists the runs with their state, tab, database, tables, user and rows; each opens in SQL Lab by its link", async () => {
    const server = listPageTestServer('query', [run(12, 'SELECT gender FROM birth_names', 'success'), run(13, 'SELECT nope', 'failed')], []);
    vi.stubGlobal('fetch', server.fetch);
    const router = createMemoryRouter([{ path: '/sqllab/history', element: <QueryHistoryListPage /> }], { initialEntries: ['/sqllab/history/'] });
    renderWithTheme(<RouterProvider router={router} />);

    const links = await screen.findAllByTestId(testIds.queryHistoryList.openInSqlLab);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/sqllab/?queryId=12', '/sqllab/?queryId=13']);
    expect(screen.getAllByTestId(testIds.queryHistoryList.status).map((cell) => cell.textContent)).toEqual(['success', 'failed']);
    const page = screen.getByTestId(testIds.queryHistoryList.page);
    expect(within(page).getAllByText('Births')).toHaveLength(2);
    expect(within(page).getAllByText('birth_names')).toHaveLength(2);
    expect(within(page).getAllByText('Ada Admin')).toHaveLength(2);
    expect(document.title).toBe(queryHistoryTitle);
    // The newest runs first, from the query API.
    expect(server.sent.some((request) => request.path.startsWith('/api/v1/query/?q=') && request.path.includes('start_time'))).toBe(true);
  });

  it('asks the query API for the filters of the page', () => {
    const q = queryHistoryListQuery(
      {
        filters: [
          { id: 'database', value: '1' },
          { id: 'status', value: 'failed' },
          { id: 'search', value: 'birth' },
        ],
        pageIndex: 0,
        sortColumn: 'start_time',
        sortOrder: 'desc',
      },
      25,
    );
    expect(q).toBe(
      "(filters:!((col:database,opr:rel_o_m,value:1),(col:status,opr:eq,value:'failed'),(col:sql,opr:ct,value:'birth')),order_column:start_time,order_direction:desc,page:0,page_size:25)",
    );
  });
});
