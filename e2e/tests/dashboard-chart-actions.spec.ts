import { expect, test, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId, writeJson } from '../support/quiverServer';

const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };

test.beforeEach(async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
});

test('dashboard chart menu: View query shows the SQL, View as table the rows, Share copies the dashboard permalink at the chart', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const [byGender] = await fetchChartDataRows(page.request, {
    datasource: { id: datasetId, type: 'table' },
    queries: [{ metrics: [sumOfNum], columns: ['gender'], row_limit: 100 }],
  });
  const expectedRows = (byGender?.data ?? []).map((row) => [String(row.gender), String(row['SUM(num)'])]).sort();
  expect(expectedRows).toHaveLength(2);

  const dashboard = await DashboardPage.open(page, 'births');
  await expect(dashboard.loadedChart('Births by gender')).toHaveCount(1);

  // View query: the pie's SQL, grouped by gender.
  await dashboard.chooseChartMenuItem('Births by gender', testIds.dashboard.chartMenuViewQuery);
  const viewQuery = page.getByTestId(testIds.viewQuery.modal);
  await expect(viewQuery.getByRole('heading', { name: 'View query' })).toBeVisible();
  const sql = (await viewQuery.getByTestId(testIds.viewQuery.sql).textContent()) ?? '';
  expect(sql).toMatch(/SELECT/i);
  expect(sql).toMatch(/birth_names/);
  expect(sql).toMatch(/SUM\(/i);
  expect(sql).toMatch(/GROUP BY[\s\S]*gender/i);
  await viewQuery.getByTestId(testIds.viewQuery.closeButton).click();
  await expect(viewQuery).toHaveCount(0);

  // View as table: the chart's rows, as the server computes them.
  await dashboard.chooseChartMenuItem('Births by gender', testIds.dashboard.chartMenuViewAsTable);
  const table = page.getByTestId(testIds.dashboard.viewAsTableModal);
  await expect(table.getByRole('heading', { name: 'Chart Data: Births by gender' })).toBeVisible();
  await expect(table.getByTestId(testIds.dataPane.rowCount)).toHaveText('2 rows');
  const rows = table.getByTestId(testIds.dataPane.row);
  await expect(rows).toHaveCount(2);
  const shownRows = await rows.evaluateAll(
    (elements, cellTestId) => elements.map((row) => Array.from(row.querySelectorAll(`[data-testid="${cellTestId}"]`)).map((cell) => cell.textContent)),
    testIds.dataPane.cell,
  );
  expect(shownRows.sort()).toEqual(expectedRows);
  await table.getByRole('button', { name: 'Close' }).last().click();
  await expect(table).toHaveCount(0);

  // Share > Copy permalink to clipboard: Superset's dashboard permalink, anchored at the pie.
  await dashboard.chooseChartMenuItem('Births by gender', testIds.dashboard.chartMenuCopyPermalink);
  await expect(dashboard.toasts.filter({ hasText: 'Copied to clipboard!' })).toHaveCount(1);
  const permalink = await page.evaluate(() => navigator.clipboard.readText());
  expect(permalink).toMatch(/^http:\/\/[^/]+\/superset\/dashboard\/p\/[^/]+\/$/);
  const restored = await DashboardPage.openPermalink(page, permalink);
  await expect(page).toHaveURL(/\?permalink_key=[^#]+#CHART-/);
  await expect(restored.chart('Births by gender').locator('[data-kind="slice"]')).toHaveCount(2);
});

/** A dashboard of its own: charts of the example dashboard's names would appear twice in the other tests' chart panes. */
async function createDashboardWithCharts(page: Page, title: string, charts: { name: string; vizType: string; params: Record<string, unknown> }[]): Promise<number> {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-actions'], parents: ['ROOT_ID'] },
  };
  const rowChildren: string[] = [];
  for (const [index, chart] of charts.entries()) {
    const params = { ...chart.params, viz_type: chart.vizType, datasource: `${datasetId}__table`, time_range: 'No filter', adhoc_filters: [] };
    const created = await writeJson(page.request, 'POST', '/api/v1/chart/', {
      slice_name: chart.name,
      viz_type: chart.vizType,
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify(params),
    });
    const componentId = `CHART-actions-${index}`;
    layout[componentId] = { type: 'CHART', id: componentId, children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-actions'], meta: { chartId: created.id, width: 4, height: 50 } };
    rowChildren.push(componentId);
  }
  layout['ROW-actions'] = { type: 'ROW', id: 'ROW-actions', children: rowChildren, parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } };
  const dashboard = await writeJson(page.request, 'POST', '/api/v1/dashboard/', { dashboard_title: title, position_json: JSON.stringify(layout), published: true });
  return dashboard.id as number;
}

test('dashboard chart menu: fullscreen fills the window, Toggle chart description shows the description', async ({ page }) => {
  const describedName = 'Chart actions: gender split';
  const plainName = 'Chart actions: sum of num';
  const dashboardId = await createDashboardWithCharts(page, 'Chart actions', [
    { name: describedName, vizType: 'pie', params: { groupby: ['gender'], metric: sumOfNum, row_limit: 100 } },
    { name: plainName, vizType: 'big_number_total', params: { metric: sumOfNum } },
  ]);
  const charts = (await (await page.request.get(`/api/v1/dashboard/${dashboardId}/charts`)).json()) as { result: { id: number; slice_name: string }[] };
  const described = charts.result.find((chart) => chart.slice_name === describedName);
  if (described === undefined) throw new Error(`the dashboard has no "${describedName}" chart`);
  await writeJson(page.request, 'PUT', `/api/v1/chart/${described.id}`, { description: 'Births per **gender**, all years.' });

  const dashboard = await DashboardPage.open(page, dashboardId);
  await expect(dashboard.loadedChart(describedName)).toHaveCount(1);
  const holder = dashboard.chart(describedName);
  const viewport = page.viewportSize();
  if (viewport === null) throw new Error('no viewport');

  // Enter fullscreen: the chart fills the window; Exit fullscreen gives it back its place.
  const placed = await holder.boundingBox();
  await dashboard.chooseChartMenuItem(describedName, testIds.dashboard.chartMenuFullscreen);
  await expect(holder).toHaveAttribute('data-full-size', 'true');
  expect(await holder.boundingBox()).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  // The pie is drawn again in the larger box.
  await expect.poll(async () => (await holder.locator('svg').first().boundingBox())?.width ?? 0).toBeGreaterThan(placed?.width ?? viewport.width);
  await holder.getByTestId(testIds.dashboard.chartMenuButton).click();
  await expect(holder.getByTestId(testIds.dashboard.chartMenuFullscreen)).toHaveText('Exit fullscreen');
  await holder.getByTestId(testIds.dashboard.chartMenuFullscreen).click();
  await expect(holder).toHaveAttribute('data-full-size', 'false');
  expect(await holder.boundingBox()).toEqual(placed);

  // Toggle chart description: offered only for the chart with a description.
  const plain = dashboard.chart(plainName);
  await plain.getByTestId(testIds.dashboard.chartMenuButton).click();
  await expect(plain.getByTestId(testIds.dashboard.chartMenuFullscreen)).toHaveText('Enter fullscreen');
  await expect(plain.getByTestId(testIds.dashboard.chartMenuToggleDescription)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await dashboard.chooseChartMenuItem(describedName, testIds.dashboard.chartMenuToggleDescription);
  const description = holder.getByTestId(testIds.dashboard.chartDescription);
  await expect(description).toHaveText('Births per gender, all years.');
  await expect(description.locator('strong')).toHaveText('gender');
  await dashboard.chooseChartMenuItem(describedName, testIds.dashboard.chartMenuToggleDescription);
  await expect(description).toHaveCount(0);
});
