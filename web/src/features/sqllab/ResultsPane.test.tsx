import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SqlLabExecuteResponse } from '@/api/generated/SqlLabExecuteResponse';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { ResultsPane } from './ResultsPane';

function response(rows: number, limitingFactor: string): SqlLabExecuteResponse {
  const columns = [{ column_name: 'name', name: 'name', type: 'STRING', type_generic: 1 as const, is_dttm: false }];
  return {
    status: 'success',
    query_id: 7,
    columns,
    selected_columns: columns,
    expanded_columns: [],
    data: Array.from({ length: rows }, (_, index) => ({ name: `row ${index}` })),
    query: {
      id: 'abcdefghijk',
      queryId: 7,
      serverId: 7,
      dbId: 1,
      db: 'examples',
      state: 'success',
      sql: 'SELECT name FROM birth_names',
      executedSql: 'SELECT name FROM birth_names LIMIT 11',
      catalog: null,
      schema: 'main',
      tab: 'Untitled Query 1',
      sqlEditorId: '1',
      limit: 10,
      limitingFactor,
      progress: 100,
      rows,
      errorMessage: null,
      ctas: false,
      ctas_method: 'TABLE',
      tempTable: null,
      tempSchema: null,
      resultsKey: null,
      trackingUrl: null,
      startDttm: 0,
      endDttm: 1,
      changed_on: '2026-11-23T07:00:00',
      userId: 1,
    },
  };
}

describe('ResultsPane', () => {
  it('counts the rows and warns when the dropdown limit cut them', () => {
    renderWithTheme(<ResultsPane run={{ status: 'success', response: response(10, 'DROPDOWN') }} />);
    expect(screen.getByTestId(testIds.sqlLab.rowCount).textContent).toBe('10 rows');
    expect(screen.getByTestId(testIds.sqlLab.truncationWarning).textContent).toBe(
      'The number of rows displayed is limited to 10 by the limit dropdown.',
    );
  });

  it('shows no warning when nothing was cut', () => {
    renderWithTheme(<ResultsPane run={{ status: 'success', response: response(3, 'NOT_LIMITED') }} />);
    expect(screen.queryByTestId(testIds.sqlLab.truncationWarning)).toBeNull();
  });

  it('shows the error of a failed run and the state of a stopped one', () => {
    const { unmount } = renderWithTheme(
      <ResultsPane run={{ status: 'failed', message: 'Only SELECT statements are allowed against this database.' }} />,
    );
    expect(screen.getByTestId(testIds.sqlLab.resultsError).textContent).toBe('Only SELECT statements are allowed against this database.');
    unmount();
    renderWithTheme(<ResultsPane run={{ status: 'stopped' }} />);
    expect(screen.getByTestId(testIds.sqlLab.resultsStopped).textContent).toBe('Query was stopped');
  });
});
