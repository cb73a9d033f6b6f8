import { readFile } from 'node:fs/promises';
import { expect, test, type Download } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ChartSaving } from '../pages/ChartSaving';
import { DashboardPage } from '../pages/DashboardPage';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { readPngSize } from '../support/pngFiles';
import { adminPassword, adminUsername, findDatasetId } from '../support/quiverServer';

const failedMessage = 'Image download failed, please refresh and try again.';
/** `<name>-YYYY-MM-DD HH-mm-ss.png`. */
const timestamped = (name: string): RegExp => new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2} \\d{2}-\\d{2}-\\d{2}\\.png$`);

/** The downloaded file is a PNG larger than 100 x 100 pixels; answers its size. */
async function expectPng(download: Download): Promise<{ width: number; height: number }> {
  const file = await readFile(await download.path());
  expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const size = readPngSize(file);
  expect(size.width).toBeGreaterThan(100);
  expect(size.height).toBeGreaterThan(100);
  return size;
}

test.beforeEach(async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
});

test('Explore: Download > Download as image saves a PNG of the table chart', async ({ page }) => {
  const explore = await ExplorePage.open(page, await findDatasetId(page.request, 'birth_names'));
  await explore.chooseVizType('Table');
  await explore.addGroupby('gender');
  await explore.addSimpleMetric('num', 'SUM');
  await explore.run();
  await expect(explore.table).toBeVisible();

  const download = await new ChartSaving(page).downloadAsImage();

  // A chart not saved yet is named "chart".
  expect(download.suggestedFilename()).toMatch(timestamped('chart'));
  await expectPng(download);
  await expect(explore.toasts.filter({ hasText: failedMessage })).toHaveCount(0);
});

test('dashboard: a chart menu and the header menu download PNGs of the chart and of the grid', async ({ page }) => {
  const dashboard = await DashboardPage.open(page, 'births');
  await expect(dashboard.loadedChart('Births over time')).toHaveCount(1);
  await expect(dashboard.chart('Births over time').locator('[data-kind="line"]')).toHaveCount(2);

  const chartDownload = await dashboard.downloadChartImage('Births over time');
  expect(chartDownload.suggestedFilename()).toMatch(timestamped('Births over time'));
  const chartSize = await expectPng(chartDownload);
  // The menu closed when the item was chosen (it is left out of the image either way).
  await expect(dashboard.chart('Births over time').getByTestId(testIds.dashboard.chartMenu)).toHaveCount(0);

  const gridDownload = await dashboard.downloadImage();
  expect(gridDownload.suggestedFilename()).toMatch(timestamped('Births'));
  const gridSize = await expectPng(gridDownload);
  // The grid holds the chart and more.
  expect(gridSize.width).toBeGreaterThan(chartSize.width);
  expect(gridSize.height).toBeGreaterThan(chartSize.height);
  await expect(dashboard.toasts.filter({ hasText: failedMessage })).toHaveCount(0);
});
