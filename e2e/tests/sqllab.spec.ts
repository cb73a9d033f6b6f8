import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { LoginPage } from '../pages/LoginPage';
import { SqlLabPage } from '../pages/SqlLabPage';
import { adminPassword, adminUsername } from '../support/quiverServer';
import { executeAsJson, readSqlLabAnswer } from '../support/sqlLabAnswer';

const aggregateSql = 'SELECT gender, SUM(num) AS total FROM birth_names GROUP BY gender ORDER BY gender';
const dmlNotAllowed = 'Only SELECT statements are allowed against this database.';

test.describe('SQL Lab', () => {
  test.beforeEach(async ({ page }) => {
    const login = await LoginPage.open(page);
    await login.logIn(adminUsername, adminPassword);
  });

  test('a query typed on the examples runs with Ctrl+Enter and shows the API values', async ({ page }, testInfo) => {
    const sqlLab = await SqlLabPage.open(page);
    await sqlLab.chooseDatabase('examples');
    await expect(page.getByTestId(testIds.sqlLab.schemaSelect)).toHaveValue('main');
    await expect(page.locator(`[data-testid="${testIds.sqlLab.tableItem}"][data-table="birth_names"]`)).toBeVisible();

    await sqlLab.typeSql(aggregateSql);
    await sqlLab.runWithKeyboard();
    await sqlLab.expectRowCount('2 rows');
    await expect(sqlLab.headerCells()).toHaveText(['gender', 'total']);

    const expected = await executeAsJson(page.request, aggregateSql);
    expect(expected.status).toBe('success');
    await expect(sqlLab.cells('gender')).toHaveText(expected.data.map((row) => String(row.gender)));
    await expect(sqlLab.cells('total')).toHaveText(expected.data.map((row) => String(row.total)));
    await expect(page.getByTestId(testIds.sqlLab.truncationWarning)).toHaveCount(0);
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'sqllab-results.png'), fullPage: true });

    // The row limit cuts the rows and says so.
    await page.getByTestId(testIds.sqlLab.limitSelect).selectOption('10');
    await sqlLab.typeSql('SELECT name, num FROM birth_names ORDER BY num DESC');
    await page.getByTestId(testIds.sqlLab.runButton).click();
    await sqlLab.expectRowCount('10 rows');
    await expect(page.getByTestId(testIds.sqlLab.truncationWarning)).toHaveText(
      'The number of rows displayed is limited to 10 by the limit dropdown.',
    );
  });

  test('Run runs the selected text alone, labelled "Run selection"; Ctrl+Enter too', async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page);
    await sqlLab.chooseDatabase('examples');
    await sqlLab.typeSql(`SELECT 42 AS answer;\n${aggregateSql}`);
    const runButton = page.getByTestId(testIds.sqlLab.runButton);
    await expect(runButton).toHaveText('Run');

    await sqlLab.selectFirstLine();
    await expect(runButton).toHaveText('Run selection');
    await runButton.click();
    await sqlLab.expectRowCount('1 row');
    await expect(sqlLab.headerCells()).toHaveText(['answer']);
    await expect(sqlLab.cells('answer')).toHaveText(['42']);

    // The whole script's last statement, once nothing is selected.
    await sqlLab.runWithKeyboard();
    await expect(runButton).toHaveText('Run');
    await sqlLab.expectRowCount('2 rows');
    await expect(sqlLab.headerCells()).toHaveText(['gender', 'total']);

    await sqlLab.selectFirstLine();
    await page.keyboard.press('ControlOrMeta+Enter');
    await sqlLab.expectRowCount('1 row');
    await expect(sqlLab.headerCells()).toHaveText(['answer']);
  });

  test("'Download to CSV' saves the run's rows as the grid shows them", async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page);
    await sqlLab.chooseDatabase('examples');
    await sqlLab.typeSql(aggregateSql);
    await sqlLab.runWithKeyboard();
    await sqlLab.expectRowCount('2 rows');
    const downloading = page.waitForEvent('download');
    await page.getByTestId(testIds.sqlLab.downloadCsvButton).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sqllab_.*\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const expected = await executeAsJson(page.request, aggregateSql);
    expect(csv).toBe(['gender,total', ...expected.data.map((row) => `${String(row.gender)},${String(row.total)}`)].join('\n') + '\n');
  });

  test('a DML statement is refused with the spec message', async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page);
    await sqlLab.chooseDatabase('examples');
    await sqlLab.typeSql('DELETE FROM birth_names');
    await sqlLab.runWithKeyboard();
    await expect(page.getByTestId(testIds.sqlLab.resultsError)).toContainText(dmlNotAllowed);
    // The table is still there, whole.
    const count = await executeAsJson(page.request, 'SELECT COUNT(*) AS n FROM birth_names');
    expect(Number(count.data[0]?.n)).toBeGreaterThan(0);
  });

  test('tabs are added, renamed and closed', async ({ page }) => {
    // Tabs are kept on the server (the persistence flag is on): no browser-storage warning.
    const sqlLab = await SqlLabPage.open(page);
    await expect(page.getByTestId(testIds.sqlLab.storageWarning)).toHaveCount(0);
    await sqlLab.activeTab().waitFor();
    const activeBefore = (await sqlLab.activeTab().getAttribute('data-tab-name')) ?? '';
    const added = await sqlLab.addTab();
    expect(added).toMatch(/^Untitled Query \d+$/);
    await sqlLab.tab(added).getByRole('tab').dblclick();
    await page.getByTestId(testIds.sqlLab.renameInput).fill('Births');
    await page.keyboard.press('Enter');
    await expect(sqlLab.tab('Births')).toHaveAttribute('data-active', 'true');
    await sqlLab.tab('Births').getByTestId(testIds.sqlLab.closeTab).click();
    await expect(sqlLab.tab('Births')).toHaveCount(0);
    // The tab active before it becomes active again (the tab history, spec 002 section 4).
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', activeBefore);
  });

  test("the legacy paths redirect, the page is titled 'SQL Lab', and a run of the Query history list opens by its link", async ({ page }) => {
    // /superset/sqllab/ is /sqllab/ now (Superset 6), with its query string.
    await page.goto('/superset/sqllab/?state=CA');
    const sqlLab = await SqlLabPage.current(page);
    await expect(page).toHaveURL(/\/sqllab\/\?state=CA$/);
    await expect(page).toHaveTitle('SQL Lab');

    // A run, whose query dict links it.
    const stamp = Date.now();
    const runSql = `SELECT ${stamp} AS stamp`;
    await sqlLab.chooseDatabase('examples');
    const tabName = (await sqlLab.activeTab().getAttribute('data-tab-name')) ?? '';
    await sqlLab.typeSql(runSql);
    const answered = page.waitForResponse((response) => response.url().includes('/api/v1/sqllab/execute/') && response.request().method() === 'POST');
    await sqlLab.runWithKeyboard();
    await sqlLab.expectRowCount('1 row');
    // The page asks for the Arrow answer: the run's meta is in its schema metadata.
    const { meta } = readSqlLabAnswer(await (await answered).body());
    const queryDict = (meta as unknown as { query: { queryId: number; link: string } }).query;
    expect(queryDict.link).toBe(`/sqllab/?queryId=${queryDict.queryId}`);

    // /superset/sqllab/history/ is the Query history list, which lists the run.
    await page.goto('/superset/sqllab/history/');
    await expect(page).toHaveURL(/\/sqllab\/history\/$/);
    await expect(page).toHaveTitle('Query history');
    const list = page.getByTestId(testIds.queryHistoryList.page);
    const row = list.getByRole('row').filter({ hasText: runSql });
    await expect(row).toHaveCount(1);
    const open = row.getByTestId(testIds.queryHistoryList.openInSqlLab);
    await expect(open).toHaveAttribute('href', queryDict.link);

    // Its link opens the run's SQL in a new tab, "Copy of" the run's tab.
    await open.click();
    await SqlLabPage.current(page);
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', `Copy of ${tabName}`);
    await expect(sqlLab.editor).toContainText(runSql);
    await expect(page).toHaveURL(/\/sqllab\/$/);
  });
});
