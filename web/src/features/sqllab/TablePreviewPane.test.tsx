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

function stubServer(): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    calls.push(`${init.method ?? 'GET'} ${url}`);
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

  it('runs no preview on a database with disable_data_preview: the columns and their types instead', async () => {
    const calls = stubServer();
    renderWithTheme(<TablePreviewPane table={table} isDataPreviewDisabled />);
    const columns = await screen.findByTestId(testIds.sqlLab.tablePreviewColumns);
    await waitFor(() => expect(Array.from(columns.querySelectorAll('li'), (item) => item.textContent)).toEqual(['origin VARCHAR', 'delay INTEGER']));
    expect(calls.some((call) => call.startsWith('POST /api/v1/sqllab/execute/'))).toBe(false);
    expect(screen.queryByTestId(testIds.sqlLab.tablePreview)).toBeNull();
  });
});
