import type { APIRequestContext, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ChartSaving } from '../pages/ChartSaving';
import { DrillToDetail } from '../pages/DrillToDetail';
import { ExplorePage } from '../pages/ExplorePage';
import { expect, test } from '../support/adminSession';
import { createGammaUser, fetchChartDataRows, findDatasetId, writeJson } from '../support/quiverServer';

const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };
const girlsOnly = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: '==', comparator: 'girl' };

interface QueryFilter {
  col: string;
  op: string;
  val?: unknown;
}

/** A bar chart (`echarts_timeseries_bar`) of SUM(num) on birth_names with these controls, saved through the API. Answers its id. */
async function createBarChart(page: Page, datasetId: number, name: string, controls: Record<string, unknown>): Promise<number> {
  const params = { datasource: `${datasetId}__table`, viz_type: 'echarts_timeseries_bar', metrics: [sumOfNum], groupby: [], time_range: 'No filter', ...controls };
  const answer = await writeJson(page.request, 'POST', '/api/v1/chart/', {
    slice_name: name,
    viz_type: 'echarts_timeseries_bar',
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify(params),
  });
  return answer.id as number;
}

/** A bar chart of births by state (top 10), girls only. Answers its id. */
async function createGirlsByStateBars(page: Page, datasetId: number, name: string): Promise<number> {
  return createBarChart(page, datasetId, name, { x_axis: 'state', adhoc_filters: [girlsOnly], row_limit: 10 });
}

/** COUNT(*) of birth_names under the filters, through the chart data API. */
async function rowCount(request: APIRequestContext, datasetId: number, filters: QueryFilter[]): Promise<number> {
  const countMetric = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'row_count' };
  const [result] = await fetchChartDataRows(request, {
    datasource: { id: datasetId, type: 'table' },
    queries: [{ metrics: [countMetric], columns: [], filters, row_limit: 1 }],
  });
  return Number(result?.data[0]?.row_count);
}

function rowCountText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
}

test('right-clicking a bar drills to its rows: chart filters kept, 50 a page, the value pill removable', async ({ page }) => {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const chartName = `Girls by state ${Date.now()}`;
  const chartId = await createGirlsByStateBars(page, datasetId, chartName);
  const explore = await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  const drill = new DrillToDetail(page);

  // The top state's bar: its rows are the girls born there.
  const firstBar = explore.marks('bar').first();
  await expect(firstBar).toBeVisible();
  const state = await firstBar.getAttribute('data-x');
  if (state === null) throw new Error('the bar has no x value');
  const girlsFilter: QueryFilter = { col: 'gender', op: '==', val: 'girl' };
  const stateFilter: QueryFilter = { col: 'state', op: '==', val: state };
  const girlsInState = await rowCount(page.request, datasetId, [girlsFilter, stateFilter]);
  const allGirls = await rowCount(page.request, datasetId, [girlsFilter]);
  expect(girlsInState).toBeGreaterThan(50);
  expect(allGirls).toBeGreaterThan(girlsInState);

  await drill.rightClickMark(firstBar);
  expect(await drill.menuItems()).toEqual(['Drill to detail', `Drill to detail by state = ${state}`]);
  const firstPage = await drill.chooseMenuItem(`Drill to detail by state = ${state}`);
  expect(firstPage).toMatchObject({ page: 1, perPage: 50 });
  expect(firstPage.filters).toContainEqual(stateFilter);
  // The chart's own adhoc filter, as the Wasm core turns it into a query filter.
  expect(firstPage.filters).toContainEqual({ col: 'gender', op: '==', val: 'girl' });

  await expect(drill.modal.getByRole('heading', { name: `Drill to detail: ${chartName}` })).toBeVisible();
  await expect(drill.pills).toHaveText([`state = ${state}×`]);
  await expect(drill.rowCount).toHaveText(rowCountText(girlsInState));
  await expect(drill.pageText).toHaveText(`Page 1 of ${Math.ceil(girlsInState / 50).toLocaleString('en-US')}`);
  await expect(drill.cells('state').first()).toHaveText(state);
  expect(new Set(await drill.cells('state').allInnerTexts())).toEqual(new Set([state]));
  expect(new Set(await drill.cells('gender').allInnerTexts())).toEqual(new Set(['girl']));

  // Page 2: the same filters, the next 50 rows.
  const secondPage = await drill.nextPage();
  expect(secondPage).toMatchObject({ page: 2, perPage: 50, filters: firstPage.filters });
  await expect(drill.pageText).toHaveText(`Page 2 of ${Math.ceil(girlsInState / 50).toLocaleString('en-US')}`);
  await expect(drill.rowCount).toHaveText(rowCountText(girlsInState));
  expect(new Set(await drill.cells('state').allInnerTexts())).toEqual(new Set([state]));

  // Without the state pill: every girl's row, from page 1.
  const unfiltered = await drill.removePill(`state = ${state}`);
  expect(unfiltered.page).toBe(1);
  expect(unfiltered.filters).not.toContainEqual(stateFilter);
  await expect(drill.pills).toHaveCount(0);
  await expect(drill.rowCount).toHaveText(rowCountText(allGirls));
  await expect(drill.pageText).toHaveText(`Page 1 of ${Math.ceil(allGirls / 50).toLocaleString('en-US')}`);
  await drill.close();

  // The header menu's "Drill to detail" opens the chart's rows without a value filter.
  await page.getByTestId(testIds.exploreHeader.actionsButton).click();
  await page.getByTestId(testIds.exploreHeader.drillToDetail).click();
  await expect(drill.rowCount).toHaveText(rowCountText(allGirls));
  await expect(drill.pills).toHaveCount(0);
  await drill.close();
});

test('right-clicking a year of a time series drills to the rows of that year only', async ({ page }) => {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const chartId = await createBarChart(page, datasetId, `Births by year ${Date.now()}`, { x_axis: 'ds', time_grain_sqla: 'P1Y', row_limit: 10000 });
  const explore = await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  const drill = new DrillToDetail(page);

  // The second year's bar (epoch ms in data-x) and its row count, grouped by the server's year truncation.
  const bar = explore.marks('bar').nth(1);
  await expect(bar).toBeVisible();
  const yearStart = Number(await bar.getAttribute('data-x'));
  const year = new Date(yearStart).getUTCFullYear();
  expect(new Date(yearStart).toISOString()).toBe(`${year}-01-01T00:00:00.000Z`);
  const yearAxis = { expressionType: 'SQL', sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1Y' };
  const countMetric = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'row_count' };
  const [perYear] = await fetchChartDataRows(page.request, {
    datasource: { id: datasetId, type: 'table' },
    queries: [{ metrics: [countMetric], columns: [yearAxis], row_limit: 1000 }],
  });
  const yearRow = perYear?.data.find((row) => Number(row.ds) === yearStart);
  const rowsInYear = Number(yearRow?.row_count);
  expect(rowsInYear).toBeGreaterThan(0);

  await drill.rightClickMark(bar);
  const label = `Drill to detail by ds = ${year}`;
  expect(await drill.menuItems()).toEqual(['Drill to detail', label]);
  const firstPage = await drill.chooseMenuItem(label);
  expect(firstPage.filters).toContainEqual({ col: 'ds', op: 'TEMPORAL_RANGE', val: `${year}-01-01T00:00:00 : ${year + 1}-01-01T00:00:00` });

  await expect(drill.pills).toHaveText([`ds = ${year}×`]);
  await expect(drill.rowCount).toHaveText(rowCountText(rowsInYear));
  // The rendered rows (the table is virtualized) all fall in the clicked year.
  await expect(drill.cells('ds').first()).toHaveText(new RegExp(`^${year}-`));
  const shownDays = await drill.cells('ds').allInnerTexts();
  expect(shownDays.length).toBeGreaterThan(0);
  expect(shownDays.filter((day) => !day.startsWith(`${year}-`))).toEqual([]);
  await drill.close();
});

test('right-clicking a segment of stacked bars drills by its x value and by the series under the pointer', async ({ page }) => {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const chartName = `Births by state and gender ${Date.now()}`;
  const chartId = await createBarChart(page, datasetId, chartName, { x_axis: 'state', groupby: ['gender'], stack: 'Stack', row_limit: 100 });
  const explore = await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  const drill = new DrillToDetail(page);

  // The girls' segment of the first state's stack.
  const girlsBar = explore.marks('bar').and(page.locator('[data-series$="girl"]')).first();
  await expect(girlsBar).toBeVisible();
  const state = await girlsBar.getAttribute('data-x');
  if (state === null) throw new Error('the bar has no x value');
  const stateFilter: QueryFilter = { col: 'state', op: '==', val: state };
  const girlsFilter: QueryFilter = { col: 'gender', op: '==', val: 'girl' };
  const girlsInState = await rowCount(page.request, datasetId, [stateFilter, girlsFilter]);
  expect(girlsInState).toBeGreaterThan(0);

  await drill.rightClickMark(girlsBar);
  expect(await drill.menuItems()).toEqual(['Drill to detail', `Drill to detail by state = ${state}`, 'Drill to detail by gender = girl', 'Drill to detail by all']);
  const firstPage = await drill.chooseMenuItem('Drill to detail by all');
  expect(firstPage.filters).toContainEqual(stateFilter);
  expect(firstPage.filters).toContainEqual(girlsFilter);
  await expect(drill.modal.getByRole('heading', { name: `Drill to detail: ${chartName}` })).toBeVisible();
  await expect(drill.pills).toHaveText([`state = ${state}×`, 'gender = girl×']);
  await expect(drill.rowCount).toHaveText(rowCountText(girlsInState));
  await expect(drill.cells('gender').first()).toHaveText('girl');
  expect(new Set(await drill.cells('gender').allInnerTexts())).toEqual(new Set(['girl']));
  expect(new Set(await drill.cells('state').allInnerTexts())).toEqual(new Set([state]));

  // Reload asks for the same page again.
  const [reloaded] = await Promise.all([
    page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/datasource/samples'),
    drill.modal.getByTestId(testIds.drillToDetail.reload).click(),
  ]);
  expect(new URL(reloaded.url()).searchParams.get('page')).toBe('1');
  await expect(drill.rowCount).toHaveText(rowCountText(girlsInState));
  await drill.close();
});

test('the chart properties modal saves the owners chosen and shows them on reopening', async ({ page }) => {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const suffix = Date.now();
  const chartId = await createGirlsByStateBars(page, datasetId, `Owned girls by state ${suffix}`);
  const ownerName = `Olive Owner${suffix}`;
  createGammaUser(`olive_${suffix}`, 'olive-pass-1', { firstName: 'Olive', lastName: `Owner${suffix}` });

  const readOwners = async (): Promise<{ id: number; first_name: string; last_name: string }[]> => {
    const answer = (await (await page.request.get(`/api/v1/chart/${chartId}`)).json()) as {
      result: { owners: { id: number; first_name: string; last_name: string }[] };
    };
    return answer.result.owners;
  };
  const [creator] = await readOwners();
  if (creator === undefined) throw new Error('the new chart has no owner');
  const creatorName = `${creator.first_name} ${creator.last_name}`.trim();

  await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  const saving = new ChartSaving(page);
  expect(await saving.openPropertiesOwners()).toEqual([creatorName]);
  const [ownersPut] = await Promise.all([
    page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname === `/api/v1/chart/${chartId}`),
    saving.addOwnerAndSave('olive', ownerName),
  ]);
  await expect(page.getByTestId(testIds.toast.item).filter({ hasText: 'Chart properties updated' })).toBeVisible();
  const savedOwners = await readOwners();
  expect(savedOwners.map((owner) => `${owner.first_name} ${owner.last_name}`.trim()).sort()).toEqual([creatorName, ownerName].sort());
  expect((ownersPut.postDataJSON() as { owners: number[] }).owners.sort()).toEqual(savedOwners.map((owner) => owner.id).sort());

  // A fresh page load reads them back from the server.
  await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  expect((await saving.openPropertiesOwners()).sort()).toEqual([creatorName, ownerName].sort());
});
