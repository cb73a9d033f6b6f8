import { expect, test, type Page, type Request } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardFilters } from '../pages/DashboardFilters';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId, writeJson } from '../support/quiverServer';
import { createChart, layoutWithCharts } from '../support/dashboardSetup';

const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };
const ids = testIds.dashboardFilters;

interface ChartDataBody {
  form_data?: { slice_id?: number };
  queries: { columns?: unknown[]; metrics?: unknown[]; orderby?: unknown[]; filters?: unknown[] }[];
}

/** Every `POST /api/v1/chart/data` body the page sends, in order. */
function recordChartDataBodies(page: Page): ChartDataBody[] {
  const bodies: ChartDataBody[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chart/data') bodies.push(request.postDataJSON() as ChartDataBody);
  });
  return bodies;
}

/** The filters of the last chart-data request of a chart. */
function lastFiltersOf(bodies: readonly ChartDataBody[], chartId: number): unknown[] | undefined {
  return bodies.filter((body) => body.form_data?.slice_id === chartId).at(-1)?.queries[0]?.filters;
}

async function logIn(page: Page): Promise<number> {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  return findDatasetId(page.request, 'birth_names');
}

test('a Value filter sorted by a metric with "Select first filter value by default" applies its first value to the charts', async ({ page }) => {
  const datasetId = await logIn(page);
  const datasource = { id: datasetId, type: 'table' };
  const totalOf = async (filters: unknown[]): Promise<number> => {
    const [result] = await fetchChartDataRows(page.request, { datasource, queries: [{ metrics: [sumOfNum], columns: [], filters, row_limit: 1 }] });
    return Number(result?.data[0]?.['SUM(num)']);
  };
  // The states by their row count, largest first, as the filter's values query orders them.
  const [byCount] = await fetchChartDataRows(page.request, {
    datasource,
    queries: [{ metrics: ['count'], columns: ['state'], filters: [], orderby: [['count', false]], row_limit: 1000 }],
  });
  const statesByCount = (byCount?.data ?? []).map((row) => String(row.state));
  const topState = statesByCount[0];
  if (topState === undefined) throw new Error('birth_names has no states');
  // Sorting by the metric is not sorting by the text: the last state alphabetically is another one.
  expect([...statesByCount].sort().at(-1)).not.toBe(topState);
  const topStateTotal = await totalOf([{ col: 'state', op: 'IN', val: [topState] }]);

  const total = await createChart(page.request, 'First state total', 'big_number_total', datasetId, { metric: sumOfNum, y_axis_format: ',d' });
  const created = await writeJson(page.request, 'POST', '/api/v1/dashboard/', {
    dashboard_title: 'First state births',
    position_json: JSON.stringify(layoutWithCharts([total])),
    published: false,
  });
  const dashboardId = created.id as number;
  const bodies = recordChartDataBodies(page);
  const dashboard = await DashboardPage.open(page, dashboardId);
  const filters = new DashboardFilters(page);
  const bigNumber = dashboard.chart('First state total').getByTestId(testIds.viz.bigNumber);
  await expect(bigNumber).toHaveText((await totalOf([])).toLocaleString('en-US'));

  await filters.configButton.click();
  await filters.fillFilter({ name: 'Busiest state', dataset: 'birth_names', column: 'state' });
  await filters.modal.getByTestId(ids.sortCheckbox).check();
  await filters.modal.getByTestId(ids.sortDescendingRadio).check();
  await filters.modal.getByTestId(ids.sortMetricSelect).selectOption('count');
  await filters.modal.getByTestId(ids.multipleCheckbox).uncheck();
  await filters.modal.getByTestId(ids.firstItemCheckbox).check();
  await expect(filters.modal.getByTestId(ids.defaultValueSelect)).toHaveText(
    'Default value set automatically when "Select first filter value by default" is checked',
  );
  await filters.saveConfiguration();
  await expect(filters.modal).toHaveCount(0);

  // Stored as Superset stores it.
  const saved = (await (await page.request.get(`/api/v1/dashboard/${dashboardId}`)).json()) as { result: { json_metadata: string } };
  const [stored] = (JSON.parse(saved.result.json_metadata) as { native_filter_configuration: { sortMetric?: string; controlValues: Record<string, unknown> }[] })
    .native_filter_configuration;
  expect(stored?.sortMetric).toBe('count');
  expect(stored?.controlValues).toMatchObject({ sortAscending: false, defaultToFirstItem: true, multiSelect: false });

  // The first value by count is applied at once, and again when the dashboard opens.
  await expect(bigNumber).toHaveText(topStateTotal.toLocaleString('en-US'));
  expect(lastFiltersOf(bodies, total)).toEqual([{ col: 'state', op: 'IN', val: [topState] }]);
  const valuesQuery = bodies.find((body) => body.form_data?.slice_id === undefined && JSON.stringify(body.queries[0]?.metrics) === '["count"]');
  expect(valuesQuery?.queries[0]).toMatchObject({ columns: ['state'], metrics: ['count'], orderby: [['count', false]] });
  await page.reload();
  await expect(bigNumber).toHaveText(topStateTotal.toLocaleString('en-US'));
  await expect(filters.control('Busiest state')).toContainText(topState);
  // The bar lists the states by count, largest first.
  await filters.control('Busiest state').getByRole('combobox').click();
  // (The chosen option ends with its check mark.)
  await expect(page.getByRole('option').first()).toHaveText(new RegExp(`^${topState}✓?$`));
  await expect(page.getByRole('option').nth(1)).toHaveText(new RegExp(`^${statesByCount[1] ?? ''}✓?$`));
});

test('clicking a point of a line chart cross-filters the charts in scope on its series, not the chart excluded by the scoping', async ({ page }) => {
  const datasetId = await logIn(page);
  const datasource = { id: datasetId, type: 'table' };
  const line = await createChart(page.request, 'Births by year and gender', 'echarts_timeseries_line', datasetId, {
    x_axis: 'ds',
    time_grain_sqla: 'P1Y',
    metrics: [sumOfNum],
    groupby: ['gender'],
    markerEnable: true,
    markerSize: 8,
    row_limit: 10000,
  });
  const total = await createChart(page.request, 'Point filtered total', 'big_number_total', datasetId, { metric: sumOfNum, y_axis_format: ',d' });
  const table = await createChart(page.request, 'Excluded state table', 'table', datasetId, {
    query_mode: 'aggregate',
    groupby: ['state'],
    metrics: [sumOfNum],
    row_limit: 100,
  });
  const created = await writeJson(page.request, 'POST', '/api/v1/dashboard/', {
    dashboard_title: 'Point cross-filters',
    position_json: JSON.stringify(layoutWithCharts([line, total, table])),
    published: false,
  });
  const dashboardId = created.id as number;
  const [girlsResult] = await fetchChartDataRows(page.request, {
    datasource,
    queries: [{ metrics: [sumOfNum], columns: [], filters: [{ col: 'gender', op: 'IN', val: ['girl'] }], row_limit: 1 }],
  });
  const girlsTotal = Number(girlsResult?.data[0]?.['SUM(num)']);

  const dashboard = await DashboardPage.open(page, dashboardId);
  const filters = new DashboardFilters(page);
  const bigNumber = dashboard.chart('Point filtered total').getByTestId(testIds.viz.bigNumber);
  const girlPoints = dashboard.chart('Births by year and gender').locator('[data-kind="point"][data-series$="girl"]');
  await expect(girlPoints.first()).toBeVisible();

  // The scoping modal leaves the table out of the cross-filters.
  const modal = page.getByTestId(ids.scopingModal);
  await page.getByTestId(ids.settingsButton).click();
  await page.getByTestId(ids.crossFilterScopingItem).click();
  await modal.locator(`[data-testid="${ids.scopingChart}"][data-chart-id="${table}"]`).uncheck();
  await modal.getByTestId(ids.scopingSaveButton).click();
  await expect(modal).toHaveCount(0);

  const bodies = recordChartDataBodies(page);
  const point = await girlPoints.nth(Math.floor((await girlPoints.count()) / 2)).boundingBox();
  if (point === null) throw new Error('the point is not visible');
  await page.mouse.click(point.x + point.width / 2, point.y + point.height / 2);
  await expect(filters.crossFilters).toHaveCount(1);
  await expect(filters.crossFilters).toContainText('girl');
  await expect(bigNumber).toHaveText(girlsTotal.toLocaleString('en-US'));
  // The girls' total is regrouped in the browser from the line's rows by year and gender
  // (decision 0088): no chart sends a query, the excluded table keeps its rows.
  expect(lastFiltersOf(bodies, total)).toBeUndefined();
  expect(lastFiltersOf(bodies, table)).toBeUndefined();
  expect(lastFiltersOf(bodies, line)).toBeUndefined();

  // Clicking the selected series again clears the cross-filter.
  await page.mouse.click(point.x + point.width / 2, point.y + point.height / 2);
  await expect(filters.crossFilters).toHaveCount(0);
  await expect(bigNumber).not.toHaveText(girlsTotal.toLocaleString('en-US'));
});
