import { screen, waitFor } from '@testing-library/react';
import { tableFromArrays } from 'apache-arrow';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { renderWithTheme } from '@/testRendering';
import { giveElementsHeight } from '@/testLayout';
import { testIds } from '@/testIds';
import { sqlLabArrowContentType } from './api';
import { resultColumn, resultMeta, sqlLabAnswer } from './sqlLabResultFixtures';
import type { SqlLabTable } from './sqlLabTables';
import { TablePreviewPane } from './TablePreviewPane';

const table: SqlLabTable = { id: '44', queryEditorId: '7', dbId: 1, catalog: null, schema: 'main', name: 'flights', expanded: true };

const selectStar = 'SELECT "origin"\nFROM "main"."flights"\nLIMIT 100';

function stubServer(answerRun?: (method: string, url: string, body: string) => Response | null): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    const body = typeof init.body === 'string' ? init.body : '';
    calls.push(`${init.method ?? 'GET'} ${url}${body === '' ? '' : ` ${body}`}`);
    const answer = answerRun?.(init.method ?? 'GET', url, body) ?? null;
    if (answer !== null) return Promise.resolve(answer);
    if (url.startsWith('/api/v1/database/1/table_metadata/')) {
      const columns = [
        { name: 'origin', type: 'VARCHAR', longType: 'VARCHAR', keys: [], comment: null },
        { name: 'delay', type: 'INTEGER', longType: 'INTEGER', keys: [], comment: null },
      ];
      return Promise.resolve(
        Response.json({ name: 'flights', schema: 'main', columns, selectStar, primaryKey: { constrained_columns: [], name: null }, foreignKeys: [], indexes: [] }),
      );
    }
    const stream = sqlLabAnswer(tableFromArrays({ origin: ['SFO', 'JFK'] }), resultMeta([resultColumn('origin', 'VARCHAR', 1)], 2));
    return Promise.resolve(new Response(new Blob([stream.slice()]), { headers: { 'Content-Type': sqlLabArrowContentType } }));
  });
  return calls;
}

describe('TablePreviewPane', () => {
  giveElementsHeight();
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("runs the table's SELECT * with 100 rows as its data preview", async () => {
    const calls = stubServer();
    renderWithTheme(<TablePreviewPane table={table} isDataPreviewDisabled={false} />);
    expect((await screen.findByTestId(testIds.sqlLab.rowCount)).textContent).toBe('2 rows');
    expect(calls.filter((call) => call.startsWith('POST /api/v1/sqllab/execute/'))).toHaveLength(1);
    expect(screen.getByTestId(testIds.sqlLab.tablePreview).getAttribute('aria-label')).toBe('Preview: main.flights');
  });

  it('marks the table initialized once its metadata is read, and keeps the client id of its preview run (dataPreviewQueryId)', async () => {
    const calls = stubServer();
    const changes: [string, unknown][] = [];
    renderWithTheme(<TablePreviewPane table={table} isDataPreviewDisabled={false} onTableChange={(id, change) => changes.push([id, change])} />);
    expect((await screen.findByTestId(testIds.sqlLab.rowCount)).textContent).toBe('2 rows');
    const execute = calls.find((call) => call.startsWith('POST /api/v1/sqllab/execute/')) ?? '';
    const clientId = /"client_id":"(\w+)"/.exec(execute)?.[1];
    expect(clientId).toBeDefined();
    expect(changes).toContainEqual(['44', { initialized: true }]);
    expect(changes).toContainEqual(['44', { dataPreviewQueryId: clientId }]);
  });

  it('reports nothing for a table already initialized with its preview id', async () => {
    stubServer();
    const changes: unknown[] = [];
    const known: SqlLabTable = { ...table, initialized: true };
    renderWithTheme(<TablePreviewPane table={known} isDataPreviewDisabled onTableChange={(_id, change) => changes.push(change)} />);
    await waitFor(() => expect(screen.getByTestId(testIds.sqlLab.tablePreviewColumns).textContent).toContain('origin'));
    expect(changes).toEqual([]);
  });

  it('runs the preview asynchronously on an async database: pending, then its stored rows by results key', async () => {
    let clientId = '';
    let isFinished = false;
    const calls = stubServer((method, url, body) => {
      if (method === 'POST' && url.startsWith('/api/v1/sqllab/execute/')) {
        clientId = (JSON.parse(body) as { client_id: string }).client_id;
        const query = { ...resultMeta([], 0).query, id: clientId, state: 'pending', progress: 0, sqlEditorId: null, tab: '' };
        return Response.json({ query }, { status: 202 });
      }
      if (url.startsWith('/api/v1/query/updated_since')) {
        const state = isFinished ? 'success' : 'running';
        const query = { ...resultMeta([], 2).query, id: clientId, state, progress: isFinished ? 100 : 30, resultsKey: isFinished ? 'key-9' : null };
        isFinished = true;
        return Response.json({ result: [query] });
      }
      return null;
    });
    renderWithTheme(<TablePreviewPane table={table} isDataPreviewDisabled={false} isAsync />);
    expect((await screen.findByTestId(testIds.sqlLab.rowCount, {}, { timeout: 5000 })).textContent).toBe('2 rows');
    const execute = calls.find((call) => call.startsWith('POST /api/v1/sqllab/execute/')) ?? '';
    const payload = JSON.parse(execute.slice(execute.indexOf(' {') + 1)) as Record<string, unknown>;
    expect(payload).toEqual({
      client_id: clientId,
      database_id: 1,
      schema: 'main',
      sql: selectStar,
      tab: '',
      queryLimit: 100,
      runAsync: true,
      json: true,
      isDataPreview: true,
    });
    expect(payload).not.toHaveProperty('sql_editor_id');
    expect(calls.filter((call) => call.startsWith('GET /api/v1/query/updated_since')).length).toBeGreaterThanOrEqual(2);
    expect(calls.filter((call) => call.startsWith('GET /api/v1/sqllab/results/'))).toEqual([
      `GET /api/v1/sqllab/results/?q=${encodeURIComponent("(key:'key-9',rows:100)")}`,
    ]);
  });

  it('runs the preview synchronously without polling on a database without async runs', async () => {
    const calls = stubServer();
    renderWithTheme(<TablePreviewPane table={table} isDataPreviewDisabled={false} isAsync={false} />);
    expect((await screen.findByTestId(testIds.sqlLab.rowCount)).textContent).toBe('2 rows');
    const execute = calls.find((call) => call.startsWith('POST /api/v1/sqllab/execute/')) ?? '';
    expect(JSON.parse(execute.slice(execute.indexOf(' {') + 1))).toMatchObject({ runAsync: false, queryLimit: 100, tab: '' });
    expect(calls.some((call) => call.includes('updated_since') || call.includes('/sqllab/results/'))).toBe(false);
  });

  it('runs no preview on a database with disable_data_preview: the columns and their types instead', async () => {
    const calls = stubServer();
    renderWithTheme(<TablePreviewPane table={table} isDataPreviewDisabled />);
    const columns = await screen.findByTestId(testIds.sqlLab.tablePreviewColumns);
    await waitFor(() => expect(Array.from(columns.querySelectorAll('li'), (item) => item.textContent)).toEqual(['origin VARCHAR', 'delay INTEGER']));
    expect(calls.some((call) => call.startsWith('POST /api/v1/sqllab/execute/'))).toBe(false);
    expect(screen.queryByTestId(testIds.sqlLab.tablePreview)).toBeNull();
  });
});
