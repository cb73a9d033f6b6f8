import path from 'node:path';
import { expect, test } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId } from '../support/quiverServer';

const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };

function parseDisplayedNumber(text: string): number {
  return Number(text.replace(/,/g, ''));
}

test('the Births example dashboard paints its layout, loads every chart with real values, switches tabs and publishes', async ({ page }, testInfo) => {
  const chartDataRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chart/data') chartDataRequests.push(request.url());
  });
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const datasource = { id: datasetId, type: 'table' };
  const [totals] = await fetchChartDataRows(page.request, { datasource, queries: [{ metrics: [sumOfNum], columns: [], row_limit: 1 }] });
  const [byState] = await fetchChartDataRows(page.request, {
    datasource,
    queries: [{ metrics: [sumOfNum], columns: ['state'], orderby: [[sumOfNum, false]], row_limit: 100 }],
  });
  const expectedTotal = Number(totals?.data[0]?.['SUM(num)']);
  expect(expectedTotal).toBeGreaterThan(0);

  const dashboard = await DashboardPage.open(page, 'births');
  await expect(dashboard.title).toHaveText('Births');
  await expect(dashboard.headers).toHaveText(['US births']);
  await expect(dashboard.markdown).toContainText('About these numbers');
  await expect(dashboard.dividers).toHaveCount(1);
  await expect(dashboard.tab('Trends')).toHaveAttribute('aria-selected', 'true');
  await expect(dashboard.tab('Places and names')).toHaveAttribute('aria-selected', 'false');
  // The total and the first tab's charts are painted; the second tab's are not rendered yet.
  await expect(dashboard.charts).toHaveCount(3);

  const bigNumber = dashboard.chart('Total births').getByTestId(testIds.viz.bigNumber);
  await expect(bigNumber).toHaveText(expectedTotal.toLocaleString('en-US'));
  expect(parseDisplayedNumber(await bigNumber.innerText())).toBe(expectedTotal);

  const overTime = dashboard.chart('Births over time');
  await expect(overTime.locator('[data-kind="line"]')).toHaveCount(2);
  await expect(overTime.getByTestId(testIds.viz.legendItem)).toHaveText([/boy$/, /girl$/]);
  const byGender = dashboard.chart('Births by gender');
  await expect(byGender.locator('[data-kind="slice"]')).toHaveCount(2);
  await expect(dashboard.chart('Total births').getByTestId(testIds.chart.error)).toHaveCount(0);
  // Planned together (decision 0088): the total and the sums by gender are regrouped in the
  // browser from the births by year and gender, the one query sent.
  expect(chartDataRequests).toHaveLength(1);

  await dashboard.openTab('Places and names');
  await expect(dashboard.tab('Places and names')).toHaveAttribute('aria-selected', 'true');
  await expect(dashboard.charts).toHaveCount(4);
  const stateTable = dashboard.chart('Births by state');
  const topState = byState?.data[0];
  await expect(stateTable.getByTestId(testIds.tableChart.row)).not.toHaveCount(0);
  const cellsOf = (column: string) => stateTable.locator(`[data-testid="${testIds.tableChart.cell}"][data-column="${column}"]`);
  await expect(cellsOf('state').first()).toHaveText(String(topState?.state));
  const topStateSum = await cellsOf('SUM(num)').first().innerText();
  expect(parseDisplayedNumber(topStateSum)).toBe(Number(topState?.['SUM(num)']));
  await expect(dashboard.chart('Top 10 states').locator('[data-kind="bar"]')).toHaveCount(10);
  await expect(dashboard.chart('Top 10 names').getByTestId(testIds.tableChart.row)).toHaveCount(10);
  // The second tab's three charts share no query: three more requests.
  expect(chartDataRequests).toHaveLength(4);
  await page.screenshot({ path: path.join(testInfo.project.outputDir, 'dashboard-births.png'), fullPage: true });

  await expect(dashboard.publishedToggle).toHaveText('Published');
  await dashboard.publishedToggle.click();
  await expect(dashboard.toasts.filter({ hasText: 'This dashboard is now hidden' })).toBeVisible();
  await expect(dashboard.publishedToggle).toHaveText('Draft');
  await dashboard.publishedToggle.click();
  await expect(dashboard.toasts.filter({ hasText: 'This dashboard is now published' })).toBeVisible();
  await expect(dashboard.publishedToggle).toHaveText('Published');

  await expect(dashboard.favoriteStar).toHaveAttribute('aria-pressed', 'false');
  await dashboard.favoriteStar.click();
  await expect(dashboard.favoriteStar).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(dashboard.favoriteStar).toHaveAttribute('aria-pressed', 'true');
  await expect(dashboard.publishedToggle).toHaveText('Published');
  await dashboard.favoriteStar.click();
  await expect(dashboard.favoriteStar).toHaveAttribute('aria-pressed', 'false');

  // The short route and the id open the same dashboard.
  const births = (await (await page.request.get('/api/v1/dashboard/births')).json()) as { result: { id: number } };
  await page.goto(`/dashboard/${births.result.id}/`);
  await expect(dashboard.title).toHaveText('Births');
});
