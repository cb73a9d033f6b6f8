import { expect, test, type Page } from '@playwright/test';
import { ExplorePage, type DataPaneCell, type DataPaneTable, type PostedQueryContext } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId, type ChartDataRows } from '../support/quiverServer';

/**
 * Post-processing parity: the browser asks for Arrow and applies the query context's
 * `post_processing` rules in quiver-core (Wasm, in a Web Worker); a JSON client gets them applied
 * by the server. The same query context must give the same rows both ways. The browser's rows are
 * read from Explore's "Results" pane, which shows them exactly as the chart received them: numbers
 * in full (the shortest text that reads back as the same double), timestamps as UTC
 * `YYYY-MM-DD HH:MM:SS[.mmm]`, nulls marked `data-null`.
 */

const arrowContentType = 'application/vnd.quiver.chart-data+arrow';
const relativeTolerance = 1e-9;
const temporalColumnType = 2;

async function openBirthNames(page: Page): Promise<ExplorePage> {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  return ExplorePage.open(page, datasetId);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `operation` of each post-processing rule, per query. */
function postProcessingOperations(queryContext: PostedQueryContext): string[][] {
  const queries = Array.isArray(queryContext.queries) ? queryContext.queries : [];
  return queries.map((query) => {
    const rules = isRecord(query) && Array.isArray(query.post_processing) ? query.post_processing : [];
    return rules.map((rule) => (isRecord(rule) && typeof rule.operation === 'string' ? rule.operation : '?'));
  });
}

/** `YYYY-MM-DD HH:MM:SS[.mmm]` in UTC, as epoch milliseconds. */
function parseUtcTimestamp(text: string): number {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{3})?$/.test(text)) return Number.NaN;
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}

function isClose(shown: number, expected: number): boolean {
  if (!Number.isFinite(shown) || !Number.isFinite(expected)) return Object.is(shown, expected);
  return Math.abs(shown - expected) <= relativeTolerance * Math.max(Math.abs(shown), Math.abs(expected));
}

/** Why a pane cell differs from the server's value, or null when they hold the same value. */
function cellMismatch(cell: DataPaneCell | undefined, serverValue: unknown, columnType: number | undefined): string | null {
  if (cell === undefined) return 'no cell';
  if (serverValue === null || serverValue === undefined) return cell.isNull ? null : `"${cell.text}" where the server has null`;
  if (cell.isNull) return `null where the server has ${JSON.stringify(serverValue)}`;
  if (typeof serverValue === 'number') {
    const shown = columnType === temporalColumnType ? parseUtcTimestamp(cell.text) : Number(cell.text);
    const isSame = columnType === temporalColumnType ? shown === serverValue : isClose(shown, serverValue);
    return isSame ? null : `"${cell.text}" (${shown}) where the server has ${serverValue}`;
  }
  // Spec 000's placeholders: booleans TRUE and FALSE, the empty string <empty string>.
  if (typeof serverValue === 'boolean') return cell.text === (serverValue ? 'TRUE' : 'FALSE') ? null : `"${cell.text}" where the server has ${serverValue}`;
  if (typeof serverValue === 'string') {
    const shown = serverValue === '' ? '<empty string>' : serverValue;
    return cell.text === shown ? null : `"${cell.text}" where the server has "${serverValue}"`;
  }
  return `a server value of unexpected shape ${JSON.stringify(serverValue)}`;
}

/** Every difference between a Results pane table and the server's result of the same query. */
function tableMismatches(pane: DataPaneTable, server: ChartDataRows): string[] {
  const mismatches: string[] = [];
  server.data.forEach((serverRow, rowIndex) => {
    const paneRow = pane.rows[rowIndex];
    if (paneRow?.index !== rowIndex) {
      mismatches.push(`row ${rowIndex}: the pane has row ${String(paneRow?.index)} there`);
      return;
    }
    server.colnames.forEach((column, columnIndex) => {
      const mismatch = cellMismatch(paneRow.cells[columnIndex], serverRow[column], server.coltypes[columnIndex]);
      if (mismatch !== null) mismatches.push(`row ${rowIndex}, ${column}: ${mismatch}`);
    });
  });
  return mismatches;
}

/** Reads each query's table in the Results pane and checks it against the server's JSON result. */
async function expectResultsPaneToEqualServer(explore: ExplorePage, serverResults: ChartDataRows[]): Promise<DataPaneTable[]> {
  await explore.openDataPane('Results');
  const paneTables: DataPaneTable[] = [];
  for (const [queryIndex, server] of serverResults.entries()) {
    const pane = await explore.readDataPaneTable(queryIndex);
    expect(pane.columns, `query ${queryIndex} columns`).toEqual(server.colnames);
    expect(pane.rowCountText).toBe(`${server.data.length.toLocaleString('en-US')} ${server.data.length === 1 ? 'row' : 'rows'}`);
    expect(pane.rows.map((row) => row.index)).toEqual(server.data.map((_row, index) => index));
    expect(tableMismatches(pane, server), `query ${queryIndex} values`).toEqual([]);
    paneTables.push(pane);
  }
  await expect(explore.dataPaneTable(serverResults.length)).toHaveCount(0);
  return paneTables;
}

test.describe('post-processing in the browser (Wasm) equals the server (JSON)', () => {
  test('line chart of SUM(num) per gender with a rolling mean: pivot, rolling, rename, flatten', async ({ page }) => {
    const explore = await openBirthNames(page);
    await explore.chooseVizType('Line Chart');
    await explore.chooseColumn('x_axis', 'ds');
    await explore.addSimpleMetric('num', 'SUM');
    await explore.addGroupby('gender');
    await explore.openControlSection('Advanced analytics');
    await explore.chooseSelectOption('rolling_type', 'mean');
    await explore.fillNumber('rolling_periods', 3);
    await explore.fillNumber('min_periods', 3);
    const { queryContext, responseContentType } = await explore.runAndCaptureChartData();

    // The browser asked for Arrow and got it: the rules ran in the page, not on the server.
    expect(queryContext.result_format).toBe('arrow');
    expect(responseContentType.startsWith(arrowContentType)).toBe(true);
    const [operations] = postProcessingOperations(queryContext);
    expect(operations).toEqual(expect.arrayContaining(['pivot', 'rolling', 'flatten']));
    await expect(explore.chartError).toHaveCount(0);
    await expect(explore.marks('line')).toHaveCount(2);

    const serverResults = await fetchChartDataRows(page.request, queryContext);
    expect(serverResults).toHaveLength(1);
    const [server] = serverResults;
    if (server === undefined) throw new Error('no result');
    // Pivoted: the x-axis and one column per gender, no `gender` column left.
    expect(server.colnames).toHaveLength(3);
    expect(server.colnames[0]).toBe('ds');
    expect(server.colnames).not.toContain('gender');
    expect(server.data.length).toBeGreaterThan(10);
    // SUM(num) is a whole number; the rolling mean of 3 of them is mostly not.
    const series = server.colnames.slice(1);
    expect(server.data.some((row) => series.some((name) => typeof row[name] === 'number' && !Number.isInteger(row[name])))).toBe(true);

    await expectResultsPaneToEqualServer(explore, serverResults);
  });

  test('table with a percentage metric and a summary: contribution on two queries', async ({ page }) => {
    const explore = await openBirthNames(page);
    await explore.chooseVizType('Table');
    await explore.addGroupby('state');
    await explore.addSimpleMetric('num', 'SUM');
    await explore.addSimpleMetric('num_boys', 'SUM', 'percent_metrics');
    await explore.check('show_totals');
    const { queryContext, responseContentType } = await explore.runAndCaptureChartData();

    expect(queryContext.result_format).toBe('arrow');
    expect(responseContentType.startsWith(arrowContentType)).toBe(true);
    expect(postProcessingOperations(queryContext)).toEqual([['contribution'], ['contribution']]);
    await expect(explore.chartError).toHaveCount(0);

    const serverResults = await fetchChartDataRows(page.request, queryContext);
    expect(serverResults).toHaveLength(2);
    const [byState, totals] = serverResults;
    if (byState === undefined || totals === undefined) throw new Error('missing results');
    expect(byState.colnames).toEqual(['state', 'SUM(num)', 'SUM(num_boys)', '%SUM(num_boys)']);
    expect(byState.data.length).toBeGreaterThan(1);
    // Each state's share of the boys; the shares add up to 1.
    const shareSum = byState.data.reduce((sum, row) => sum + Number(row['%SUM(num_boys)']), 0);
    expect(shareSum).toBeCloseTo(1, 9);
    expect(totals.data).toHaveLength(1);
    expect(totals.data[0]?.['%SUM(num_boys)']).toBe(1);

    await expectResultsPaneToEqualServer(explore, serverResults);
  });
});
