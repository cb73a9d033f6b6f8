import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { QueryHistoryItem } from '@/api/generated/QueryHistoryItem';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { QueryHistoryPane, removeQueryFailedMessage } from './QueryHistoryPane';
import { queryHistoryPath } from './stateApi';

function run(id: number, status: string, sql: string): QueryHistoryItem {
  return {
    id,
    client_id: `client${id}`,
    database: { id: 1, database_name: 'examples' },
    status,
    sql,
    executed_sql: null,
    sql_tables: [],
    catalog: null,
    schema: 'main',
    tab_name: 'Untitled Query 1',
    sql_editor_id: '12',
    rows: status === 'success' ? 2 : null,
    limit: 1000,
    error_message: null,
    tmp_table_name: null,
    tracking_url: null,
    start_time: 1_700_000_000_000,
    end_time: 1_700_000_001_250,
    changed_on: '2026-11-23T07:00:00.000000',
    user: null,
  };
}

describe('QueryHistoryPane', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('lists the tab runs and filters them by state on the server', async () => {
    const requested: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      requested.push(url);
      const rows = decodeURIComponent(url).includes("col:status,opr:eq,value:'success'") ? [run(1, 'success', 'SELECT 1')] : [run(2, 'failed', 'SELECT nope'), run(1, 'success', 'SELECT 1')];
      return Promise.resolve(Response.json({ count: rows.length, ids: rows.map((row) => row.id), result: rows }));
    });
    renderWithTheme(<QueryHistoryPane sqlEditorId="12" refreshNumber={0} />);

    await waitFor(() => expect(screen.getAllByTestId(testIds.sqlLab.historyRow)).toHaveLength(2));
    const states = screen.getAllByTestId(testIds.sqlLab.historyRow).map((row) => row.getAttribute('data-status'));
    expect(states).toEqual(['failed', 'success']);
    expect(screen.getAllByText('00:00:01.250')).toHaveLength(2);
    expect(requested[0]).toBe(queryHistoryPath({ sqlEditorId: '12', status: null, sqlText: '' }));

    fireEvent.change(screen.getByTestId(testIds.sqlLab.historyStatusFilter), { target: { value: 'success' } });
    await waitFor(() => expect(screen.getAllByTestId(testIds.sqlLab.historyRow)).toHaveLength(1));
    expect(requested.at(-1)).toBe(queryHistoryPath({ sqlEditorId: '12', status: 'success', sqlText: '' }));
  });

  it('builds the rison filters of the history call', () => {
    const path = queryHistoryPath({ sqlEditorId: '12', status: 'failed', sqlText: " it's " });
    expect(decodeURIComponent(path)).toBe(
      "/api/v1/query/?q=(filters:!((col:sql_editor_id,opr:eq,value:'12'),(col:status,opr:eq,value:'failed'),(col:sql,opr:ct,value:'it!'s')),order_column:changed_on,order_direction:desc,page:0,page_size:100)",
    );
  });

  it('removes a run from the tab history, and says so when that fails', async () => {
    const requested: string[] = [];
    let removals = 0;
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
      requested.push(`${init.method ?? 'GET'} ${url}`);
      if (init.method === 'DELETE') {
        removals += 1;
        return Promise.resolve(removals === 1 ? Response.json('OK') : Response.json({ message: 'Not found' }, { status: 404 }));
      }
      const rows = removals === 0 ? [run(2, 'failed', 'SELECT nope'), run(1, 'success', 'SELECT 1')] : [run(1, 'success', 'SELECT 1')];
      return Promise.resolve(Response.json({ count: rows.length, ids: rows.map((row) => row.id), result: rows }));
    });
    renderWithTheme(<QueryHistoryPane sqlEditorId="12" refreshNumber={0} />);
    await waitFor(() => expect(screen.getAllByTestId(testIds.sqlLab.historyRemove)).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId(testIds.sqlLab.historyRemove)[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId(testIds.sqlLab.historyRow)).toHaveLength(1));
    expect(requested).toContain('DELETE /tabstateview/12/query/client2');
    fireEvent.click(screen.getAllByTestId(testIds.sqlLab.historyRemove)[0] as HTMLElement);
    expect(await screen.findByText(removeQueryFailedMessage)).toBeTruthy();
  });

  it('offers no removal for a tab kept only in the browser', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ count: 1, ids: [1], result: [run(1, 'success', 'SELECT 1')] })));
    renderWithTheme(<QueryHistoryPane sqlEditorId="a1b2c3" refreshNumber={0} />);
    await waitFor(() => expect(screen.getAllByTestId(testIds.sqlLab.historyRow)).toHaveLength(1));
    expect(screen.queryByTestId(testIds.sqlLab.historyRemove)).toBeNull();
  });
});
