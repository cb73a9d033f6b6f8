import type { Page, Request } from '@playwright/test';
import { test, expect } from '../support/adminSession';
import { ExplorePage } from '../pages/ExplorePage';
import { fetchChartDataRows, findDatasetId } from '../support/quiverServer';

const metricColumns = ['SUM(num)', 'MAX(num)', 'COUNT(num)'];

function isChartDataPost(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chart/data';
}

/** The table's rows as `gender|SUM|MAX|COUNT` (unformatted cell values), sorted. */
async function shownRows(explore: ExplorePage): Promise<string[]> {
  const columns = await Promise.all(['gender', ...metricColumns].map((column) => explore.cellValues(column)));
  return (columns[0] ?? []).map((_gender, rowIndex) => columns.map((values) => values[rowIndex] ?? '').join('|')).sort();
}

test('removing a group-by column regroups the fetched result in the browser, with the values the server gives', async ({ page }) => {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const explore = await ExplorePage.open(page, datasetId);
  await explore.chooseVizType('Table');
  await explore.addGroupby('gender');
  await explore.addGroupby('state');
  for (const aggregate of ['SUM', 'MAX', 'COUNT']) await explore.addSimpleMetric('num', aggregate);
  await explore.runAndCaptureQuery();
  await expect(explore.cells('state').first()).toBeVisible();
  await expect(explore.computedLocallyBadge).toHaveCount(0);

  // Remove "state": the chart regroups by gender without asking the server, and says so.
  const chartDataPosts: string[] = [];
  page.on('request', (request) => {
    if (isChartDataPost(request)) chartDataPosts.push(request.url());
  });
  await explore.removeGroupby('state');
  await expect(explore.computedLocallyBadge).toBeVisible();
  await expect(explore.cells('state')).toHaveCount(0);
  await expect(explore.cells('gender')).toHaveCount(2);
  await expect(explore.staleIndicator).toHaveCount(0);
  const regrouped = await shownRows(explore);
  expect(chartDataPosts).toEqual([]);

  // "Update chart" sends the coarser query: the server's rows are the ones regrouped in the browser.
  const coarserQuery = await explore.runAndCaptureQuery();
  const [query] = (coarserQuery.queries ?? []) as { columns: unknown[] }[];
  expect(query?.columns).toEqual(['gender']);
  await expect(explore.computedLocallyBadge).toHaveCount(0);
  await expect(explore.cells('gender')).toHaveCount(2);
  expect(await shownRows(explore)).toEqual(regrouped);
  const [serverResult] = await fetchChartDataRows(page.request, coarserQuery);
  const serverRows = (serverResult?.data ?? []).map((row) => ['gender', ...metricColumns].map((column) => String(row[column])).join('|')).sort();
  expect(serverRows).toEqual(regrouped);
  expect(regrouped.every((row) => row.split('|').slice(1).every((value) => Number(value) > 0))).toBe(true);
});

/** Records every chart data POST the page makes from now on. */
function recordChartDataPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (isChartDataPost(request)) posts.push(request.url());
  });
  return posts;
}

test("toggling the table's totals answers the Summary row from the fetched result, with the server's totals", async ({ page }) => {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const explore = await ExplorePage.open(page, datasetId);
  await explore.chooseVizType('Table');
  await explore.addGroupby('gender');
  await explore.addGroupby('state');
  for (const aggregate of ['SUM', 'MAX', 'COUNT']) await explore.addSimpleMetric('num', aggregate);
  await explore.runAndCaptureQuery();
  await expect(explore.cells('state').first()).toBeVisible();
  await expect(explore.tableTotalsRow()).toHaveCount(0);

  const chartDataPosts = recordChartDataPosts(page);
  await explore.check('show_totals');
  await expect(explore.tableTotalsRow()).toBeVisible();
  await expect(explore.tableTotalsRow().locator('td').first()).toHaveText('Summary');
  await expect(explore.computedLocallyBadge).toBeVisible();
  await expect(explore.staleIndicator).toHaveCount(0);
  const browserTotals = await Promise.all(metricColumns.map((column) => explore.totalsValue(column)));
  // Turning the totals off again keeps the fetched main result: still no request.
  await explore.uncheck('show_totals');
  await expect(explore.tableTotalsRow()).toHaveCount(0);
  await expect(explore.cells('state').first()).toBeVisible();
  await explore.check('show_totals');
  await expect(explore.tableTotalsRow()).toBeVisible();
  expect(chartDataPosts).toEqual([]);

  // The server's totals query gives the same numbers.
  const withTotals = await explore.runAndCaptureQuery();
  expect(withTotals.queries).toHaveLength(2);
  const [, serverTotals] = await fetchChartDataRows(page.request, withTotals);
  const serverRow = serverTotals?.data[0] ?? {};
  expect(browserTotals).toEqual(metricColumns.map((column) => String(serverRow[column])));
  expect(browserTotals.every((value) => Number(value) > 0)).toBe(true);
  await expect(explore.computedLocallyBadge).toHaveCount(0);
  expect(await Promise.all(metricColumns.map((column) => explore.totalsValue(column)))).toEqual(browserTotals);
});

test('a filter on a fetched group-by column narrows the fetched result in the browser, with the rows the server gives', async ({ page }) => {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const explore = await ExplorePage.open(page, datasetId);
  await explore.chooseVizType('Table');
  await explore.addGroupby('gender');
  await explore.addGroupby('state');
  for (const aggregate of ['SUM', 'MAX', 'COUNT']) await explore.addSimpleMetric('num', aggregate);
  await explore.runAndCaptureQuery();
  await expect(explore.cells('state').first()).toBeVisible();
  expect(new Set(await explore.cellValues('state')).size).toBeGreaterThan(2);

  const chartDataPosts = recordChartDataPosts(page);
  await explore.startSimpleFilter('state', 'In');
  await explore.pasteFilterValues('CA,NY');
  await explore.saveFilter();
  await expect(explore.computedLocallyBadge).toBeVisible();
  await expect(explore.cells('state')).toHaveCount(4);
  expect(new Set(await explore.cellValues('state'))).toEqual(new Set(['CA', 'NY']));
  await expect(explore.staleIndicator).toHaveCount(0);
  const filtered = await shownRowsByState(explore);
  expect(chartDataPosts).toEqual([]);

  const filteredQuery = await explore.runAndCaptureQuery();
  const [query] = (filteredQuery.queries ?? []) as { filters: unknown[] }[];
  expect(query?.filters).toEqual([{ col: 'state', op: 'IN', val: ['CA', 'NY'] }]);
  await expect(explore.computedLocallyBadge).toHaveCount(0);
  const [serverResult] = await fetchChartDataRows(page.request, filteredQuery);
  const serverRows = (serverResult?.data ?? []).map((row) => ['gender', 'state', ...metricColumns].map((column) => String(row[column])).join('|')).sort();
  expect(serverRows).toEqual(filtered);
});

/** The table's rows as `gender|state|SUM|MAX|COUNT` (unformatted cell values), sorted. */
async function shownRowsByState(explore: ExplorePage): Promise<string[]> {
  const columns = await Promise.all(['gender', 'state', ...metricColumns].map((column) => explore.cellValues(column)));
  return (columns[0] ?? []).map((_gender, rowIndex) => columns.map((values) => values[rowIndex] ?? '').join('|')).sort();
}
