import { expect, test, type Locator, type Request } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { createChart, layoutWithCharts } from '../support/dashboardSetup';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId, writeJson } from '../support/quiverServer';

const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };

interface PostedQuery {
  columns?: unknown[];
  orderby?: unknown[];
  filters?: { col: unknown; op: string; val?: unknown }[];
  row_limit?: number;
  row_offset?: number;
}

function isChartDataPost(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chart/data';
}

function postedQueries(request: Request): PostedQuery[] {
  return (request.postDataJSON() as { queries?: PostedQuery[] }).queries ?? [];
}

async function createDashboard(request: Parameters<typeof createChart>[0], title: string, chartIds: number[]): Promise<number> {
  const created = await writeJson(request, 'POST', '/api/v1/dashboard/', {
    dashboard_title: title,
    position_json: JSON.stringify(layoutWithCharts(chartIds)),
    published: false,
  });
  return created.id as number;
}

test.beforeEach(async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
});

test('two dashboard charts with identical queries send one chart data request', async ({ page }) => {
  const title = `Planned queries ${Date.now()}`;
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const pieParams = { groupby: ['gender'], metric: sumOfNum, row_limit: 100, time_range: 'No filter' };
  const firstId = await createChart(page.request, `${title}: genders`, 'pie', datasetId, pieParams);
  const secondId = await createChart(page.request, `${title}: genders again`, 'pie', datasetId, pieParams);
  const dashboardId = await createDashboard(page.request, title, [firstId, secondId]);
  const [byGender] = await fetchChartDataRows(page.request, {
    datasource: { id: datasetId, type: 'table' },
    queries: [{ metrics: [sumOfNum], columns: ['gender'], row_limit: 100 }],
  });
  expect(byGender?.data).toHaveLength(2);

  const requests: Request[] = [];
  page.on('request', (request) => {
    if (isChartDataPost(request)) requests.push(request);
  });
  const dashboard = await DashboardPage.open(page, dashboardId);
  for (const name of [`${title}: genders`, `${title}: genders again`]) {
    await expect(dashboard.loadedChart(name)).toHaveCount(1);
    await expect(dashboard.chart(name).locator('[data-kind="slice"]')).toHaveCount(2);
  }
  // Both charts are drawn from the one answer.
  expect(requests).toHaveLength(1);
  expect(postedQueries(requests[0] as Request)[0]?.columns).toEqual(['gender']);
  const slicesOf = (name: string): Locator => dashboard.chart(name).locator('[data-kind="slice"]');
  expect(await slicesOf(`${title}: genders`).count()).toBe(await slicesOf(`${title}: genders again`).count());
});

test('a server-paginated table on a dashboard asks the server for its page, sort and search, its search box keeping the focus', async ({ page }) => {
  const title = `Paged names ${Date.now()}`;
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const tableId = await createChart(page.request, `${title}: names`, 'table', datasetId, {
    query_mode: 'aggregate',
    groupby: ['name'],
    metrics: [sumOfNum],
    row_limit: 10000,
    server_pagination: true,
    server_page_length: 15,
    include_search: true,
    time_range: 'No filter',
  });
  const dashboardId = await createDashboard(page.request, title, [tableId]);
  const [every] = await fetchChartDataRows(page.request, {
    datasource: { id: datasetId, type: 'table' },
    queries: [{ metrics: [sumOfNum], columns: ['name'], orderby: [[sumOfNum, false]], row_limit: 100000 }],
  });
  const sums = (every?.data ?? []).map((row) => Number(row['SUM(num)']));
  expect(sums.length).toBeGreaterThan(30);

  const dashboard = await DashboardPage.open(page, dashboardId);
  const table = dashboard.chart(`${title}: names`);
  const rows = table.getByTestId(testIds.tableChart.row);
  const cells = (column: string): Locator => table.locator(`[data-testid="${testIds.tableChart.cell}"][data-column="${column}"]`);
  const values = (column: string): Promise<string[]> => cells(column).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-value') ?? ''));
  await expect(rows).toHaveCount(15);
  await expect(cells('SUM(num)').first()).toHaveAttribute('data-value', String(Math.max(...sums)));
  const firstPage = await values('name');

  // Page 2: the server's next 15 rows.
  const pageButtons = table.getByTestId(testIds.tableChart.pageButton);
  const [paged] = await Promise.all([
    page.waitForRequest((request) => isChartDataPost(request) && postedQueries(request)[0]?.row_offset === 15),
    pageButtons.nth(1).click(),
  ]);
  expect(postedQueries(paged)[0]?.row_limit).toBe(15);
  await expect(pageButtons.nth(1)).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => values('name')).not.toEqual(firstPage);
  const secondPage = await values('name');
  expect(secondPage).toHaveLength(15);
  expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);

  // A header click sorts every row on the server: ascending, the smallest sum first.
  const header = table.locator(`[data-testid="${testIds.tableChart.headerCell}"][data-column="SUM(num)"]`);
  const [sorted] = await Promise.all([
    page.waitForRequest((request) => isChartDataPost(request) && JSON.stringify(postedQueries(request)[0]?.orderby ?? []).includes('true')),
    header.getByRole('button').click(),
  ]);
  expect(JSON.stringify(postedQueries(sorted)[0]?.orderby)).toContain('"SUM(num)"');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await pageButtons.first().click();
  await expect(cells('SUM(num)').first()).toHaveAttribute('data-value', String(Math.min(...sums)));

  // "Search by" name: typed into the focused box, searched on the server; the box keeps the focus.
  const search = table.getByTestId(testIds.tableChart.search);
  await expect(table.getByTestId(testIds.tableChart.searchColumnSelect)).toHaveValue('name');
  await search.click();
  const [searched] = await Promise.all([
    page.waitForRequest((request) => isChartDataPost(request) && (postedQueries(request)[0]?.filters ?? []).some((filter) => filter.op === 'ILIKE')),
    search.pressSequentially('Aa', { delay: 50 }),
  ]);
  expect(postedQueries(searched)[0]?.filters).toContainEqual({ col: 'name', op: 'ILIKE', val: 'Aa%' });
  expect(postedQueries(searched)[1]?.filters).toContainEqual({ col: 'name', op: 'ILIKE', val: 'Aa%' });
  await expect.poll(async () => (await values('name')).every((name) => name.toLowerCase().startsWith('aa'))).toBe(true);
  expect((await values('name')).length).toBeGreaterThan(0);
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('Aa');
  // Typing goes on in the same box, still focused through the next load.
  await search.pressSequentially('r', { delay: 50 });
  await expect(search).toHaveValue('Aar');
  await expect.poll(async () => (await values('name')).every((name) => name.toLowerCase().startsWith('aar'))).toBe(true);
  await expect(search).toBeFocused();
});
