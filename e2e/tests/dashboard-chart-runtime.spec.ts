import { expect, test, type Page, type Request } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardPage } from '../pages/DashboardPage';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId, writeJson } from '../support/quiverServer';
import { createChart, layoutWithCharts } from '../support/dashboardSetup';

const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };
const boysFilter = { col: 'gender', op: 'IN', val: ['boy'] };

interface ChartDataBody {
  force?: boolean;
  form_data?: { slice_id?: number };
  queries: { filters?: unknown[] }[];
}

function chartDataBody(request: Request): ChartDataBody | null {
  if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/v1/chart/data') return null;
  return request.postDataJSON() as ChartDataBody;
}

/** A dashboard with a total and a pie over birth_names, under a native filter whose default keeps the boys. */
async function createFilteredDashboard(page: Page, title: string): Promise<{ dashboardId: number; totalId: number; pieId: number; datasetId: number }> {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const totalId = await createChart(page.request, `${title}: total`, 'big_number_total', datasetId, { metric: sumOfNum, y_axis_format: ',d' });
  const pieId = await createChart(page.request, `${title}: by gender`, 'pie', datasetId, { groupby: ['gender'], metric: sumOfNum, row_limit: 100 });
  const genderFilter = {
    id: 'NATIVE_FILTER-runtime-gender',
    name: 'Gender',
    filterType: 'filter_select',
    type: 'NATIVE_FILTER',
    targets: [{ datasetId, column: { name: 'gender' } }],
    controlValues: { multiSelect: true },
    defaultDataMask: { extraFormData: { filters: [boysFilter] }, filterState: { value: ['boy'] } },
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
  };
  const created = await writeJson(page.request, 'POST', '/api/v1/dashboard/', {
    dashboard_title: title,
    position_json: JSON.stringify(layoutWithCharts([totalId, pieId])),
    json_metadata: JSON.stringify({ native_filter_configuration: [genderFilter] }),
    published: false,
  });
  return { dashboardId: created.id as number, totalId, pieId, datasetId };
}

async function totalOf(page: Page, datasetId: number, filters: unknown[]): Promise<string> {
  const [result] = await fetchChartDataRows(page.request, {
    datasource: { id: datasetId, type: 'table' },
    queries: [{ metrics: [sumOfNum], columns: [], filters, row_limit: 1 }],
  });
  return Number(result?.data[0]?.['SUM(num)']).toLocaleString('en-US');
}

test.beforeEach(async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
});

test('dashboard chart menu: Force refresh re-runs one chart past the cache; Explore chart opens it under the dashboard filter', async ({ page }) => {
  const title = 'Chart runtime';
  const { dashboardId, totalId, datasetId } = await createFilteredDashboard(page, title);
  const boysTotal = await totalOf(page, datasetId, [boysFilter]);
  const everyTotal = await totalOf(page, datasetId, []);
  expect(boysTotal).not.toBe(everyTotal);

  const dashboard = await DashboardPage.open(page, dashboardId);
  const total = dashboard.chart(`${title}: total`);
  await expect(total.getByTestId(testIds.viz.bigNumber)).toHaveText(boysTotal);
  await expect(dashboard.loadedChart(`${title}: by gender`)).toHaveCount(1);

  // Force refresh: this chart alone queries again, forced, under the filter.
  const forced: ChartDataBody[] = [];
  page.on('request', (request) => {
    const body = chartDataBody(request);
    if (body?.force === true) forced.push(body);
  });
  const forcedQuery = page.waitForRequest((request) => chartDataBody(request)?.force === true);
  await dashboard.chooseChartMenuItem(`${title}: total`, testIds.dashboard.chartMenuForceRefresh);
  const forcedBody = chartDataBody(await forcedQuery);
  expect(forcedBody?.form_data?.slice_id).toBe(totalId);
  expect(forcedBody?.queries[0]?.filters).toEqual([boysFilter]);
  await expect(dashboard.toasts.filter({ hasText: 'Data refreshed' })).toHaveCount(1);
  await expect(total.getByTestId(testIds.viz.bigNumber)).toHaveText(boysTotal);
  expect(forced.map((body) => body.form_data?.slice_id)).toEqual([totalId]);

  // Explore chart: the chart opens in Explore with the dashboard's filter applied.
  const exploreQuery = page.waitForRequest((request) => {
    const body = chartDataBody(request);
    return body !== null && new URL(page.url()).pathname.startsWith('/explore/');
  });
  await total.getByTestId(testIds.dashboard.chartMenuButton).click();
  const link = total.getByTestId(testIds.dashboard.chartMenuExploreChart);
  await expect(link).toHaveAttribute('href', new RegExp(`slice_id=${totalId}&dashboard_page_id=[A-Za-z0-9]+$`));
  await link.click();
  const explore = await ExplorePage.current(page);
  expect(new URL(page.url()).pathname).toBe('/explore/');
  expect(chartDataBody(await exploreQuery)?.queries[0]?.filters).toEqual([boysFilter]);
  await expect(explore.bigNumber).toHaveText(boysTotal);

  // Opened without the dashboard, the same chart counts every birth.
  await ExplorePage.openPath(page, `/explore/?slice_id=${totalId}`);
  await expect(explore.bigNumber).toHaveText(everyTotal);
});

test('dashboard chart menu: Set filter mapping takes a chart out of a filter; Share copies a permalink anchored at the chart', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const title = 'Chart mapping';
  const { dashboardId, totalId, datasetId } = await createFilteredDashboard(page, title);
  const boysTotal = await totalOf(page, datasetId, [boysFilter]);
  const everyTotal = await totalOf(page, datasetId, []);

  const dashboard = await DashboardPage.open(page, dashboardId);
  const total = dashboard.chart(`${title}: total`);
  await expect(total.getByTestId(testIds.viz.bigNumber)).toHaveText(boysTotal);

  // Set filter mapping: the Gender filter applies; unchecked and saved, the chart counts every birth.
  await dashboard.chooseChartMenuItem(`${title}: total`, testIds.dashboard.chartMenuFilterMapping);
  const mapping = page.getByTestId(testIds.dashboardFilters.mappingModal);
  await expect(mapping.getByRole('heading', { name: 'Set filter mapping' })).toBeVisible();
  const genderBox = mapping.getByTestId(testIds.dashboardFilters.mappingFilter);
  await expect(genderBox).toBeChecked();
  await genderBox.uncheck();
  await mapping.getByTestId(testIds.dashboardFilters.mappingSaveButton).click();
  await expect(mapping).toHaveCount(0);
  await expect(total.getByTestId(testIds.viz.bigNumber)).toHaveText(everyTotal);
  const saved = (await (await page.request.get(`/api/v1/dashboard/${dashboardId}`)).json()) as { result: { json_metadata: string } };
  const [filter] = (JSON.parse(saved.result.json_metadata) as { native_filter_configuration: { name: string; scope: unknown }[] }).native_filter_configuration;
  expect(filter?.name).toBe('Gender');
  expect(filter?.scope).toEqual({ rootPath: ['ROOT_ID'], excluded: [totalId] });

  // Mapped back in, the filter applies again.
  await dashboard.chooseChartMenuItem(`${title}: total`, testIds.dashboard.chartMenuFilterMapping);
  await expect(genderBox).not.toBeChecked();
  await genderBox.check();
  await mapping.getByTestId(testIds.dashboardFilters.mappingSaveButton).click();
  await expect(mapping).toHaveCount(0);
  await expect(total.getByTestId(testIds.viz.bigNumber)).toHaveText(boysTotal);

  // Share > Copy permalink to clipboard: the dashboard's permalink, reopened at the chart with the filter.
  await dashboard.chooseChartMenuItem(`${title}: total`, testIds.dashboard.chartMenuCopyPermalink);
  await expect(dashboard.toasts.filter({ hasText: 'Copied to clipboard!' })).toHaveCount(1);
  const permalink = await page.evaluate(() => navigator.clipboard.readText());
  expect(permalink).toMatch(/^http:\/\/[^/]+\/superset\/dashboard\/p\/[^/]+\/$/);
  const restored = await DashboardPage.openPermalink(page, permalink);
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${dashboardId}/\\?permalink_key=[^#]+#CHART-${totalId}$`));
  await expect(restored.chart(`${title}: total`).getByTestId(testIds.viz.bigNumber)).toHaveText(boysTotal);
});
