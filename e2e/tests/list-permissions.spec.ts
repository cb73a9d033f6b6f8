import { expect, test } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ChartListPage } from '../pages/ChartListPage';
import { LoginPage } from '../pages/LoginPage';
import { dashboardListIds, databaseListIds, datasetListIds, ResourceListPage } from '../pages/ResourceListPage';
import { adminPassword, adminUsername, createGammaUser } from '../support/quiverServer';

// Spec 001 section 6: the list pages read `_info` and hide the writes the server would refuse.
test('a Gamma user gets no dataset or database writes but keeps the chart and dashboard writes', async ({ page }) => {
  const username = `gamma_lists_${Date.now().toString(36)}`;
  createGammaUser(username, 'gamma-pass-1');
  const login = await LoginPage.open(page);
  await login.logIn(username, 'gamma-pass-1');

  // Gamma has no can_write on Dataset: no '+ Dataset', no import, no bulk select.
  const datasets = await ResourceListPage.openAt(page, datasetListIds);
  await expect(datasets.page.getByTestId(testIds.datasetList.page)).toBeVisible();
  await expect(page.getByTestId(testIds.listActions.addDataset)).toHaveCount(0);
  await expect(page.getByTestId(testIds.importModal.openButton)).toHaveCount(0);
  await expect(datasets.bulkSelectToggle).toHaveCount(0);

  // Nor on Database: no '+ Database', no CSV upload.
  await ResourceListPage.openAt(page, databaseListIds);
  await expect(page.getByTestId(testIds.databaseList.page)).toBeVisible();
  await expect(page.getByTestId(testIds.listActions.addDatabase)).toHaveCount(0);
  await expect(page.getByTestId(testIds.listActions.uploadCsv)).toHaveCount(0);

  // Gamma writes charts and dashboards.
  const charts = await ChartListPage.open(page);
  await expect(page.getByTestId(testIds.importModal.openButton)).toBeVisible();
  await expect(charts.bulkSelectToggle).toBeVisible();
  await ResourceListPage.openAt(page, dashboardListIds);
  await expect(page.getByTestId(testIds.dashboardList.newButton)).toHaveText('+ Dashboard');
});

test('an Admin gets the dataset and database writes', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasets = await ResourceListPage.openAt(page, datasetListIds);
  await expect(page.getByTestId(testIds.listActions.addDataset)).toHaveText('+ Dataset');
  await expect(page.getByTestId(testIds.importModal.openButton)).toBeVisible();
  await expect(datasets.bulkSelectToggle).toBeVisible();
  await ResourceListPage.openAt(page, databaseListIds);
  await expect(page.getByTestId(testIds.listActions.addDatabase)).toHaveText('+ Database');
  await expect(page.getByTestId(testIds.listActions.uploadCsv)).toBeVisible();
});
