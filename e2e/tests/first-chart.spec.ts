import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, findDatasetId } from '../support/quiverServer';

function parseDisplayedNumber(text: string): number {
  return Number(text.replace(/,/g, ''));
}

test('a table of birth names by gender and state with SUM(num)', async ({ page, context }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);

  const datasetId = await findDatasetId(page.request, 'birth_names');
  const explore = await ExplorePage.open(page, datasetId);
  await explore.chooseVizType('Table');
  await explore.addGroupby('gender');
  await explore.addGroupby('state');
  await explore.addSimpleMetric('num', 'SUM');
  await explore.run();

  await expect(explore.chartError).toHaveCount(0);
  await expect(explore.table).toBeVisible();
  await expect(explore.rowCount).toHaveText(/^[\d,]+ rows?$/);
  const rowCount = parseDisplayedNumber((await explore.rowCount.innerText()).split(' ')[0] ?? '');
  expect(rowCount).toBeGreaterThan(1);

  const genders = await explore.cells('gender').allInnerTexts();
  const states = await explore.cells('state').allInnerTexts();
  const sums = (await explore.cells('SUM(num)').allInnerTexts()).map(parseDisplayedNumber);
  expect(genders.length).toBeGreaterThan(0);
  expect(genders.length).toBeLessThanOrEqual(rowCount);
  expect(genders.every((gender) => gender === 'boy' || gender === 'girl')).toBe(true);
  expect(states.some((state) => /^[A-Z]{2}$/.test(state))).toBe(true);
  expect(sums.length).toBe(genders.length);
  expect(sums.every((sum) => Number.isFinite(sum) && sum > 0)).toBe(true);

  await explore.openViewQuery();
  await expect(explore.querySql).toContainText('GROUP BY');
  await expect(explore.querySql).toContainText('birth_names');
  await explore.copyQuery();
  await expect(explore.toasts.filter({ hasText: 'Copied to clipboard!' })).toBeVisible();
  await explore.closeViewQuery();

  await page.screenshot({ path: path.join(testInfo.project.outputDir, 'first-chart.png'), fullPage: true });
});
