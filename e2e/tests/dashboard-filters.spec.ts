import { expect, test, type Page, type Request } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardFilters } from '../pages/DashboardFilters';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, createGammaUser, fetchChartDataRows, findDatasetId, writeJson } from '../support/quiverServer';
import { createChart, layoutWithCharts } from '../support/dashboardSetup';

const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };

interface QueryFilter {
  col: string;
  op: string;
  val?: unknown;
}

/** The filters of the last chart-data request of each chart, by chart id. */
class ChartDataRequests {
  private readonly filtersByChart = new Map<number, QueryFilter[]>();

  constructor(page: Page) {
    page.on('request', (request: Request) => {
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/v1/chart/data') return;
      const body = request.postDataJSON() as { form_data?: { slice_id?: number }; queries: { filters: QueryFilter[] }[] };
      const chartId = body.form_data?.slice_id;
      if (chartId !== undefined) this.filtersByChart.set(chartId, body.queries[0]?.filters ?? []);
    });
  }

  filtersOf(chartId: number): QueryFilter[] | undefined {
    return this.filtersByChart.get(chartId);
  }
}

function displayedNumber(text: string): number {
  return Number(text.replace(/,/g, ''));
}

test('native filters, cross-filters and permalinks filter the charts in scope; publish toasts; Gamma cannot edit', async ({ page, browser }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const datasource = { id: datasetId, type: 'table' };
  const totalOf = async (filters: QueryFilter[]): Promise<number> => {
    const [result] = await fetchChartDataRows(page.request, { datasource, queries: [{ metrics: [sumOfNum], columns: [], filters, row_limit: 1 }] });
    return Number(result?.data[0]?.['SUM(num)']);
  };
  const everyTotal = await totalOf([]);
  const californiaTotal = await totalOf([{ col: 'state', op: 'IN', val: ['CA'] }]);
  expect(californiaTotal).toBeGreaterThan(0);
  expect(californiaTotal).toBeLessThan(everyTotal);

  const genderBars = await createChart(page.request, 'Births by gender bars', 'echarts_timeseries_bar', datasetId, {
    x_axis: 'gender',
    metrics: [sumOfNum],
    groupby: [],
    row_limit: 10,
  });
  const total = await createChart(page.request, 'Filtered total births', 'big_number_total', datasetId, { metric: sumOfNum, y_axis_format: ',d' });
  const stateTable = await createChart(page.request, 'Filtered births by state', 'table', datasetId, {
    query_mode: 'aggregate',
    groupby: ['state'],
    metrics: [sumOfNum],
    row_limit: 100,
  });
  const created = await writeJson(page.request, 'POST', '/api/v1/dashboard/', {
    dashboard_title: 'Filtered births',
    position_json: JSON.stringify(layoutWithCharts([genderBars, total, stateTable])),
    published: false,
  });
  const dashboardId = created.id as number;

  const requests = new ChartDataRequests(page);
  const dashboard = await DashboardPage.open(page, dashboardId);
  const filters = new DashboardFilters(page);
  const bigNumber = dashboard.chart('Filtered total births').getByTestId(testIds.viz.bigNumber);
  const stateCells = dashboard.chart('Filtered births by state').locator(`[data-testid="${testIds.tableChart.cell}"][data-column="state"]`);
  await expect(bigNumber).toHaveText(everyTotal.toLocaleString('en-US'));
  await expect(dashboard.chart('Births by gender bars').locator('[data-kind="bar"]')).toHaveCount(2);

  // A select filter on state, scoped to the total and the table only.
  await filters.configButton.click();
  await filters.fillFilter({ name: 'State', dataset: 'birth_names', column: 'state', chartIds: [total, stateTable] });
  // A numerical range whose default minimum is not below its maximum is refused.
  await filters.modal.getByTestId(testIds.dashboardFilters.addFilterButton).click();
  await filters.modal.getByTestId(testIds.dashboardFilters.filterTypeSelect).selectOption({ label: 'Numerical range' });
  await filters.fillFilter({ name: 'Births', dataset: 'birth_names', column: 'num' });
  await filters.modal.getByTestId(testIds.dashboardFilters.rangeMin).fill('10');
  await filters.modal.getByTestId(testIds.dashboardFilters.rangeMax).fill('5');
  await filters.saveConfiguration();
  await expect(filters.modal.getByTestId(testIds.dashboardFilters.rangeError)).toHaveText('Minimum must be strictly less than maximum');
  await filters.modal.getByTestId(testIds.dashboardFilters.removeFilterButton).last().click();
  await filters.saveConfiguration();
  await expect(filters.modal).toHaveCount(0);
  await expect(filters.control('State')).toBeVisible();
  const saved = (await (await page.request.get(`/api/v1/dashboard/${dashboardId}`)).json()) as { result: { json_metadata: string } };
  const configuration = (JSON.parse(saved.result.json_metadata) as { native_filter_configuration: { name: string; scope: { excluded: number[] } }[] })
    .native_filter_configuration;
  expect(configuration.map((filter) => filter.name)).toEqual(['State']);
  expect(configuration[0]?.scope.excluded).toEqual([genderBars]);

  // Applying CA filters the two charts in scope and leaves the bar chart alone.
  await filters.chooseValue('State', 'CA');
  await filters.apply();
  await expect(bigNumber).toHaveText(californiaTotal.toLocaleString('en-US'));
  await expect(stateCells).toHaveText(['CA']);
  // The total is the state table's sum (decision 0088): regrouped in the browser from the table's
  // rows at every step, it never sends its own query.
  expect(requests.filtersOf(total)).toBeUndefined();
  // The table is grouped by state: its cached rows answer the filter in the browser, no query.
  expect(requests.filtersOf(stateTable)).toEqual([]);
  expect(requests.filtersOf(genderBars)).toEqual([]);
  expect(displayedNumber(await bigNumber.innerText())).toBe(californiaTotal);

  // Clicking a bar cross-filters the other charts on its gender.
  const secondBar = dashboard.chart('Births by gender bars').locator('[data-kind="bar"]').nth(1);
  const barBox = await secondBar.boundingBox();
  if (barBox === null) throw new Error('the bar is not visible');
  await page.mouse.click(barBox.x + barBox.width / 2, barBox.y + barBox.height / 2);
  await expect(filters.crossFilters).toHaveCount(1);
  await expect(filters.crossFilters).toContainText(/boy|girl/);
  const clickedGender = (await filters.crossFilters.innerText()).includes('girl') ? 'girl' : 'boy';
  const californiaGenderFilters = [
    { col: 'state', op: 'IN', val: ['CA'] },
    { col: 'gender', op: 'IN', val: [clickedGender] },
  ];
  const californiaGenderTotal = await totalOf(californiaGenderFilters);
  expect(californiaGenderTotal).toBeLessThan(californiaTotal);
  await expect(bigNumber).toHaveText(californiaGenderTotal.toLocaleString('en-US'));
  expect(requests.filtersOf(total)).toBeUndefined();
  expect(requests.filtersOf(stateTable)).toEqual(californiaGenderFilters);
  expect(requests.filtersOf(genderBars)).toEqual([]);

  // A permalink restores the filter value and the cross-filter in a fresh page.
  const permalinkAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/dashboard/${dashboardId}/permalink`);
  await page.getByTestId(testIds.dashboardFilters.permalinkButton).click();
  const { url } = (await (await permalinkAnswer).json()) as { url: string };
  expect(url).toMatch(/\/superset\/dashboard\/p\/[^/]+\/$/);
  const freshPage = await page.context().newPage();
  const restored = await DashboardPage.openPermalink(freshPage, url);
  await expect(restored.chart('Filtered total births').getByTestId(testIds.viz.bigNumber)).toHaveText(californiaGenderTotal.toLocaleString('en-US'));
  await expect(new DashboardFilters(freshPage).crossFilters).toContainText(clickedGender);
  await expect(new DashboardFilters(freshPage).control('State')).toContainText('CA');
  await freshPage.close();

  // Clearing the cross-filter, then everything, brings the totals back.
  await filters.crossFilters.getByTestId(testIds.dashboardFilters.crossFilterClear).click();
  await expect(bigNumber).toHaveText(californiaTotal.toLocaleString('en-US'));
  await filters.clearAllButton.click();
  await expect(bigNumber).toHaveText(everyTotal.toLocaleString('en-US'));
  await expect(stateCells).not.toHaveCount(1);

  // Publishing toggles with Superset's toasts.
  await expect(dashboard.publishedToggle).toHaveText('Draft');
  await dashboard.publishedToggle.click();
  await expect(dashboard.toasts.filter({ hasText: 'This dashboard is now published' })).toBeVisible();
  await expect(dashboard.publishedToggle).toHaveText('Published');
  await dashboard.publishedToggle.click();
  await expect(dashboard.toasts.filter({ hasText: 'This dashboard is now hidden' })).toBeVisible();
  await expect(dashboard.publishedToggle).toHaveText('Draft');

  // A Gamma user gets neither edit mode nor the filter configuration, even with edit=true.
  createGammaUser('gina_filters_check', 'gamma-pass-2');
  const gammaContext = await browser.newContext();
  const gammaPage = await gammaContext.newPage();
  const gammaLogin = await LoginPage.open(gammaPage);
  await gammaLogin.logIn('gina_filters_check', 'gamma-pass-2');
  await gammaPage.goto(`/superset/dashboard/${dashboardId}/?edit=true`);
  await expect(gammaPage.getByTestId(testIds.dashboard.title)).toHaveText('Filtered births');
  await expect(gammaPage.getByTestId(testIds.dashboardEdit.editButton)).toHaveCount(0);
  await expect(gammaPage.getByTestId(testIds.dashboardEdit.pane)).toHaveCount(0);
  await expect(gammaPage.getByTestId(testIds.dashboardFilters.configButton)).toHaveCount(0);
  await expect(gammaPage.getByTestId(testIds.dashboardFilters.bar)).toBeVisible();
  await gammaContext.close();
});
