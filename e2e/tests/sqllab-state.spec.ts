import { expect, test, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { LoginPage } from '../pages/LoginPage';
import { SqlLabPage } from '../pages/SqlLabPage';
import { adminPassword, adminUsername } from '../support/quiverServer';

interface SavedQueryAnswer {
  id: number;
  result: { label: string; description: string; sql: string; database: { database_name: string } };
}

async function logIn(page: Page): Promise<void> {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
}

/** A unique text per run, so reruns against the same server never match an older row. */
function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}`;
}

test.describe('SQL Lab state', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test('a saved query is stored and reopens in a new tab by savedQueryId', async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page);
    await sqlLab.addTab();
    await sqlLab.chooseDatabase('examples');
    const sql = 'SELECT name, num FROM birth_names ORDER BY num DESC LIMIT 3';
    await sqlLab.typeSql(sql);
    const label = unique('Top names');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/saved_query/') && response.request().method() === 'POST');
    await sqlLab.saveQuery(label, 'the three biggest');
    const savedAnswer = (await (await saved).json()) as SavedQueryAnswer;
    await expect(page.getByText('Your query was saved')).toBeVisible();
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', label);

    // The server holds what was typed.
    const stored = (await (await page.request.get(`/api/v1/saved_query/${savedAnswer.id}`)).json()) as SavedQueryAnswer;
    expect(stored.result).toMatchObject({ label, description: 'the three biggest', sql, database: { database_name: 'examples' } });

    // Copy link shows for a tab that comes from a saved query; the link reopens it in a new tab.
    await expect(page.getByTestId(testIds.sqlLab.copyLinkButton)).toBeVisible();
    const tabsBefore = (await sqlLab.tabNames()).length;
    const reopened = await SqlLabPage.open(page, `/sqllab/?savedQueryId=${savedAnswer.id}`);
    await expect(page.getByTestId(testIds.sqlLab.tab)).toHaveCount(tabsBefore + 1);
    await expect(reopened.activeTab()).toHaveAttribute('data-tab-name', label);
    await expect(reopened.editor.locator('.cm-content')).toHaveText(sql);
    await expect(page).toHaveURL(/\/sqllab\/$/);

    // Update keeps the same saved query.
    await reopened.typeSql('SELECT 1 AS one');
    await page.getByTestId(testIds.sqlLab.saveButton).click();
    await expect(page.getByTestId(testIds.sqlLab.saveQueryDescription)).toHaveValue('the three biggest');
    await page.getByTestId(testIds.sqlLab.updateQuerySubmit).click();
    await expect(page.getByText('Your query was updated')).toBeVisible();
    const updated = (await (await page.request.get(`/api/v1/saved_query/${savedAnswer.id}`)).json()) as SavedQueryAnswer;
    expect(updated.result.sql).toBe('SELECT 1 AS one');

    // A saved query that does not exist says so.
    await SqlLabPage.open(page, '/sqllab/?savedQueryId=99999999');
    await expect(page.getByText("The query couldn't be loaded")).toBeVisible();
  });

  test('a shared permalink reopens the query in a fresh browser context', async ({ page, browser }) => {
    const sqlLab = await SqlLabPage.open(page);
    const name = await sqlLab.addTab();
    await sqlLab.chooseDatabase('examples');
    const sql = `SELECT '${unique('shared')}' AS marker`;
    await sqlLab.typeSql(sql);
    const created = page.waitForResponse((response) => response.url().endsWith('/api/v1/sqllab/permalink') && response.status() === 201);
    await page.getByTestId(testIds.sqlLab.shareButton).click();
    const { url } = (await (await created).json()) as { key: string; url: string };
    expect(url).toMatch(/\/sqllab\/p\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Link Copied!')).toBeVisible();

    const context = await browser.newContext();
    const freshPage = await context.newPage();
    try {
      await logIn(freshPage);
      const opened = await SqlLabPage.open(freshPage, new URL(url).pathname);
      await expect(opened.activeTab()).toHaveAttribute('data-tab-name', name);
      await expect(opened.editor.locator('.cm-content')).toHaveText(sql);
      await expect(freshPage.getByTestId(testIds.sqlLab.databaseSelect)).toHaveValue(/\d+/);
      await opened.runWithKeyboard();
      await opened.expectRowCount('1 row');
    } finally {
      await context.close();
    }
  });

  test('the query history lists the tab runs with their state', async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page);
    await sqlLab.addTab();
    await sqlLab.chooseDatabase('examples');
    const marker = unique('history');
    await sqlLab.typeSql(`SELECT '${marker}' AS marker`);
    await sqlLab.runWithKeyboard();
    await sqlLab.expectRowCount('1 row');
    await sqlLab.typeSql('SELECT missing_column FROM birth_names');
    await sqlLab.runWithKeyboard();
    await expect(page.getByTestId(testIds.sqlLab.resultsError)).toBeVisible();

    await page.getByTestId(testIds.sqlLab.southTabHistory).click();
    await expect(sqlLab.historyRows()).toHaveCount(2);
    await expect(sqlLab.historyRows().nth(0)).toHaveAttribute('data-status', 'failed');
    await expect(sqlLab.historyRows().nth(1)).toHaveAttribute('data-status', 'success');
    await expect(sqlLab.historyRows().nth(1).getByTestId(testIds.sqlLab.historySql)).toHaveText(`SELECT '${marker}' AS marker`);

    await page.getByTestId(testIds.sqlLab.historyStatusFilter).selectOption('success');
    await expect(sqlLab.historyRows()).toHaveCount(1);
    await page.getByTestId(testIds.sqlLab.historyStatusFilter).selectOption('');
    await page.getByTestId(testIds.sqlLab.historySqlSearch).fill('missing_column');
    await expect(sqlLab.historyRows()).toHaveCount(1);
    await expect(sqlLab.historyRows().first()).toHaveAttribute('data-status', 'failed');
  });

  test('tabs kept on the server survive a reload', async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page);
    await expect(page.getByTestId(testIds.sqlLab.storageWarning)).toHaveCount(0);
    await sqlLab.addTab();
    const name = unique('Kept');
    await sqlLab.activeTab().getByRole('tab').dblclick();
    await page.getByTestId(testIds.sqlLab.renameInput).fill(name);
    await page.keyboard.press('Enter');
    const sql = 'SELECT 42 AS answer';
    // The edits reach the server after the 5 s pause (spec 002 section 9).
    const stored = page.waitForResponse(
      (response) => /\/tabstateview\/\d+$/.test(response.url()) && response.request().method() === 'PUT' && response.ok(),
    );
    await sqlLab.typeSql(sql);
    await stored;

    await page.reload();
    await page.getByTestId(testIds.sqlLab.page).waitFor();
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', name);
    await expect(sqlLab.editor.locator('.cm-content')).toHaveText(sql);

    // An edit not yet sent (reload within the pause) waits in the browser and is merged back.
    await sqlLab.typeSql('SELECT 43 AS answer');
    await page.reload();
    await page.getByTestId(testIds.sqlLab.page).waitFor();
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', name);
    await expect(sqlLab.editor.locator('.cm-content')).toHaveText('SELECT 43 AS answer');

    // Closing deletes it on the server too.
    const deleted = page.waitForResponse((response) => /\/tabstateview\/\d+$/.test(response.url()) && response.request().method() === 'DELETE');
    await sqlLab.tab(name).getByTestId(testIds.sqlLab.closeTab).click();
    expect((await deleted).ok()).toBe(true);
    await page.reload();
    await page.getByTestId(testIds.sqlLab.page).waitFor();
    await sqlLab.activeTab().waitFor();
    await expect(sqlLab.tab(name)).toHaveCount(0);
  });
});
