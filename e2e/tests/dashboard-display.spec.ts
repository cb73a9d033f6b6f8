import { expect, test, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardFilters } from '../pages/DashboardFilters';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId, writeJson } from '../support/quiverServer';
import { createChart, layoutWithCharts } from '../support/dashboardSetup';

const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };
const ids = testIds.dashboardFilters;

interface Setup {
  dashboardId: number;
  bars: number;
  total: number;
  table: number;
  everyTotal: number;
  californiaTotal: number;
}

/** Three charts on birth_names and a dashboard with a State filter (on all charts), slug `slug`. */
async function createFilteredDashboard(page: Page, title: string, slug: string): Promise<Setup> {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const totalOf = async (filters: unknown[]): Promise<number> => {
    const [result] = await fetchChartDataRows(page.request, { datasource: { id: datasetId, type: 'table' }, queries: [{ metrics: [sumOfNum], columns: [], filters, row_limit: 1 }] });
    return Number(result?.data[0]?.['SUM(num)']);
  };
  const bars = await createChart(page.request, `${title} bars`, 'echarts_timeseries_bar', datasetId, { x_axis: 'gender', metrics: [sumOfNum], groupby: [], row_limit: 10 });
  const total = await createChart(page.request, `${title} total`, 'big_number_total', datasetId, { metric: sumOfNum, y_axis_format: ',d' });
  const table = await createChart(page.request, `${title} table`, 'table', datasetId, { query_mode: 'aggregate', groupby: ['state'], metrics: [sumOfNum], row_limit: 100 });
  const stateFilter = {
    id: 'NATIVE_FILTER-state',
    name: 'State',
    filterType: 'filter_select',
    type: 'NATIVE_FILTER',
    targets: [{ datasetId, column: { name: 'state' } }],
    controlValues: { multiSelect: true },
    defaultDataMask: { extraFormData: {}, filterState: {} },
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
  };
  const created = await writeJson(page.request, 'POST', '/api/v1/dashboard/', {
    dashboard_title: title,
    slug,
    position_json: JSON.stringify(layoutWithCharts([bars, total, table])),
    json_metadata: JSON.stringify({ native_filter_configuration: [stateFilter] }),
  });
  return {
    dashboardId: created.id as number,
    bars,
    total,
    table,
    everyTotal: await totalOf([]),
    californiaTotal: await totalOf([{ col: 'state', op: 'IN', val: ['CA'] }]),
  };
}

async function storedMetadata(page: Page, dashboardId: number): Promise<Record<string, unknown>> {
  const answer = (await (await page.request.get(`/api/v1/dashboard/${dashboardId}`)).json()) as { result: { json_metadata: string } };
  return JSON.parse(answer.result.json_metadata) as Record<string, unknown>;
}

test('cross-filter scoping: global and per chart, saved in the metadata; the toggle; the failure toast', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const setup = await createFilteredDashboard(page, 'Scoped births', 'scoped-births');
  const dashboard = await DashboardPage.open(page, setup.dashboardId);
  const modal = page.getByTestId(ids.scopingModal);
  const scopingChart = (chartId: number) => modal.locator(`[data-testid="${ids.scopingChart}"][data-chart-id="${chartId}"]`);
  const bigNumber = dashboard.chart('Scoped births total').getByTestId(testIds.viz.bigNumber);
  await expect(bigNumber).toHaveText(setup.everyTotal.toLocaleString('en-US'));

  // Global scoping from the filter bar's settings: everything but the table.
  await page.getByTestId(ids.settingsButton).click();
  await page.getByTestId(ids.crossFilterScopingItem).click();
  await expect(modal).toContainText('Cross-filtering scoping');
  await expect(modal.getByTestId(ids.scopingListItem).first()).toHaveText('All charts/global scoping');
  await scopingChart(setup.table).uncheck();
  await modal.getByTestId(ids.scopingSaveButton).click();
  await expect(modal).toHaveCount(0);
  const globalSaved = await storedMetadata(page, setup.dashboardId);
  expect(globalSaved.global_chart_configuration).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [setup.table] }, chartsInScope: [setup.bars, setup.total] });
  expect((globalSaved.chart_configuration as Record<string, unknown>)[String(setup.bars)]).toEqual({
    id: setup.bars,
    crossFilters: { scope: 'global', chartsInScope: [setup.total] },
  });

  // A bar's cross-filter reaches the total, not the table.
  await expect(dashboard.chart('Scoped births bars').locator('[data-kind="bar"]')).toHaveCount(2);
  const tableRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/v1/chart/data') return;
    const body = request.postDataJSON() as { form_data?: { slice_id?: number } };
    if (body.form_data?.slice_id === setup.table) tableRequests.push(request.postData() ?? '');
  });
  const bar = await dashboard.chart('Scoped births bars').locator('[data-kind="bar"]').first().boundingBox();
  if (bar === null) throw new Error('the bar is not visible');
  await page.mouse.click(bar.x + bar.width / 2, bar.y + bar.height / 2);
  await expect(new DashboardFilters(page).crossFilters).toHaveCount(1);
  await expect(bigNumber).not.toHaveText(setup.everyTotal.toLocaleString('en-US'));
  expect(tableRequests).toEqual([]);

  // Per chart, from the chart's menu: the bars reach the table only.
  await dashboard.chooseChartMenuItem('Scoped births bars', testIds.dashboard.chartMenuCrossFilterScoping);
  await expect(modal.locator(`[data-testid="${ids.scopingListItem}"][data-chart-id="${setup.bars}"]`)).toHaveAttribute('aria-current', 'true');
  await expect(scopingChart(setup.bars)).toHaveCount(0);
  await scopingChart(setup.table).check();
  await scopingChart(setup.total).uncheck();
  await modal.getByTestId(ids.scopingSaveButton).click();
  await expect(modal).toHaveCount(0);
  const chartSaved = (await storedMetadata(page, setup.dashboardId)).chart_configuration as Record<string, unknown>;
  expect(chartSaved[String(setup.bars)]).toEqual({
    id: setup.bars,
    crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [setup.bars, setup.total] }, chartsInScope: [setup.table] },
  });
  await expect(bigNumber).toHaveText(setup.everyTotal.toLocaleString('en-US'));

  // A failed save: Superset's toast, the modal stays.
  await page.route(`**/api/v1/dashboard/${setup.dashboardId}`, (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.continue(),
  );
  await page.getByTestId(ids.settingsButton).click();
  await page.getByTestId(ids.crossFilterScopingItem).click();
  await modal.getByTestId(ids.scopingSaveButton).click();
  await expect(dashboard.toasts.filter({ hasText: 'Failed to save cross-filter scoping' })).toBeVisible();
  await expect(modal).toBeVisible();
  await modal.getByTestId(ids.scopingCancelButton).click();
  await page.unroute(`**/api/v1/dashboard/${setup.dashboardId}`);

  // Cross-filtering turned off: stored, and the chart menu no longer offers the scoping.
  await page.getByTestId(ids.settingsButton).click();
  await page.getByTestId(ids.enableCrossFilteringCheckbox).uncheck();
  await expect.poll(async () => (await storedMetadata(page, setup.dashboardId)).cross_filters_enabled).toBe(false);
  await dashboard.chart('Scoped births bars').getByTestId(testIds.dashboard.chartMenuButton).click();
  await expect(dashboard.chart('Scoped births bars').getByTestId(testIds.dashboard.chartMenu)).toBeVisible();
  await expect(dashboard.chart('Scoped births bars').getByTestId(testIds.dashboard.chartMenuCrossFilterScoping)).toHaveCount(0);
});

test('URL: display modes, the UI config bits, preselected filters, the focused chart and the path after a save', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const setup = await createFilteredDashboard(page, 'Shown births', 'shown-births');
  const dashboardPath = `/superset/dashboard/${setup.dashboardId}/`;
  const title = page.getByTestId(testIds.dashboard.title);
  const navigation = page.getByTestId(testIds.header.bar);
  const filterBar = page.getByTestId(ids.bar);
  const grid = page.getByTestId(testIds.dashboard.grid);
  const chartMenus = page.getByTestId(testIds.dashboard.chartMenuButton);
  const bigNumber = page.getByTestId(testIds.dashboard.chart).filter({ hasText: 'Shown births total' }).getByTestId(testIds.viz.bigNumber);

  // Display modes.
  await page.goto(dashboardPath);
  await expect(title).toHaveText('Shown births');
  await expect(navigation).toBeVisible();
  await page.goto(`${dashboardPath}?standalone=1`);
  await expect(title).toHaveText('Shown births');
  await expect(navigation).toHaveCount(0);
  await page.goto(`${dashboardPath}?standalone=2`);
  await grid.waitFor();
  await expect(title).toHaveCount(0);
  await expect(navigation).toHaveCount(0);
  await expect(filterBar).toBeVisible();
  await page.goto(`${dashboardPath}?standalone=3`);
  await grid.waitFor();
  await expect(title).toHaveCount(0);
  await expect(filterBar).toHaveCount(0);
  await expect(bigNumber).toHaveText(setup.everyTotal.toLocaleString('en-US'));

  // The embedded UI config: 1 the title, 4 the navigation, 8 the chart controls.
  await page.goto(`${dashboardPath}?uiConfig=1`);
  await grid.waitFor();
  await expect(title).toHaveCount(0);
  await expect(navigation).toBeVisible();
  await page.goto(`${dashboardPath}?uiConfig=12`);
  await expect(title).toHaveText('Shown births');
  await expect(navigation).toHaveCount(0);
  await expect(bigNumber).toHaveText(setup.everyTotal.toLocaleString('en-US'));
  await expect(chartMenus).toHaveCount(0);

  // native_filters (rison) preselects the State filter.
  const rison = '(NATIVE_FILTER-state:(extraFormData:(filters:!((col:state,op:IN,val:!(CA)))),filterState:(value:!(CA)),id:NATIVE_FILTER-state))';
  await page.goto(`${dashboardPath}?native_filters=${encodeURIComponent(rison)}`);
  await expect(bigNumber).toHaveText(setup.californiaTotal.toLocaleString('en-US'));
  await expect(new DashboardFilters(page).control('State')).toContainText('CA');

  // native_filters_key: a stored filter state.
  const stored = await writeJson(page.request, 'POST', `/api/v1/dashboard/${setup.dashboardId}/filter_state`, {
    value: JSON.stringify({
      'NATIVE_FILTER-state': { id: 'NATIVE_FILTER-state', extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA'] }] }, filterState: { value: ['CA'] } },
    }),
  });
  await page.goto(`${dashboardPath}?native_filters_key=${stored.key as string}`);
  await expect(bigNumber).toHaveText(setup.californiaTotal.toLocaleString('en-US'));

  // focused_chart opens the tab holding the chart, and leaves the URL.
  const births = (await (await page.request.get('/api/v1/dashboard/births/charts')).json()) as { result: { id: number; slice_name: string }[] };
  const topStates = births.result.find((chart) => chart.slice_name === 'Top 10 states');
  if (topStates === undefined) throw new Error('the example dashboard has no "Top 10 states"');
  await page.goto(`/superset/dashboard/births/?focused_chart=${topStates.id}&standalone=1`);
  const example = await DashboardPage.current(page);
  await expect(page).toHaveURL(/\/superset\/dashboard\/births\/\?standalone=1$/);
  await expect(example.tabs.filter({ hasText: 'Places and names' })).toHaveAttribute('aria-selected', 'true');
  await expect(example.chart('Top 10 states')).toBeInViewport();

  // After a save, the path is the slug's.
  await page.goto(`${dashboardPath}?edit=true`);
  await page.getByTestId(testIds.dashboardEdit.saveButton).click();
  await expect(page.getByTestId(testIds.toast.item).filter({ hasText: 'This dashboard was saved successfully.' })).toBeVisible();
  await expect(page).toHaveURL(/\/superset\/dashboard\/shown-births\/$/);
  await expect(title).toHaveText('Shown births');
});
