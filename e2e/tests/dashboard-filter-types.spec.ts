import { expect, test, type Page, type Request } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardFilters } from '../pages/DashboardFilters';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { TimeRangePicker } from '../pages/TimeRangePicker';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId, writeJson } from '../support/quiverServer';
import { createChart, layoutWithCharts } from '../support/dashboardSetup';

const ids = testIds.dashboardFilters;
const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };

interface PostedQuery {
  columns: (string | { label?: string; timeGrain?: string })[];
  filters: { col: string; op: string; val?: unknown }[];
  granularity?: string;
  time_range?: string;
}

interface PostedQueryContext {
  form_data?: { slice_id?: number; viz_type?: string };
  queries: PostedQuery[];
}

/** The chart-data requests of the page: the last query of each chart, and every filter options query. */
class ChartDataRequests {
  private readonly lastByChart = new Map<number, PostedQuery>();
  readonly optionQueries: PostedQuery[] = [];

  constructor(page: Page) {
    page.on('request', (request: Request) => {
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/v1/chart/data') return;
      const body = request.postDataJSON() as PostedQueryContext;
      const query = body.queries[0];
      if (query === undefined) return;
      if (body.form_data?.viz_type === 'filter_select') this.optionQueries.push(query);
      const chartId = body.form_data?.slice_id;
      if (chartId !== undefined) this.lastByChart.set(chartId, query);
    });
  }

  lastOf(chartId: number): PostedQuery | undefined {
    return this.lastByChart.get(chartId);
  }
}

test('cascading, time range, time column and time grain filters; dividers; the horizontal filter bar', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const datasource = { id: datasetId, type: 'table' };
  const namesOf = async (filters: PostedQuery['filters']): Promise<Set<string>> => {
    const [result] = await fetchChartDataRows(page.request, { datasource, queries: [{ metrics: [sumOfNum], columns: ['name'], filters, row_limit: 10000 }] });
    return new Set((result?.data ?? []).map((row) => String(row.name)));
  };
  const californianNames = await namesOf([{ col: 'state', op: 'IN', val: ['CA'] }]);
  const allNames = await namesOf([]);
  const notInCalifornia = [...allNames].find((name) => !californianNames.has(name));
  const inCalifornia = [...californianNames][0];
  if (notInCalifornia === undefined || inCalifornia === undefined) throw new Error('birth_names needs names in and out of CA');
  const period = '1990-01-01 : 1993-01-01';
  const [periodTotalResult] = await fetchChartDataRows(page.request, {
    datasource,
    queries: [{ metrics: [sumOfNum], columns: [], filters: [], granularity: 'ds', time_range: period, row_limit: 1 }],
  });
  const periodTotal = Number(periodTotalResult?.data[0]?.['SUM(num)']);
  expect(periodTotal).toBeGreaterThan(0);

  const total = await createChart(page.request, 'Typed filters total', 'big_number_total', datasetId, { metric: sumOfNum, y_axis_format: ',d' });
  const byYear = await createChart(page.request, 'Typed filters by year', 'echarts_timeseries_line', datasetId, {
    x_axis: 'ds',
    time_grain_sqla: 'P1D',
    metrics: [sumOfNum],
    groupby: [],
    row_limit: 100,
  });
  const divider = { id: 'NATIVE_FILTER_DIVIDER-when', type: 'DIVIDER', title: 'When', description: 'The period and grain of the births' };
  const created = await writeJson(page.request, 'POST', '/api/v1/dashboard/', {
    dashboard_title: 'Typed filters',
    position_json: JSON.stringify(layoutWithCharts([total, byYear])),
    json_metadata: JSON.stringify({ native_filter_configuration: [divider] }),
    published: false,
  });
  const dashboardId = created.id as number;

  const requests = new ChartDataRequests(page);
  const dashboard = await DashboardPage.open(page, dashboardId);
  const filters = new DashboardFilters(page);
  const bigNumber = dashboard.chart('Typed filters total').getByTestId(testIds.viz.bigNumber);
  await expect(bigNumber).not.toHaveText('');

  // The divider shows its title and description in the bar.
  const shownDivider = filters.bar.getByTestId(ids.divider);
  await expect(shownDivider).toContainText('When');
  await expect(shownDivider).toContainText('The period and grain of the births');

  // State, then Name whose values depend on State, then the three time filters.
  await filters.configButton.click();
  await filters.fillFilter({ name: 'State', dataset: 'birth_names', column: 'state' });
  await filters.addFilter('Value');
  await filters.fillFilter({ name: 'Name', dataset: 'birth_names', column: 'name' });
  await filters.modal.getByTestId(ids.dependentCheckbox).check();
  await expect(filters.modal.getByTestId(ids.parentFilterSelect).locator('option:checked')).toHaveText('State');
  await filters.addFilter('Time range');
  await expect(filters.modal.getByTestId(ids.datasetSelect)).toHaveCount(0);
  await filters.modal.getByTestId(ids.nameInput).fill('Period');
  await filters.addFilter('Time column');
  await filters.modal.getByTestId(ids.nameInput).fill('Time column');
  await filters.modal.getByTestId(ids.datasetSelect).selectOption({ label: 'birth_names' });
  await expect(filters.modal.getByTestId(ids.columnSelect)).toHaveCount(0);
  await filters.addFilter('Time grain');
  await filters.modal.getByTestId(ids.nameInput).fill('Grain');
  await filters.modal.getByTestId(ids.datasetSelect).selectOption({ label: 'birth_names' });
  await filters.modal.getByTestId(ids.timeGrainSelect).selectOption({ label: 'Year' });

  // State depending on Name closes a cycle: refused until undone.
  await filters.selectInModal('State');
  await filters.modal.getByTestId(ids.dependentCheckbox).check();
  await expect(filters.modal.getByTestId(ids.cascadeError)).toHaveText('Cannot create cyclic hierarchy');
  await filters.saveConfiguration();
  await expect(filters.modalError).toHaveText('Cannot create cyclic hierarchy');
  // The refusal selects a filter of the cycle; State gives up its parent.
  await filters.selectInModal('State');
  await filters.modal.getByTestId(ids.dependentCheckbox).uncheck();
  await expect(filters.modal.getByTestId(ids.cascadeError)).toHaveCount(0);
  await filters.saveConfiguration();
  await expect(filters.modal).toHaveCount(0);

  const saved = (await (await page.request.get(`/api/v1/dashboard/${dashboardId}`)).json()) as { result: { json_metadata: string } };
  const configuration = (
    JSON.parse(saved.result.json_metadata) as {
      native_filter_configuration: { id: string; name: string; filterType?: string; cascadeParentIds?: string[]; defaultDataMask?: unknown }[];
    }
  ).native_filter_configuration;
  const stateId = configuration.find((filter) => filter.name === 'State')?.id;
  expect(configuration.filter((filter) => filter.id !== divider.id).map((filter) => [filter.name, filter.filterType])).toEqual([
    ['State', 'filter_select'],
    ['Name', 'filter_select'],
    ['Period', 'filter_time'],
    ['Time column', 'filter_timecolumn'],
    ['Grain', 'filter_timegrain'],
  ]);
  expect(configuration.some((filter) => filter.id === divider.id)).toBe(true);
  expect(configuration.find((filter) => filter.name === 'Name')?.cascadeParentIds).toEqual([stateId]);
  expect(configuration.find((filter) => filter.name === 'Grain')?.defaultDataMask).toMatchObject({
    extraFormData: { time_grain_sqla: 'P1Y' },
    filterState: { value: 'P1Y' },
  });

  // The grain's default applies on load: the yearly chart asks for years.
  await page.reload();
  await expect(filters.control('Grain').getByTestId(ids.timeGrainSelect).locator('option:checked')).toHaveText('Year');
  await expect.poll(() => requests.lastOf(byYear)?.columns[0]).toMatchObject({ label: 'ds', timeGrain: 'P1Y' });

  // Choosing a state narrows the names the Name filter offers: its options query carries the state.
  await filters.chooseValue('State', 'CA');
  await expect
    .poll(() => requests.optionQueries.some((query) => JSON.stringify(query.filters) === JSON.stringify([{ col: 'state', op: 'IN', val: ['CA'] }])))
    .toBe(true);
  const nameBox = filters.control('Name').getByRole('combobox');
  await nameBox.click();
  await nameBox.fill(inCalifornia);
  await expect(page.getByRole('option', { name: inCalifornia, exact: true })).toBeVisible();
  await nameBox.fill(notInCalifornia);
  await expect(page.getByRole('option', { name: notInCalifornia, exact: true })).toHaveCount(0);
  await nameBox.press('Escape');
  await filters.clearAllButton.click();

  // The horizontal bar: chosen in the settings menu, saved in json_metadata, kept on reload.
  await filters.chooseOrientation('horizontal');
  await expect(filters.bar).toHaveAttribute('data-orientation', 'horizontal');
  await expect
    .poll(async () => {
      const answer = (await (await page.request.get(`/api/v1/dashboard/${dashboardId}`)).json()) as { result: { json_metadata: string } };
      return (JSON.parse(answer.result.json_metadata) as { filter_bar_orientation?: string }).filter_bar_orientation;
    })
    .toBe('HORIZONTAL');
  await page.reload();
  await expect(filters.bar).toHaveAttribute('data-orientation', 'horizontal');
  const barBox = await filters.bar.boundingBox();
  const chartBox = await dashboard.chart('Typed filters total').boundingBox();
  if (barBox === null || chartBox === null) throw new Error('the bar and the chart must be visible');
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(chartBox.y);

  // In the horizontal bar: the time column ds and the period 1990 to 1993 filter the total.
  await filters.control('Time column').getByTestId(ids.timeColumnSelect).selectOption('ds');
  const picker = new TimeRangePicker(page);
  await picker.open();
  await picker.chooseRangeType('Advanced');
  await picker.fillAdvanced('1990-01-01', '1993-01-01');
  await picker.apply();
  await filters.apply();
  await expect(bigNumber).toHaveText(periodTotal.toLocaleString('en-US'));
  expect(requests.lastOf(total)).toMatchObject({ granularity: 'ds', time_range: period });

  // Back to vertical.
  await filters.chooseOrientation('vertical');
  await expect(filters.bar).toHaveAttribute('data-orientation', 'vertical');
});
