import { expect, test, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardFilters } from '../pages/DashboardFilters';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId, writeJson } from '../support/quiverServer';
import { createChart } from '../support/dashboardSetup';

const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };

/** Two tabs: 'States' (a `table_filter` table of states and a total), 'Totals' (another total). */
function layoutWithTwoTabs(tableId: number, totalId: number, otherTotalId: number): Record<string, unknown> {
  const chart = (chartId: number, row: string, tab: string): Record<string, unknown> => ({
    type: 'CHART',
    id: `CHART-${chartId}`,
    children: [],
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-permalink', tab, row],
    meta: { chartId, width: 4, height: 50 },
  });
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['TABS-permalink'], parents: ['ROOT_ID'] },
    'TABS-permalink': { type: 'TABS', id: 'TABS-permalink', children: ['TAB-states', 'TAB-totals'], parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
    'TAB-states': { type: 'TAB', id: 'TAB-states', children: ['ROW-states'], parents: ['ROOT_ID', 'GRID_ID', 'TABS-permalink'], meta: { text: 'States' } },
    'TAB-totals': { type: 'TAB', id: 'TAB-totals', children: ['ROW-totals'], parents: ['ROOT_ID', 'GRID_ID', 'TABS-permalink'], meta: { text: 'Totals' } },
    'ROW-states': {
      type: 'ROW',
      id: 'ROW-states',
      children: [`CHART-${tableId}`, `CHART-${totalId}`],
      parents: ['ROOT_ID', 'GRID_ID', 'TABS-permalink', 'TAB-states'],
      meta: {},
    },
    'ROW-totals': { type: 'ROW', id: 'ROW-totals', children: [`CHART-${otherTotalId}`], parents: ['ROOT_ID', 'GRID_ID', 'TABS-permalink', 'TAB-totals'], meta: {} },
    [`CHART-${tableId}`]: chart(tableId, 'ROW-states', 'TAB-states'),
    [`CHART-${totalId}`]: chart(totalId, 'ROW-states', 'TAB-states'),
    [`CHART-${otherTotalId}`]: chart(otherTotalId, 'ROW-totals', 'TAB-totals'),
  };
}

interface PermalinkDashboard {
  dashboardId: number;
  tableId: number;
  everyTotal: string;
  californianGirls: string;
}

/** Logs in and creates the two-tab dashboard with its Gender filter; the totals the server computes. */
async function setUpDashboard(page: Page, title: string): Promise<PermalinkDashboard> {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const tableId = await createChart(page.request, `${title}: states`, 'table', datasetId, {
    query_mode: 'aggregate',
    groupby: ['state'],
    metrics: [sumOfNum],
    row_limit: 100,
    table_filter: true,
  });
  const totalId = await createChart(page.request, `${title}: total`, 'big_number_total', datasetId, { metric: sumOfNum, y_axis_format: ',d' });
  const otherTotalId = await createChart(page.request, `${title}: other total`, 'big_number_total', datasetId, { metric: sumOfNum, y_axis_format: ',d' });
  const created = await writeJson(page.request, 'POST', '/api/v1/dashboard/', {
    dashboard_title: title,
    position_json: JSON.stringify(layoutWithTwoTabs(tableId, totalId, otherTotalId)),
    published: false,
  });
  const dashboardId = created.id as number;
  await writeJson(page.request, 'PUT', `/api/v1/dashboard/${dashboardId}/filters`, {
    modified: [
      {
        id: 'NATIVE_FILTER-gender',
        name: 'Gender',
        filterType: 'filter_select',
        type: 'NATIVE_FILTER',
        targets: [{ datasetId, column: { name: 'gender' } }],
        controlValues: { enableEmptyFilter: false, multiSelect: true },
        defaultDataMask: { extraFormData: {}, filterState: {} },
        cascadeParentIds: [],
        scope: { rootPath: ['ROOT_ID'], excluded: [] },
      },
    ],
    deleted: [],
    reordered: ['NATIVE_FILTER-gender'],
  });
  const totalFor = async (filters: { col: string; op: string; val: string[] }[]): Promise<string> => {
    const [result] = await fetchChartDataRows(page.request, {
      datasource: { id: datasetId, type: 'table' },
      queries: [{ metrics: [sumOfNum], columns: [], filters, row_limit: 1 }],
    });
    return Number(result?.data[0]?.['SUM(num)']).toLocaleString('en-US');
  };
  const everyTotal = await totalFor([]);
  const californianGirls = await totalFor([
    { col: 'gender', op: 'IN', val: ['girl'] },
    { col: 'state', op: 'IN', val: ['CA'] },
  ]);
  expect(californianGirls).not.toBe(everyTotal);

  return { dashboardId, tableId, everyTotal, californianGirls };
}

test("the header's Share > Copy permalink reopens the dashboard with its native filter, column filter and open tab", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const title = 'Permalink state';
  const { dashboardId, tableId, everyTotal, californianGirls } = await setUpDashboard(page, title);

  // The native filter Gender = girl, CA clicked in the table (a column filter), then the 'Totals' tab.
  const dashboard = await DashboardPage.open(page, dashboardId);
  const filters = new DashboardFilters(page);
  const total = dashboard.chart(`${title}: total`).getByTestId(testIds.viz.bigNumber);
  await expect(total).toHaveText(everyTotal);
  await filters.chooseValue('Gender', 'girl');
  await filters.apply();
  const stateCell = (table: DashboardPage, state: string) =>
    table.chart(`${title}: states`).locator(`[data-testid="${testIds.tableChart.cell}"][data-column="state"][data-value="${state}"]`);
  await stateCell(dashboard, 'CA').click();
  await expect(total).toHaveText(californianGirls);
  await dashboard.openTab('Totals');
  await expect(dashboard.chart(`${title}: other total`).getByTestId(testIds.viz.bigNumber)).toHaveText(californianGirls);

  // Header menu > Share > Copy permalink to clipboard.
  await page.getByTestId(testIds.dashboardMenu.button).click();
  const permalinkAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/dashboard/${dashboardId}/permalink`);
  await page.getByTestId(testIds.dashboardMenu.item).filter({ hasText: /^Copy permalink to clipboard$/ }).click();
  const stored = (await permalinkAnswer).request().postDataJSON() as { activeTabs: string[]; urlParams: [string, string][]; dataMask: Record<string, unknown> };
  expect(stored.activeTabs).toEqual(['TAB-totals']);
  expect(stored.urlParams).toEqual([['preselect_filters', JSON.stringify({ [tableId]: { state: ['CA'] } })]]);
  expect(Object.keys(stored.dataMask)).toContain('NATIVE_FILTER-gender');
  await expect(dashboard.toasts.filter({ hasText: 'Copied to clipboard!' })).toHaveCount(1);
  const permalink = await page.evaluate(() => navigator.clipboard.readText());
  expect(permalink).toMatch(/^http:\/\/[^/]+\/superset\/dashboard\/p\/[^/]+\/$/);

  // A new page: the 'Totals' tab is open with the filtered total, Gender shows girl, and the
  // 'States' tab has CA selected in the table and the same total.
  const freshPage = await context.newPage();
  const restored = await DashboardPage.openPermalink(freshPage, permalink);
  await expect(restored.tab('Totals')).toHaveAttribute('aria-selected', 'true');
  await expect(restored.chart(`${title}: other total`).getByTestId(testIds.viz.bigNumber)).toHaveText(californianGirls);
  await expect(new DashboardFilters(freshPage).control('Gender')).toContainText('girl');
  await restored.openTab('States');
  await expect(stateCell(restored, 'CA')).toHaveAttribute('data-selected', 'true');
  await expect(stateCell(restored, 'NY')).toHaveAttribute('data-selected', 'false');
  await expect(restored.chart(`${title}: total`).getByTestId(testIds.viz.bigNumber)).toHaveText(californianGirls);
  await freshPage.close();
});

test("a chart's filter indicator focuses its filter in the filter bar", async ({ page }) => {
  const title = 'Focused filter';
  const { dashboardId, everyTotal } = await setUpDashboard(page, title);
  const dashboard = await DashboardPage.open(page, dashboardId);
  const filters = new DashboardFilters(page);
  const total = dashboard.chart(`${title}: total`);
  await expect(total.getByTestId(testIds.viz.bigNumber)).toHaveText(everyTotal);
  // No filter applied: no indicator.
  await expect(total.getByTestId(testIds.dashboard.chartFilterIndicator)).toHaveCount(0);

  await filters.chooseValue('Gender', 'girl');
  await filters.apply();
  const indicator = total.getByTestId(testIds.dashboard.chartFilterIndicator);
  await expect(indicator).toHaveText('1');
  await expect(indicator).toHaveAttribute('aria-label', 'Applied filters (1)');
  await expect(filters.control('Gender')).toHaveAttribute('data-focused', 'false');

  // With the bar collapsed, the indicator's entry opens it and highlights the Gender filter, focused.
  await page.getByTestId(testIds.dashboardFilters.collapseButton).click();
  await expect(filters.control('Gender')).toHaveCount(0);
  await indicator.click();
  await expect(page.getByRole('menu', { name: 'Applied filters (1)' })).toBeVisible();
  await total.getByTestId(testIds.dashboard.chartFilterIndicatorItem).filter({ hasText: 'Gender' }).click();
  await expect(filters.bar).toHaveAttribute('data-collapsed', 'false');
  await expect(filters.control('Gender')).toHaveAttribute('data-focused', 'true');
  await expect(filters.control('Gender').getByRole('combobox')).toBeFocused();

  // Focus elsewhere ends the highlight.
  await dashboard.title.click();
  await expect(filters.control('Gender')).toHaveAttribute('data-focused', 'false');
});
