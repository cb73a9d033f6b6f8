import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Locator } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardPage } from '../pages/DashboardPage';
import { dashboardListIds, ResourceListPage } from '../pages/ResourceListPage';
import { test } from '../support/adminSession';
import { writeJson } from '../support/quiverServer';
import { readZip, writeZip } from '../support/zipFiles';

/** The example dashboard's row in the list, by its exact title. */
function exampleRow(list: ResourceListPage): Locator {
  return list.rows.filter({ has: list.page.getByTestId(testIds.dashboardList.nameLink).filter({ hasText: /^Births$/ }) });
}

test('a dashboard exported from the list imports under another name and opens', async ({ page }, testInfo) => {
  const stamp = Date.now().toString(36);
  const newTitle = `Births imported ${stamp}`;
  const list = await ResourceListPage.openAt(page, dashboardListIds);
  await list.searchFor('Births');
  const row = exampleRow(list);
  await expect(row).toHaveCount(1);

  // The row's Export downloads a Superset v1 bundle.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId(testIds.importModal.rowExport).click()]);
  expect(download.suggestedFilename()).toMatch(/^dashboard_export_\d{8}T\d{6}\.zip$/);
  const exported = readZip(await readFile(await download.path()));
  const names = [...exported.keys()];
  const metadataName = names.find((name) => name.endsWith('/metadata.yaml'));
  expect(metadataName).toBeDefined();
  expect(exported.get(metadataName ?? '')?.toString()).toContain('type: Dashboard');
  expect(names.some((name) => name.includes('/databases/'))).toBe(true);
  expect(names.some((name) => name.includes('/datasets/'))).toBe(true);
  const chartFiles = names.filter((name) => name.includes('/charts/'));
  expect(chartFiles.length).toBeGreaterThan(0);
  const dashboardName = names.find((name) => name.includes('/dashboards/'));
  expect(dashboardName).toBeDefined();

  // The bulk bar's Export gives the same bundle layout.
  await list.bulkSelectToggle.click();
  await list.checkbox(row).check();
  const [bulkDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testIds.importModal.bulkExport).click()]);
  const bulkNames = [...readZip(await readFile(await bulkDownload.path())).keys()].map((name) => name.split('/').slice(1).join('/'));
  expect(bulkNames.sort()).toEqual(names.map((name) => name.split('/').slice(1).join('/')).sort());

  // Edit the bundle: a new title, uuid and slug make it another dashboard over the same charts.
  const original = exported.get(dashboardName ?? '')?.toString() ?? '';
  const edited = original
    .replace(/^dashboard_title: .*$/m, `dashboard_title: ${newTitle}`)
    .replace(/^uuid: .*$/m, `uuid: ${randomUUID()}`)
    .replace(/^slug: .*$/m, `slug: births-imported-${stamp}`);
  expect(edited).not.toBe(original);
  const files = new Map(exported);
  files.set(dashboardName ?? '', Buffer.from(edited));
  const bundlePath = testInfo.outputPath('edited_bundle.zip');
  await writeFile(bundlePath, writeZip(files));

  // Import through the dialog.
  await page.getByTestId(testIds.importModal.openButton).click();
  const dialog = page.getByTestId(testIds.importModal.modal);
  await expect(dialog.getByRole('heading', { name: 'Import dashboard' })).toBeVisible();
  const submit = dialog.getByTestId(testIds.importModal.submit);
  await expect(submit).toBeDisabled();
  await dialog.getByTestId(testIds.importModal.fileInput).setInputFiles(bundlePath);
  await dialog.getByTestId(testIds.importModal.submit).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(testIds.toast.item).filter({ hasText: 'Dashboard imported' })).toBeVisible();

  // Imported again, it exists: the dialog asks for the typed OVERWRITE.
  await page.getByTestId(testIds.importModal.openButton).click();
  await dialog.getByTestId(testIds.importModal.fileInput).setInputFiles(bundlePath);
  await submit.click();
  await expect(dialog.getByText('You are importing one or more dashboards that already exist.', { exact: false })).toBeVisible();
  await expect(submit).toHaveText('Overwrite');
  await expect(submit).toBeDisabled();
  await dialog.getByTestId(testIds.importModal.overwriteInput).fill('overwrite');
  await page.screenshot({ path: testInfo.outputPath('import-overwrite.png') });
  await submit.click();
  await expect(dialog).toBeHidden();

  // The imported dashboard is listed under its new name and opens with the exported charts.
  await list.searchFor(newTitle);
  await expect(list.nameLinks).toHaveText([newTitle]);
  const importedId = Number(await list.rows.first().getAttribute('data-row-id'));
  try {
    await list.nameLinks.first().click();
    await page.getByTestId(testIds.dashboard.grid).waitFor();
    await expect(page.getByTestId(testIds.dashboard.title)).toHaveText(newTitle);
    // Charts in closed tabs are not rendered: the page shows the first tab's, the API lists all.
    await expect(page.getByTestId(testIds.dashboard.chart).first()).toBeVisible();
    const charts = await page.request.get(`/api/v1/dashboard/${importedId}/charts`);
    expect(charts.status()).toBe(200);
    expect(((await charts.json()) as { result: unknown[] }).result).toHaveLength(chartFiles.length);
    await page.screenshot({ path: testInfo.outputPath('imported-dashboard.png') });
    const byId = await DashboardPage.open(page, importedId);
    await expect(byId.title).toHaveText(newTitle);
  } finally {
    await writeJson(page.request, 'DELETE', `/api/v1/dashboard/${importedId}`, undefined);
  }
});
