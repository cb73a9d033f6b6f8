import { expect, test } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { LoginPage } from '../pages/LoginPage';
import { SqlLabPage } from '../pages/SqlLabPage';
import { adminPassword, adminUsername } from '../support/quiverServer';

/** The left bar's database picker and table metadata on the examples DuckDB (spec 001 sections 2, 4, 7; spec 002 section 2). */

test.describe('SQL Lab database picker', () => {
  test.beforeEach(async ({ page }) => {
    const login = await LoginPage.open(page);
    await login.logIn(adminUsername, adminPassword);
  });

  test('picks the examples, auto-selects its only schema, force-refreshes it and shows a table with its keys', async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page);
    await sqlLab.addTab();
    await sqlLab.chooseDatabase('examples');
    // One schema: chosen for the user. The examples do not allow several catalogs: no catalog select.
    await expect(page.getByTestId(testIds.sqlLab.schemaSelect)).toHaveValue('main');
    await expect(page.getByTestId(testIds.sqlLab.catalogSelect)).toHaveCount(0);

    const refresh = page.getByTestId(testIds.sqlLab.refreshSchemas);
    await expect(refresh).toHaveAttribute('title', 'Force refresh schema list');
    const forced = page.waitForRequest((request) => decodeURIComponent(request.url()).includes('/schemas/?q=(force:!t)'));
    await refresh.click();
    const answer = await (await forced).response();
    expect(answer?.status()).toBe(200);
    expect(await answer?.json()).toEqual({ result: ['main'] });
    await expect(page.getByTestId(testIds.sqlLab.schemaSelect)).toHaveValue('main');

    // The catalogs call answers the DuckDB file's own database.
    const databaseId = Number(await page.getByTestId(testIds.sqlLab.databaseSelect).inputValue());
    const catalogs = await page.request.get(`/api/v1/database/${databaseId}/catalogs/?q=(force:!f)`);
    expect(catalogs.status()).toBe(200);
    expect(((await catalogs.json()) as { result: string[] }).result).toHaveLength(1);

    // A table expands with its columns; each foreign key and index of its metadata marks its columns.
    const metadata = page.waitForResponse((response) => response.url().includes('/table_metadata/?name=birth_names'));
    await sqlLab.addTable('birth_names');
    const body = (await (await metadata).json()) as { foreignKeys: Array<{ column_names: string[] }>; indexes: Array<{ column_names: string[] }> };
    const table = sqlLab.editorTable('birth_names');
    await expect(table.locator(`[data-testid="${testIds.sqlLab.tableColumn}"][data-column="gender"]`)).toBeVisible();
    const marks = (keys: Array<{ column_names: string[] }>): number => keys.reduce((total, key) => total + key.column_names.length, 0);
    await expect(table.locator(`[data-testid="${testIds.sqlLab.tableKey}"][data-key-type="fk"]`)).toHaveCount(marks(body.foreignKeys));
    await expect(table.locator(`[data-testid="${testIds.sqlLab.tableKey}"][data-key-type="index"]`)).toHaveCount(marks(body.indexes));
  });

  test('the left bar hides and shows per tab, and stays hidden after a reload', async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page);
    const name = await sqlLab.addTab();
    await expect(sqlLab.leftBar()).toBeVisible();
    // The change reaches the server (edits are sent at most every 5 seconds, spec 002 section 9).
    const storedHidden = page.waitForResponse(
      (response) =>
        /\/tabstateview\/\d+$/.test(response.url()) &&
        response.request().method() === 'PUT' &&
        (response.request().postData() ?? '').includes('"hide_left_bar":true'),
    );
    await page.getByRole('button', { name: 'Hide left bar' }).click();
    await expect(sqlLab.leftBar()).toHaveCount(0);
    // Another tab keeps its own bar.
    await sqlLab.addTab();
    await expect(sqlLab.leftBar()).toBeVisible();
    await sqlLab.tab(name).getByRole('tab').click();
    await expect(sqlLab.leftBar()).toHaveCount(0);

    await storedHidden;
    const reloaded = await SqlLabPage.open(page);
    await reloaded.tab(name).getByRole('tab').click();
    await expect(reloaded.leftBar()).toHaveCount(0);
    await page.getByRole('button', { name: 'Show left bar' }).click();
    await expect(reloaded.leftBar()).toBeVisible();
  });
});
