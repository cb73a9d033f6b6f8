import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ChartSaving } from '../pages/ChartSaving';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId } from '../support/quiverServer';
import { readXlsxRows } from '../support/xlsxRows';

async function openGenderTable(page: Page): Promise<ExplorePage> {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const explore = await ExplorePage.open(page, await findDatasetId(page.request, 'birth_names'));
  await explore.chooseVizType('Table');
  await explore.addGroupby('gender');
  await explore.addSimpleMetric('num', 'SUM');
  return explore;
}

test('Download exports the chart rows as CSV, JSON and Excel', async ({ page }) => {
  const explore = await openGenderTable(page);
  await explore.run();
  await expect(explore.table).toBeVisible();
  // The status of spec 000 §4: rendered once the table is drawn.
  await expect(explore.chartPanel).toHaveAttribute('data-chart-status', 'rendered');
  const shownSums = new Map<string, string>();
  const genders = await explore.cells('gender').allInnerTexts();
  const sums = await explore.cells('SUM(num)').allInnerTexts();
  genders.forEach((gender, index) => shownSums.set(gender, (sums[index] ?? '').replace(/,/g, '')));
  const saving = new ChartSaving(page);

  const csvDownload = await saving.exportChart('csv');
  expect(csvDownload.suggestedFilename()).toMatch(/\.csv$/);
  const csvLines = (await readFile(await csvDownload.path(), 'utf8')).trim().split(/\r?\n/);
  expect(csvLines[0]).toBe('gender,SUM(num)');
  const csvRows = new Map(csvLines.slice(1).map((line) => line.split(',') as [string, string]));
  expect([...csvRows.keys()].sort()).toEqual(['boy', 'girl']);
  for (const [gender, sum] of shownSums) expect(Number(csvRows.get(gender))).toBe(Number(sum));

  const jsonDownload = await saving.exportChart('json');
  const answer = JSON.parse(await readFile(await jsonDownload.path(), 'utf8')) as { result: { data: Record<string, unknown>[] }[] };
  const jsonRows = answer.result[0]?.data ?? [];
  expect(jsonRows.map((row) => row.gender).sort()).toEqual(['boy', 'girl']);
  for (const row of jsonRows) expect(Number(row['SUM(num)'])).toBe(Number(shownSums.get(String(row.gender))));

  const xlsxDownload = await saving.exportChart('xlsx');
  expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
  const xlsx = await readFile(await xlsxDownload.path());
  // An .xlsx file is a zip archive: it starts with the local file header "PK\x03\x04".
  expect([...xlsx.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  // Its first sheet holds the header and the chart's rows, the sums as numbers.
  const [header, ...sheetRows] = readXlsxRows(xlsx);
  expect(header).toEqual(['gender', 'SUM(num)']);
  expect(sheetRows.map((row) => row[0]).sort()).toEqual(['boy', 'girl']);
  for (const [gender, sum] of sheetRows) expect(Number(sum)).toBe(Number(shownSums.get(String(gender))));
});

/** The row limit the full exports ask for: the server's default `row_limit_max`. */
const fullExportRowLimit = 100_000;

test('Download > Export to full .CSV and full Excel ignore the row limit of a raw-records table', async ({ page }) => {
  test.setTimeout(120_000);
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const countAll = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' };
  const [totals] = await fetchChartDataRows(page.request, { datasource: { id: datasetId, type: 'table' }, queries: [{ metrics: [countAll], columns: [], row_limit: 1 }] });
  const tableRows = Number(totals?.data[0]?.rows);
  expect(tableRows).toBeGreaterThan(10);
  const expectedRows = Math.min(tableRows, fullExportRowLimit);

  const explore = await ExplorePage.open(page, datasetId);
  await explore.chooseVizType('Table');
  await explore.chooseSelectOption('query_mode', 'Raw records');
  await explore.addGroupby('name', 'all_columns');
  await explore.addGroupby('state', 'all_columns');
  await explore.addGroupby('num', 'all_columns');
  await explore.chooseSelectOption('row_limit', '10');
  await explore.run();
  await expect(explore.cells('name')).toHaveCount(10);
  const saving = new ChartSaving(page);

  // The plain export keeps the row limit.
  const csvLines = (await readFile(await (await saving.exportChart('csv')).path(), 'utf8')).trim().split(/\r?\n/);
  expect(csvLines).toHaveLength(1 + 10);

  const fullPosts: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chart/data') fullPosts.push(request.postDataJSON());
  });
  const fullCsv = await saving.exportChart('full_csv');
  expect(fullCsv.suggestedFilename()).toBe('birth_names.csv');
  const fullLines = (await readFile(await fullCsv.path(), 'utf8')).trim().split(/\r?\n/);
  expect(fullLines[0]).toBe('name,state,num');
  expect(fullLines).toHaveLength(1 + expectedRows);
  expect(fullLines.length).toBeGreaterThan(1 + 10);
  expect(fullPosts).toEqual([
    expect.objectContaining({ result_format: 'csv', result_type: 'full', queries: [expect.objectContaining({ row_limit: fullExportRowLimit })] }),
  ]);

  const fullXlsx = await saving.exportChart('full_xlsx');
  expect(fullXlsx.suggestedFilename()).toBe('birth_names.xlsx');
  const [header, ...sheetRows] = readXlsxRows(await readFile(await fullXlsx.path()));
  expect(header).toEqual(['name', 'state', 'num']);
  expect(sheetRows).toHaveLength(expectedRows);
});

test('Stop aborts a running chart query and says "Updating chart was stopped"', async ({ page }) => {
  const explore = await openGenderTable(page);
  // Hold the chart data answer so the query is still running when Stop is clicked.
  let aborted = false;
  await page.route('**/api/v1/chart/data', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    try {
      await route.continue();
    } catch {
      aborted = true;
    }
  });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/chart/data') aborted = true;
  });
  await explore.run();
  await page.getByTestId(testIds.chartRun.stopButton).click();
  await expect(page.getByTestId(testIds.chartRun.stopped)).toHaveText('Updating chart was stopped');
  await expect(explore.chartPanel).toHaveAttribute('data-chart-status', 'stopped');
  await expect(explore.chartError).toHaveCount(0);
  await expect(page.getByTestId(testIds.explore.runButton)).toBeVisible();
  await expect.poll(() => aborted, { timeout: 10_000 }).toBe(true);

  // The next run shows the chart again.
  await page.unroute('**/api/v1/chart/data');
  await explore.run();
  await expect(explore.table).toBeVisible();
  await expect(explore.chartPanel).toHaveAttribute('data-chart-status', 'rendered');
  await expect(page.getByTestId(testIds.chartRun.stopped)).toHaveCount(0);
});
