import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ChartSaving } from '../pages/ChartSaving';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, findDatasetId } from '../support/quiverServer';

interface ShownRows {
  genders: string[];
  sums: string[];
}

async function shownRows(explore: ExplorePage): Promise<ShownRows> {
  await expect(explore.table).toBeVisible();
  await expect(explore.chartError).toHaveCount(0);
  return { genders: await explore.cells('gender').allInnerTexts(), sums: await explore.cells('SUM(num)').allInnerTexts() };
}

/** The controls of the saved chart: Table, grouped by gender, SUM(num). */
async function expectSavedControls(page: Page, explore: ExplorePage): Promise<void> {
  await expect(explore.control('groupby')).toContainText('gender');
  await expect(page.getByTestId(testIds.explore.metricChip)).toHaveCount(1);
  await expect(page.getByTestId(testIds.explore.metricChip)).toContainText('SUM(num)');
  await expect(page.getByTestId(testIds.explore.vizTypeControl)).toHaveAttribute('data-viz-type', 'table');
}

interface SavedChart {
  slice_name: string;
  description: string | null;
  params: string;
  owners: { id: number }[];
}

async function readChart(page: Page, chartId: number): Promise<SavedChart> {
  const response = await page.request.get(`/api/v1/chart/${chartId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: SavedChart }).result;
}

test('a chart saved from Explore reopens by slice_id, form_data_key and permalink, and can be overwritten', async ({ page, context }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');

  // Build: a table of birth_names grouped by gender with SUM(num).
  let explore = await ExplorePage.open(page, datasetId);
  const saving = new ChartSaving(page);
  await expect(saving.title).toHaveText('Add the name of the chart');
  await explore.chooseVizType('Table');
  await explore.addGroupby('gender');
  await explore.addSimpleMetric('num', 'SUM');
  await explore.run();
  const built = await shownRows(explore);
  expect([...built.genders].sort()).toEqual(['boy', 'girl']);
  expect(built.sums.every((sum) => Number(sum.replace(/,/g, '')) > 0)).toBe(true);

  // Save as a new chart: Explore moves to the chart and shows its name.
  const chartName = `Births by gender ${Date.now()}`;
  const chartId = await saving.saveAs(chartName);
  expect(chartId).toBeGreaterThan(0);
  await expect(page.getByTestId(testIds.toast.item).filter({ hasText: `Chart [${chartName}] has been saved` })).toBeVisible();
  explore = await ExplorePage.current(page);
  await expect(saving.title).toHaveText(chartName);
  await expectSavedControls(page, explore);
  expect(await shownRows(explore)).toEqual(built);
  const saved = await readChart(page, chartId);
  expect(saved.slice_name).toBe(chartName);
  expect(JSON.parse(saved.params)).toMatchObject({ viz_type: 'table', groupby: ['gender'] });

  // Reopen in a fresh page load by slice_id.
  explore = await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  await expect(saving.title).toHaveText(chartName);
  await expectSavedControls(page, explore);
  expect(await shownRows(explore)).toEqual(built);

  // Explore caches its state and puts the key in the URL; a reload reopens that state.
  await expect.poll(() => page.url()).toContain('form_data_key=');
  const cachedUrl = new URL(page.url());
  expect(cachedUrl.searchParams.get('slice_id')).toBe(String(chartId));
  explore = await ExplorePage.openPath(page, `${cachedUrl.pathname}${cachedUrl.search}`);
  await expectSavedControls(page, explore);
  expect(await shownRows(explore)).toEqual(built);

  // Share > Copy permalink, then open it.
  const permalink = await saving.copyPermalink();
  expect(permalink).toMatch(/^http:\/\/[^/]+\/explore\/p\/[^/]+\/$/);
  explore = await ExplorePage.openPath(page, new URL(permalink).pathname);
  await expect(saving.title).toHaveText(chartName);
  await expectSavedControls(page, explore);
  expect(await shownRows(explore)).toEqual(built);
  await page.screenshot({ path: path.join(testInfo.project.outputDir, 'save-chart-permalink.png'), fullPage: true });

  // Overwrite with one more group-by column; reopening shows it.
  explore = await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  await explore.addGroupby('state');
  await explore.run();
  await expect(explore.cells('state').first()).toBeVisible();
  await saving.overwrite();
  await expect(page.getByTestId(testIds.toast.item).filter({ hasText: `Chart [${chartName}] has been overwritten` })).toBeVisible();
  expect(JSON.parse((await readChart(page, chartId)).params)).toMatchObject({ groupby: ['gender', 'state'] });
  explore = await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  await expect(explore.control('groupby')).toContainText('state');
  await expect(explore.cells('state').first()).toBeVisible();

  // Edit chart properties: the header and the API show the new name and description.
  const renamed = `${chartName} (renamed)`;
  await saving.editProperties({ name: renamed, description: 'Births per gender and state' });
  await expect(page.getByTestId(testIds.toast.item).filter({ hasText: 'Chart properties updated' })).toBeVisible();
  await expect(saving.title).toHaveText(renamed);
  const edited = await readChart(page, chartId);
  expect(edited.slice_name).toBe(renamed);
  expect(edited.description).toBe('Births per gender and state');
});

test('the chart API refuses a change without a CSRF token and a missing chart is 404', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const missing = await page.request.get('/api/v1/chart/987654');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ message: 'Not found' });
  const noToken = await page.request.put('/api/v1/chart/987654', { data: { slice_name: 'x' } });
  expect(noToken.status()).toBe(400);
  expect(await noToken.json()).toEqual({ message: 'The CSRF token is missing.' });
});
