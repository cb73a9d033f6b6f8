import { fireEvent, screen } from '@testing-library/react';
import { Int64, Utf8, vectorFromArray } from 'apache-arrow';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { giveElementsHeight } from '@/testLayout';
import { testIds } from '@/testIds';
import type { SqlLabResult } from './api';
import { ResultsPane } from './ResultsPane';
import type { RunState } from './runLifecycle';
import { resultColumn, sqlLabResult } from './sqlLabResultFixtures';

function result(rows: number, limitingFactor: string): SqlLabResult {
  return namesResult(
    Array.from({ length: rows }, (_, index) => ({ name: `row ${index}`, num: index })),
    limitingFactor,
  );
}

/** A run of `SELECT name, num FROM birth_names` answering these rows, as decoded from its Arrow answer. */
function namesResult(rows: { name: string; num: number | null }[], limitingFactor = 'NOT_LIMITED'): SqlLabResult {
  return sqlLabResult(
    [
      { column: resultColumn('name', 'STRING', 1), vector: vectorFromArray(rows.map((row) => row.name), new Utf8()) },
      {
        column: resultColumn('num', 'BIGINT', 0),
        vector: vectorFromArray(
          rows.map((row) => (row.num === null ? null : BigInt(row.num))),
          new Int64(),
        ),
      },
    ],
    limitingFactor,
  );
}

const unsortedRows = [
  { name: 'Mia', num: 9 },
  { name: 'Ada', num: null },
  { name: 'Zoe', num: 100 },
  { name: 'Bob', num: 10 },
];

function columnTexts(column: string): string[] {
  return screen
    .getAllByTestId(testIds.sqlLab.cell)
    .filter((cell) => cell.getAttribute('data-column') === column)
    .map((cell) => cell.textContent);
}

function headerSorts(): (string | null)[] {
  return screen.getAllByTestId(testIds.sqlLab.headerCell).map((header) => header.getAttribute('aria-sort'));
}

describe('ResultsPane', () => {
  giveElementsHeight();
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('counts the rows and warns when the dropdown limit cut them', () => {
    renderWithTheme(<ResultsPane run={{ status: 'success', result: result(10, 'DROPDOWN') }} />);
    expect(screen.getByTestId(testIds.sqlLab.rowCount).textContent).toBe('10 rows');
    expect(screen.getByTestId(testIds.sqlLab.truncationWarning).textContent).toBe(
      'The number of rows displayed is limited to 10 by the limit dropdown.',
    );
  });

  it('shows no warning when nothing was cut', () => {
    renderWithTheme(<ResultsPane run={{ status: 'success', result: result(3, 'NOT_LIMITED') }} />);
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

  it('shows a pending run, a running one with its progress once the engine reports some, and a fetching one', () => {
    const shown = (run: RunState, testId: string): string | null => {
      const { unmount } = renderWithTheme(<ResultsPane run={run} />);
      const text = screen.queryByTestId(testId)?.textContent ?? null;
      unmount();
      return text;
    };
    expect(shown({ status: 'pending', clientId: 'a', startDttm: 0 }, testIds.sqlLab.resultsPending)).toBe('Pending…');
    expect(shown({ status: 'running', clientId: 'a', startDttm: 0, isAsync: true, progress: 0 }, testIds.sqlLab.resultsRunning)).toBe('Running…');
    expect(shown({ status: 'running', clientId: 'a', startDttm: 0, isAsync: true, progress: 0 }, testIds.sqlLab.resultsProgress)).toBeNull();
    expect(shown({ status: 'running', clientId: 'a', startDttm: 0, isAsync: true, progress: 35 }, testIds.sqlLab.resultsProgress)).toBe('35%');
    expect(shown({ status: 'fetching', clientId: 'a', resultsKey: 'k' }, testIds.sqlLab.resultsFetching)).toBe('Fetching results…');
  });

  it('sorts by a clicked header: ascending, descending, then as run, numbers by value and nulls last', () => {
    renderWithTheme(<ResultsPane run={{ status: 'success', result: namesResult(unsortedRows) }} />);
    expect(columnTexts('num')).toEqual(['9', 'N/A', '100', '10']);
    expect(headerSorts()).toEqual(['none', 'none']);
    const numHeader = screen.getByRole('button', { name: 'num' });

    fireEvent.click(numHeader);
    expect(headerSorts()).toEqual(['none', 'ascending']);
    expect(columnTexts('num')).toEqual(['9', '10', '100', 'N/A']);
    expect(columnTexts('name')).toEqual(['Mia', 'Bob', 'Zoe', 'Ada']);

    fireEvent.click(numHeader);
    expect(headerSorts()).toEqual(['none', 'descending']);
    expect(columnTexts('num')).toEqual(['100', '10', '9', 'N/A']);

    fireEvent.click(numHeader);
    expect(headerSorts()).toEqual(['none', 'none']);
    expect(columnTexts('num')).toEqual(['9', 'N/A', '100', '10']);

    fireEvent.click(screen.getByRole('button', { name: 'name' }));
    expect(headerSorts()).toEqual(['ascending', 'none']);
    expect(columnTexts('name')).toEqual(['Ada', 'Bob', 'Mia', 'Zoe']);
  });

  it('sorting a large result still renders only the rows in view', () => {
    const manyRows = Array.from({ length: 5000 }, (_, index) => ({ name: `row ${index}`, num: index }));
    renderWithTheme(<ResultsPane run={{ status: 'success', result: namesResult(manyRows) }} />);
    fireEvent.click(screen.getByRole('button', { name: 'num' }));
    fireEvent.click(screen.getByRole('button', { name: 'num' }));
    const shown = columnTexts('num');
    expect(shown.length).toBeLessThan(100);
    expect(shown.slice(0, 3)).toEqual(['4999', '4998', '4997']);
  });

  it('"Copy to Clipboard" copies the rows as tab-separated text with a header line', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderWithTheme(<ResultsPane run={{ status: 'success', result: namesResult(unsortedRows) }} />);
    const button = screen.getByTestId(testIds.sqlLab.copyResultsButton);
    expect(button.textContent).toBe('Copy to Clipboard');

    fireEvent.click(button);
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('name\tnum\nMia\t9\nAda\t\nZoe\t100\nBob\t10\n');
  });
});

describe('ResultsPane: CSV download, created tables and typed errors', () => {
  giveElementsHeight();

  function ctasResult(method: 'TABLE' | 'VIEW'): SqlLabResult {
    const base = namesResult([{ name: 'Aaron', num: 10 }]);
    return { ...base, meta: { ...base.meta, query: { ...base.meta.query, ctas: true, ctas_method: method, tempTable: 'boys', tempSchema: 'scratch' } } };
  }

  it("offers 'Download to CSV' of the run only to users allowed to export", () => {
    const run: RunState = { status: 'success', result: namesResult(unsortedRows) };
    const { rerender } = renderWithTheme(<ResultsPane run={run} canDownloadCsv={false} />);
    expect(screen.queryByTestId(testIds.sqlLab.downloadCsvButton)).toBeNull();
    rerender(<ResultsPane run={run} canDownloadCsv />);
    const download = screen.getByTestId(testIds.sqlLab.downloadCsvButton);
    expect(download.textContent).toBe('Download to CSV');
    expect(download.getAttribute('href')).toBe('/api/v1/sqllab/export/abcdefghijk/');
  });

  it("says 'Table [schema.name] was created' and queries it in a new tab", () => {
    const onQueryInNewTab = vi.fn();
    renderWithTheme(<ResultsPane run={{ status: 'success', result: ctasResult('TABLE') }} onQueryInNewTab={onQueryInNewTab} />);
    expect(screen.getByTestId(testIds.sqlLab.createdNotice).textContent).toContain('Table [scratch.boys] was created');
    fireEvent.click(screen.getByTestId(testIds.sqlLab.queryCreatedInNewTab));
    expect(onQueryInNewTab).toHaveBeenCalledWith(expect.objectContaining({ tempTable: 'boys', tempSchema: 'scratch' }));
  });

  it("says 'View [...] was created' after CREATE VIEW AS, and nothing for an ordinary run", () => {
    const { rerender } = renderWithTheme(<ResultsPane run={{ status: 'success', result: ctasResult('VIEW') }} />);
    expect(screen.getByTestId(testIds.sqlLab.createdNotice).textContent).toContain('View [scratch.boys] was created');
    rerender(<ResultsPane run={{ status: 'success', result: namesResult(unsortedRows) }} />);
    expect(screen.queryByTestId(testIds.sqlLab.createdNotice)).toBeNull();
  });

  it("shows a parse error as 'Unable to parse SQL' with the offending line and a caret", () => {
    const run: RunState = {
      status: 'failed',
      message: 'Unable to parse SQL: Expected end of statement, found: FORM at Line: 2, Column: 8',
      error: {
        message: 'Unable to parse SQL: Expected end of statement, found: FORM at Line: 2, Column: 8',
        error_type: 'INVALID_SQL_ERROR',
        level: 'error',
        extra: { line: 2, column: 8 },
      },
      sql: 'SELECT name\nSELECT FORM birth_names',
    };
    const { container } = renderWithTheme(<ResultsPane run={run} />);
    const shown = screen.getByTestId(testIds.sqlLab.resultsError);
    expect(shown.textContent).toContain('Unable to parse SQL');
    expect(container.querySelector('[data-sql-line="2"]')?.textContent).toBe('SELECT FORM birth_names');
    expect(container.querySelector('[data-sql-caret="8"]')?.textContent).toBe('       ^');
  });

  it("shows a timed-out run as 'Timeout error'", () => {
    const run: RunState = {
      status: 'failed',
      message: 'The query exceeded the 30 seconds timeout.',
      error: { message: 'The query exceeded the 30 seconds timeout.', error_type: 'SQLLAB_TIMEOUT_ERROR', level: 'error', extra: { timeout: 30 } },
    };
    renderWithTheme(<ResultsPane run={run} />);
    const shown = screen.getByTestId(testIds.sqlLab.resultsError);
    expect(shown.textContent).toContain('Timeout error');
    expect(shown.textContent).toContain('Queries are set to timeout after 30 seconds.');
  });

  it('shows an untyped failure as its message', () => {
    renderWithTheme(<ResultsPane run={{ status: 'failed', message: 'Server error' }} />);
    expect(screen.getByTestId(testIds.sqlLab.resultsError).textContent).toBe('Server error');
  });
});
