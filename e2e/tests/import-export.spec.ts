import { randomUUID } from 'node:crypto';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/** A Superset 6.1 export (`/work/shared/fixtures/superset-bundles/`): a dashboard of three charts over `birth_names`. */
const supersetBundle = path.join(__dirname, '../fixtures/superset-bundles/small_dashboard.zip');
/** `birth_names` with four rows: 777 births, CA 400, NY 200, TX 177, boys and girls in 1990 and 1991. */
const birthNamesSqlite = path.join(__dirname, '../fixtures/birth_names_small.sqlite');

test('a Superset 6.1 dashboard export imports through the dialog and its charts render the data', async ({ page }, testInfo) => {
  // The bundle's connection names a SQLite file of Superset's machine: it is pointed at a copy of the fixture.
  const databaseFile = testInfo.outputPath('birth_names_small.sqlite');
  await copyFile(birthNamesSqlite, databaseFile);
  const files = readZip(await readFile(supersetBundle));
  const databaseYaml = [...files.keys()].find((name) => name.includes('/databases/'));
  expect(databaseYaml).toBeDefined();
  const original = files.get(databaseYaml ?? '')?.toString() ?? '';
  expect(original).toContain('sqlalchemy_uri: sqlite:///examples_100k.sqlite');
  files.set(databaseYaml ?? '', Buffer.from(original.replace(/^sqlalchemy_uri: .*$/m, `sqlalchemy_uri: sqlite:///${databaseFile}`)));
  const bundlePath = testInfo.outputPath('small_dashboard.zip');
  await writeFile(bundlePath, writeZip(files));

  const list = await ResourceListPage.openAt(page, dashboardListIds);
  await page.getByTestId(testIds.importModal.openButton).click();
  const dialog = page.getByTestId(testIds.importModal.modal);
  await dialog.getByTestId(testIds.importModal.fileInput).setInputFiles(bundlePath);
  await dialog.getByTestId(testIds.importModal.submit).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(testIds.toast.item).filter({ hasText: 'Dashboard imported' })).toBeVisible();

  const title = 'Births at a glance (oracle, small)';
  await list.searchFor('oracle, small');
  await expect(list.nameLinks).toHaveText([title]);
  const importedId = Number(await list.rows.first().getAttribute('data-row-id'));
  const chartAnswer = await page.request.get(`/api/v1/dashboard/${importedId}/charts`);
  const chartIds = ((await chartAnswer.json()) as { result: { id: number }[] }).result.map((chart) => chart.id);
  try {
    expect(chartIds).toHaveLength(3);
    await list.nameLinks.first().click();
    const dashboard = await DashboardPage.current(page);
    await expect(dashboard.title).toHaveText(title);
    await expect(dashboard.charts).toHaveCount(3);

    // The big number is the table's total; the pie has a slice per state; the line a series per gender.
    const total = dashboard.chart('Total births (big number total)');
    await expect(total.getByTestId(testIds.viz.bigNumber)).toHaveText('777');
    await expect(total.getByTestId(testIds.viz.bigNumber)).toHaveAttribute('data-value', '777');
    const pie = dashboard.chart('Births by state (pie)');
    await expect(dashboard.loadedChart('Births by state (pie)')).toHaveCount(1);
    await expect(pie.getByTestId(testIds.viz.legendItem)).toHaveText([/CA/, /NY/, /TX/]);
    await expect(dashboard.loadedChart('Births per year by gender (line)')).toHaveCount(1);
    const line = dashboard.chart('Births per year by gender (line)');
    await expect(line.getByTestId(testIds.viz.legendItem)).toHaveText([/boy/, /girl/]);
    await page.screenshot({ path: testInfo.outputPath('imported-superset-dashboard.png') });
  } finally {
    // The next run imports the same uuids again: everything the bundle created goes.
    await writeJson(page.request, 'DELETE', `/api/v1/dashboard/${importedId}`, undefined);
    for (const chartId of chartIds) await writeJson(page.request, 'DELETE', `/api/v1/chart/${chartId}`, undefined);
    const datasets = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent('(filters:!((col:table_name,opr:eq,value:birth_names)))')}`);
    const databaseName = 'examples_sqlite_100k';
    for (const dataset of ((await datasets.json()) as { result: { id: number; database: { database_name: string } }[] }).result) {
      if (dataset.database.database_name === databaseName) await writeJson(page.request, 'DELETE', `/api/v1/dataset/${dataset.id}`, undefined);
    }
    const databases = await page.request.get(`/api/v1/database/?q=${encodeURIComponent(`(filters:!((col:database_name,opr:eq,value:${databaseName})))`)}`);
    for (const database of ((await databases.json()) as { result: { id: number }[] }).result) {
      await writeJson(page.request, 'DELETE', `/api/v1/database/${database.id}`, undefined);
    }
  }
});
