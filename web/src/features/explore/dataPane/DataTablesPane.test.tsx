import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Bool, Float64, makeVector, Table, TimestampMillisecond, Utf8, vectorFromArray } from 'apache-arrow';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartDataArrowResult } from '@/api/chartData';
import { forgetCsrfToken } from '@/api/client';
import { chartResultMeta } from '@/api/chartDataTestResults';
import type { DatasourceRef } from '@/api/generated/DatasourceRef';
import { giveElementsHeight } from '@/testLayout';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import type { ChartResultsState } from './chartResultsState';
import { DataTablesPane } from './DataTablesPane';

const datasource: DatasourceRef = { id: 7, type: 'table' };
const samplesPath = '/datasource/samples?datasource_type=table&datasource_id=7&force=false&per_page=1000';
const csrfTokenPath = '/api/v1/security/csrf_token/';

/** A pivoted time series as the worker hands it to the chart: ds, then one column per gender. */
function pivotedResult(): ChartDataArrowResult {
  const table = new Table({
    ds: vectorFromArray([new Date(Date.UTC(1965, 0, 1)), new Date(Date.UTC(1966, 0, 1)), new Date(Date.UTC(1967, 0, 1))], new TimestampMillisecond()),
    boy: vectorFromArray([null, 1200.5, 0.1 + 0.2], new Float64()),
    girl: vectorFromArray([800, 950.25, 1000], new Float64()),
  });
  return { meta: chartResultMeta(['ds', 'boy', 'girl'], [2, 0, 0], 3), table };
}

function stateResult(): ChartDataArrowResult {
  const table = new Table({
    state: vectorFromArray(['CA', 'NY'], new Utf8()),
    total: vectorFromArray([10, 20], new Float64()),
  });
  return { meta: chartResultMeta(['state', 'total'], [1, 0], 2), table };
}

/** Flags, notes and structured values: booleans, an empty string, JSON and a long text. */
function notesResult(): ChartDataArrowResult {
  const longNote = `${'a long note '.repeat(10)}end`;
  const table = new Table({
    flag: vectorFromArray([true, false], new Bool()),
    note: vectorFromArray(['', longNote], new Utf8()),
    tags: vectorFromArray(['{"team":"red","ids":[1,2]}', 'plain'], new Utf8()),
  });
  return { meta: chartResultMeta(['flag', 'note', 'tags'], [3, 1, 1], 2), table };
}

function renderPane(chartResults: ChartResultsState): void {
  renderWithTheme(<DataTablesPane datasource={datasource} chartResults={chartResults} />);
}

function shownRows(container: HTMLElement = document.body): string[][] {
  return within(container)
    .queryAllByTestId(testIds.dataPane.row)
    .map((row) => within(row).getAllByTestId(testIds.dataPane.cell).map((cell) => cell.textContent));
}

function rowCountTexts(): string[] {
  return screen.getAllByTestId(testIds.dataPane.rowCount).map((element) => element.textContent);
}

interface RecordedCall {
  url: string;
  method: string;
}

function stubFetch(samplesAnswer: () => Response): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET' });
    if (url === csrfTokenPath) return Promise.resolve(Response.json({ result: 'token' }));
    return Promise.resolve(samplesAnswer());
  });
  return calls;
}

describe('DataTablesPane', () => {
  giveElementsHeight();
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('is collapsed at first and opens on the Results tab with the rows the chart received', () => {
    renderPane({ status: 'success', results: [pivotedResult()] });
    expect(screen.queryByTestId(testIds.dataPane.table)).toBeNull();
    expect(screen.getByTestId(testIds.dataPane.toggle).getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(screen.getByTestId(testIds.dataPane.resultsTab));

    expect(screen.getByTestId(testIds.dataPane.resultsTab).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByTestId(testIds.dataPane.headerCell).map((cell) => cell.textContent)).toEqual(['ds', 'boy', 'girl']);
    expect(rowCountTexts()).toEqual(['3 rows']);
    expect(shownRows()).toEqual([
      ['1965-01-01 00:00:00', '<NULL>', '800'],
      ['1966-01-01 00:00:00', '1200.5', '950.25'],
      ['1967-01-01 00:00:00', '0.30000000000000004', '1000'],
    ]);
    const nullCell = screen.getAllByTestId(testIds.dataPane.cell).find((cell) => cell.dataset.column === 'boy');
    expect(nullCell?.dataset.null).toBe('true');
  });

  it('collapses and opens again with the arrow, on the tab shown last', () => {
    renderPane({ status: 'success', results: [pivotedResult()] });
    const toggle = screen.getByTestId(testIds.dataPane.toggle);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(rowCountTexts()).toEqual(['3 rows']);
    fireEvent.click(toggle);
    expect(screen.queryByTestId(testIds.dataPane.table)).toBeNull();
  });

  it('filters rows by the search text and counts the rows shown', async () => {
    renderPane({ status: 'success', results: [pivotedResult()] });
    fireEvent.click(screen.getByTestId(testIds.dataPane.resultsTab));

    fireEvent.change(screen.getByTestId(testIds.dataPane.search), { target: { value: '1966' } });
    await waitFor(() => expect(rowCountTexts()).toEqual(['1 of 3 rows']));
    expect(shownRows()).toEqual([['1966-01-01 00:00:00', '1200.5', '950.25']]);

    fireEvent.change(screen.getByTestId(testIds.dataPane.search), { target: { value: '<null>' } });
    await waitFor(() => expect(shownRows()).toEqual([['1965-01-01 00:00:00', '<NULL>', '800']]));

    fireEvent.change(screen.getByTestId(testIds.dataPane.search), { target: { value: 'no such value' } });
    await waitFor(() => expect(rowCountTexts()).toEqual(['0 of 3 rows']));
    expect(shownRows()).toEqual([]);

    fireEvent.change(screen.getByTestId(testIds.dataPane.search), { target: { value: '' } });
    await waitFor(() => expect(rowCountTexts()).toEqual(['3 rows']));
    expect(shownRows()).toHaveLength(3);
  });

  it('copies the rows shown as tab-separated text', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderPane({ status: 'success', results: [pivotedResult()] });
    fireEvent.click(screen.getByTestId(testIds.dataPane.resultsTab));
    fireEvent.change(screen.getByTestId(testIds.dataPane.search), { target: { value: '0.3' } });
    await waitFor(() => expect(rowCountTexts()).toEqual(['1 of 3 rows']));

    fireEvent.click(screen.getByTestId(testIds.dataPane.copyButton));

    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('ds\tboy\tgirl\n1967-01-01 00:00:00\t0.30000000000000004\t1000\n');
  });

  it("sorts by a clicked header: ascending, descending, then the result's order, nulls last", () => {
    renderPane({ status: 'success', results: [pivotedResult()] });
    fireEvent.click(screen.getByTestId(testIds.dataPane.resultsTab));
    const boyHeader = screen.getAllByTestId(testIds.dataPane.headerCell)[1] as HTMLElement;
    const boyColumn = (): (string | null)[] => shownRows().map((row) => row[1] ?? null);

    fireEvent.click(within(boyHeader).getByRole('button'));
    expect(boyHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(boyColumn()).toEqual(['0.30000000000000004', '1200.5', '<NULL>']);

    fireEvent.click(within(boyHeader).getByRole('button'));
    expect(boyHeader.getAttribute('aria-sort')).toBe('descending');
    expect(boyColumn()).toEqual(['1200.5', '0.30000000000000004', '<NULL>']);

    fireEvent.click(within(boyHeader).getByRole('button'));
    expect(boyHeader.getAttribute('aria-sort')).toBe('none');
    expect(boyColumn()).toEqual(['<NULL>', '1200.5', '0.30000000000000004']);
  });

  it('numbers the rows in display order, in a small grid', () => {
    renderPane({ status: 'success', results: [pivotedResult()] });
    fireEvent.click(screen.getByTestId(testIds.dataPane.resultsTab));
    const rowNumbers = (): string[] => screen.getAllByTestId(testIds.dataPane.rowNumber).map((cell) => cell.textContent);
    expect(screen.getByTestId(testIds.dataPane.table).dataset.gridSize).toBe('small');
    expect(screen.getByTestId(testIds.dataPane.rowNumberHeader).getAttribute('aria-label')).toBe('Row number');
    expect(rowNumbers()).toEqual(['1', '2', '3']);
    const boyHeader = screen.getAllByTestId(testIds.dataPane.headerCell)[1] as HTMLElement;
    fireEvent.click(within(boyHeader).getByRole('button'));
    fireEvent.click(within(boyHeader).getByRole('button'));
    // Sorted descending: the numbers follow the display, the rows keep their result index.
    expect(rowNumbers()).toEqual(['1', '2', '3']);
    expect(screen.getAllByTestId(testIds.dataPane.row).map((row) => row.dataset.rowIndex)).toEqual(['1', '2', '0']);
  });

  it('sorts the rows a search keeps, and copies them in that order', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderPane({ status: 'success', results: [pivotedResult()] });
    fireEvent.click(screen.getByTestId(testIds.dataPane.resultsTab));
    fireEvent.change(screen.getByTestId(testIds.dataPane.search), { target: { value: '.' } });
    await waitFor(() => expect(rowCountTexts()).toEqual(['2 of 3 rows']));
    const girlHeader = screen.getAllByTestId(testIds.dataPane.headerCell)[2] as HTMLElement;
    fireEvent.click(within(girlHeader).getByRole('button'));
    fireEvent.click(within(girlHeader).getByRole('button'));

    expect(shownRows().map((row) => row[2])).toEqual(['1000', '950.25']);
    fireEvent.click(screen.getByTestId(testIds.dataPane.copyButton));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]?.[0].split('\n').map((line) => line.split('\t')[2])).toEqual(['girl', '1000', '950.25', undefined]);
  });

  it("shows spec 000's placeholders: TRUE, FALSE and <empty string>", () => {
    renderPane({ status: 'success', results: [notesResult()] });
    fireEvent.click(screen.getByTestId(testIds.dataPane.resultsTab));
    const [first, second] = shownRows();
    expect(first?.slice(0, 2)).toEqual(['TRUE', '<empty string>']);
    expect(second?.[0]).toBe('FALSE');
  });

  it("opens a structured or long cell in the 'Cell content' dialog, whose Copy copies the value", async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderPane({ status: 'success', results: [notesResult()] });
    fireEvent.click(screen.getByTestId(testIds.dataPane.resultsTab));
    // The JSON cell and the long note open the dialog; the short cells do not.
    const buttons = screen.getAllByTestId(testIds.dataPane.cellContentButton);
    expect(buttons.map((button) => button.closest('td')?.dataset.column)).toEqual(['tags', 'note']);

    fireEvent.click(buttons[0] as HTMLElement);

    const dialog = screen.getByRole('dialog', { name: 'Cell content' });
    expect(within(dialog).getByTestId(testIds.dataPane.cellContentText).textContent).toBe('{\n  "team": "red",\n  "ids": [\n    1,\n    2\n  ]\n}');
    fireEvent.click(within(dialog).getByTestId(testIds.dataPane.cellContentCopy));
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('{"team":"red","ids":[1,2]}');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Cell content' })).toBeNull();
  });

  it('shows one table per query, each with its own count', () => {
    renderPane({ status: 'success', results: [pivotedResult(), stateResult()] });
    fireEvent.click(screen.getByTestId(testIds.dataPane.resultsTab));

    const tables = screen.getAllByTestId(testIds.dataPane.table);
    expect(tables.map((table) => table.dataset.queryIndex)).toEqual(['0', '1']);
    expect(tables.map((table) => within(table).getByRole('heading').textContent)).toEqual(['Query 1', 'Query 2']);
    expect(rowCountTexts()).toEqual(['3 rows', '2 rows']);
    expect(shownRows(tables[1])).toEqual([
      ['CA', '10'],
      ['NY', '20'],
    ]);
  });

  it('renders only a window of 100,000 rows and searches all of them', async () => {
    const rowCount = 100_000;
    const table = new Table({ n: makeVector(Float64Array.from({ length: rowCount }, (_unused, index) => index)) });
    renderPane({ status: 'success', results: [{ meta: chartResultMeta(['n'], [0], rowCount), table }] });
    fireEvent.click(screen.getByTestId(testIds.dataPane.resultsTab));

    expect(rowCountTexts()).toEqual(['100,000 rows']);
    const renderedRows = screen.getAllByTestId(testIds.dataPane.row).length;
    expect(renderedRows).toBeGreaterThan(10);
    expect(renderedRows).toBeLessThan(100);

    fireEvent.change(screen.getByTestId(testIds.dataPane.search), { target: { value: '99999' } });
    await waitFor(() => expect(rowCountTexts()).toEqual(['1 of 100,000 rows']));
    expect(shownRows()).toEqual([['99999']]);
    expect(screen.getByTestId(testIds.dataPane.row).dataset.rowIndex).toBe('99999');
  });

  it.each<[ChartResultsState, keyof typeof testIds.dataPane, string]>([
    [{ status: 'idle' }, 'idle', 'Run a query to display results'],
    [{ status: 'loading' }, 'loading', 'Loading…'],
    [{ status: 'error', messages: ['Column "nope" does not exist'] }, 'error', 'Column "nope" does not exist'],
    [{ status: 'success', results: [] }, 'empty', 'No results were returned for this query'],
  ])('shows the %o run as %s: "%s"', (chartResults, testIdKey, text) => {
    renderPane(chartResults);
    fireEvent.click(screen.getByTestId(testIds.dataPane.resultsTab));
    expect(screen.getByTestId(testIds.dataPane[testIdKey]).textContent).toBe(text);
    expect(screen.queryByTestId(testIds.dataPane.table)).toBeNull();
  });

  it('loads samples only when the Samples tab opens, and shows their rows', async () => {
    const calls = stubFetch(() =>
      Response.json({
        result: {
          colnames: ['ds', 'name', 'num'],
          coltypes: [2, 1, 0],
          rowcount: 2,
          data: [
            { ds: -157766400000, name: 'Aaron', num: 5 },
            { ds: 1199145600000, name: 'Zoe', num: null },
          ],
          total_count: 2,
          page: 1,
          per_page: 1000,
        },
      }),
    );
    renderPane({ status: 'success', results: [pivotedResult()] });
    fireEvent.click(screen.getByTestId(testIds.dataPane.resultsTab));
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByTestId(testIds.dataPane.samplesTab));

    expect(screen.getByTestId(testIds.dataPane.loading)).toBeTruthy();
    await waitFor(() => expect(rowCountTexts()).toEqual(['2 rows']));
    expect(calls.filter((call) => call.url !== csrfTokenPath)).toEqual([{ url: samplesPath, method: 'POST' }]);
    expect(screen.getAllByTestId(testIds.dataPane.headerCell).map((cell) => cell.textContent)).toEqual(['ds', 'name', 'num']);
    expect(shownRows()).toEqual([
      ['1965-01-01 00:00:00', 'Aaron', '5'],
      ['2008-01-01 00:00:00', 'Zoe', '<NULL>'],
    ]);
  });

  it('says when the dataset has no samples', async () => {
    stubFetch(() => Response.json({ result: { colnames: ['name'], coltypes: [1], rowcount: 0, data: [] } }));
    renderPane({ status: 'idle' });
    fireEvent.click(screen.getByTestId(testIds.dataPane.samplesTab));
    expect((await screen.findByTestId(testIds.dataPane.empty)).textContent).toBe('No samples were returned for this dataset');
  });

  it('shows the server message of a failed samples call', async () => {
    stubFetch(() => Response.json({ message: 'Datasource does not exist' }, { status: 404 }));
    renderPane({ status: 'idle' });
    fireEvent.click(screen.getByTestId(testIds.dataPane.samplesTab));
    expect((await screen.findByTestId(testIds.dataPane.error)).textContent).toBe('Datasource does not exist');
  });

  it('falls back to "Sorry, an error occurred" when the failure has no message', async () => {
    stubFetch(() => new Response('<html>upstream failed</html>', { status: 502 }));
    renderPane({ status: 'idle' });
    fireEvent.click(screen.getByTestId(testIds.dataPane.samplesTab));
    expect((await screen.findByTestId(testIds.dataPane.error)).textContent).toBe('Sorry, an error occurred');
    expect(screen.queryByTestId(testIds.dataPane.table)).toBeNull();
  });
});
