import { test, expect } from '../support/adminSession';
import { testIds } from '../../web/src/testIds';
import { ChartSaving } from '../pages/ChartSaving';
import { ExplorePage } from '../pages/ExplorePage';
import { findDatasetId } from '../support/quiverServer';

interface SavedChartDashboards {
  dashboards: { id: number; dashboard_title: string }[];
}

test('the save modal adds a chart to a new dashboard, and another chart to that dashboard', async ({ page }) => {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const saving = new ChartSaving(page);
  const toast = (text: string) => page.getByTestId(testIds.toast.item).filter({ hasText: text });
  const dashboardTitle = `Births board ${Date.now()}`;

  // A table saved into a dashboard typed in the select: the dashboard is created on the way.
  let explore = await ExplorePage.open(page, datasetId);
  await explore.chooseVizType('Table');
  await explore.addGroupby('gender');
  await explore.addSimpleMetric('num', 'SUM');
  await explore.run();
  await expect(explore.cells('gender')).toHaveCount(2);
  const tableName = `Births per gender ${Date.now()}`;
  await saving.saveAsIntoDashboard(tableName, dashboardTitle, { goToDashboard: false });
  await expect(toast(`Chart [${tableName}] has been saved`)).toBeVisible();
  await expect(toast(`Dashboard [${dashboardTitle}] just got created and chart [${tableName}] was added to it`)).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('slice_id')).toMatch(/^\d+$/);
  const tableId = Number(new URL(page.url()).searchParams.get('slice_id'));
  const tableChart = (await (await page.request.get(`/api/v1/chart/${tableId}`)).json()) as { result: SavedChartDashboards };
  expect(tableChart.result.dashboards.map((dashboard) => dashboard.dashboard_title)).toEqual([dashboardTitle]);
  const [dashboard] = tableChart.result.dashboards;
  if (dashboard === undefined) throw new Error('the chart lists no dashboard');

  // A pie saved into the dashboard that now exists, with "Save & go to dashboard".
  explore = await ExplorePage.open(page, datasetId);
  await explore.chooseVizType('Pie Chart');
  await explore.addGroupby('gender');
  await explore.addSimpleMetric('num', 'SUM', 'metric');
  await explore.run();
  await expect(explore.marks('slice')).toHaveCount(2);
  const pieName = `Births pie ${Date.now()}`;
  await saving.saveAsIntoDashboard(pieName, dashboardTitle, { goToDashboard: true });
  await expect(toast(`Chart [${pieName}] was added to dashboard [${dashboardTitle}]`)).toBeVisible();
  await page.waitForURL((url) => url.pathname === `/superset/dashboard/${dashboard.id}/`);

  // The dashboard holds both charts, and lists no other dashboard of that title.
  const charts = (await (await page.request.get(`/api/v1/dashboard/${dashboard.id}/charts`)).json()) as { result: { id: number; slice_name: string }[] };
  expect(charts.result.map((chart) => chart.slice_name).sort()).toEqual([pieName, tableName].sort());
  const filter = `(filters:!((col:dashboard_title,opr:ct,value:'${dashboardTitle}')))`;
  const listed = (await (await page.request.get(`/api/v1/dashboard/?q=${encodeURIComponent(filter)}`)).json()) as { count: number };
  expect(listed.count).toBe(1);
});
