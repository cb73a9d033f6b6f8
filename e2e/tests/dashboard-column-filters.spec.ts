import { expect, test, type Request } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId, writeJson } from '../support/quiverServer';
import { createChart, layoutWithCharts } from '../support/dashboardSetup';

const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };

interface ChartDataBody {
  form_data?: { slice_id?: number };
  queries: { filters?: { col: string; op: string; val: unknown }[] }[];
}

function chartDataBody(request: Request): ChartDataBody | null {
  if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/v1/chart/data') return null;
  return request.postDataJSON() as ChartDataBody;
}

test('a table with table_filter filters the other charts by the clicked cells (legacy column filters)', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const title = 'Column filters';
  const tableId = await createChart(page.request, `${title}: states`, 'table', datasetId, {
    query_mode: 'aggregate',
    groupby: ['state'],
    metrics: [sumOfNum],
    row_limit: 100,
    table_filter: true,
  });
  const totalId = await createChart(page.request, `${title}: total`, 'big_number_total', datasetId, { metric: sumOfNum, y_axis_format: ',d' });
  const created = await writeJson(page.request, 'POST', '/api/v1/dashboard/', {
    dashboard_title: title,
    position_json: JSON.stringify(layoutWithCharts([tableId, totalId])),
    published: false,
  });
  const totalFor = async (states: string[]): Promise<string> => {
    const filters = states.length === 0 ? [] : [{ col: 'state', op: 'IN', val: states }];
    const [result] = await fetchChartDataRows(page.request, {
      datasource: { id: datasetId, type: 'table' },
      queries: [{ metrics: [sumOfNum], columns: [], filters, row_limit: 1 }],
    });
    return Number(result?.data[0]?.['SUM(num)']).toLocaleString('en-US');
  };
  const [everyTotal, caTotal, caNyTotal] = [await totalFor([]), await totalFor(['CA']), await totalFor(['CA', 'NY'])];
  expect(new Set([everyTotal, caTotal, caNyTotal]).size).toBe(3);

  const dashboard = await DashboardPage.open(page, created.id as number);
  const total = dashboard.chart(`${title}: total`).getByTestId(testIds.viz.bigNumber);
  await expect(total).toHaveText(everyTotal);
  const table = dashboard.chart(`${title}: states`);
  const stateCell = (state: string) => table.locator(`[data-testid="${testIds.tableChart.cell}"][data-column="state"][data-value="${state}"]`);
  await expect(stateCell('CA')).toBeVisible();

  // Clicking CA: the total is answered again with the column filter, regrouped in the browser
  // from the table's rows by state (decision 0088); the table itself is not queried.
  const totalQueries: ChartDataBody[] = [];
  const tableQueries: ChartDataBody[] = [];
  page.on('request', (request) => {
    const body = chartDataBody(request);
    if (body?.form_data?.slice_id === totalId) totalQueries.push(body);
    if (body?.form_data?.slice_id === tableId) tableQueries.push(body);
  });
  await stateCell('CA').click();
  await expect(total).toHaveText(caTotal);
  await expect(stateCell('CA')).toHaveAttribute('data-selected', 'true');
  expect(totalQueries).toEqual([]);

  // A second value joins the filter.
  await stateCell('NY').click();
  await expect(total).toHaveText(caNyTotal);
  expect(totalQueries).toEqual([]);

  // Both clicked again: no filter is left.
  await stateCell('CA').click();
  await expect(total).toHaveText(await totalFor(['NY']));
  await stateCell('NY').click();
  await expect(total).toHaveText(everyTotal);
  await expect(stateCell('NY')).toHaveAttribute('data-selected', 'false');
  expect(tableQueries).toEqual([]);
});
