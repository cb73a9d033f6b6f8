import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { LoginPage } from '../pages/LoginPage';
import { SqlLabPage } from '../pages/SqlLabPage';
import { adminPassword, adminUsername } from '../support/quiverServer';
import { readSqlLabAnswer, sqlLabArrowContentType } from '../support/sqlLabAnswer';

/** Issue #7's done-when journey, in one browser session (with a fresh context for the permalink). */

const longSql = 'SELECT count(*) AS n FROM range(100000000000) a WHERE a.range % 7 = 3';

async function logIn(page: Page): Promise<void> {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
}

function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}`;
}

test.describe('SQL Lab journey', () => {
  test.setTimeout(180_000);

  test('two tabs, browse and preview, autocomplete, run, format, save, share, stop, DML, create a chart, reload', async ({
    page,
    browser,
  }, testInfo) => {
    const shot = (name: string): Promise<Buffer> => page.screenshot({ path: path.join(testInfo.project.outputDir, `${name}.png`), fullPage: true });
    await logIn(page);
    const sqlLab = await SqlLabPage.open(page);

    // Two tabs: a new one, then its clone; Ctrl+[ and Ctrl+] move between them, wrapping around.
    const first = await sqlLab.addTab();
    await sqlLab.chooseDatabase('examples');
    await expect(page.getByTestId(testIds.sqlLab.schemaSelect)).toHaveValue('main');
    await sqlLab.typeSql('SELECT 1 AS one');
    await page.getByTestId(testIds.sqlLab.cloneTab).click();
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', `Copy of ${first}`);
    await expect(sqlLab.editor.locator('.cm-content')).toHaveText('SELECT 1 AS one');
    const names = await sqlLab.tabNames();
    expect(names.slice(-2)).toEqual([first, `Copy of ${first}`]);
    await page.getByTestId(testIds.sqlLab.tableSearch).click();
    await page.keyboard.press('Control+[');
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', first);
    await page.keyboard.press('Control+]');
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', `Copy of ${first}`);
    // From the last tab, the next one is the first (wrap-around).
    await page.keyboard.press('Control+]');
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', names[0] ?? '');
    await page.keyboard.press('Control+[');
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', `Copy of ${first}`);
    const tabName = `Copy of ${first}`;

    // Browse a table: it is added to the editor with its columns, and previewed in the south pane.
    await page.getByTestId(testIds.sqlLab.tableSearch).fill('birth');
    await page.locator(`[data-testid="${testIds.sqlLab.tableItem}"][data-table="birth_names"]`).click();
    const editorTable = page.locator(`[data-testid="${testIds.sqlLab.editorTable}"][data-table="birth_names"]`);
    await expect(editorTable).toHaveAttribute('aria-expanded', 'true');
    await expect(editorTable.locator(`[data-testid="${testIds.sqlLab.tableColumn}"][data-column="gender"]`)).toBeVisible();
    const previewTab = page.locator(`[data-testid="${testIds.sqlLab.southTabTable}"][data-table="birth_names"]`);
    await expect(previewTab).toHaveAttribute('aria-selected', 'true');
    const preview = page.getByTestId(testIds.sqlLab.tablePreview);
    await expect(preview.getByTestId(testIds.sqlLab.rowCount)).toHaveText('100 rows');
    await expect(preview.getByTestId(testIds.sqlLab.headerCell).first()).toHaveText('ds');
    await shot('journey-preview');
    // A second table, then removing it moves the south pane back to the first table's preview.
    await page.getByTestId(testIds.sqlLab.tableSearch).fill('');
    await page.locator(`[data-testid="${testIds.sqlLab.tableItem}"][data-table="flights"]`).click();
    const flightsTab = page.locator(`[data-testid="${testIds.sqlLab.southTabTable}"][data-table="flights"]`);
    await expect(flightsTab).toHaveAttribute('aria-selected', 'true');
    await page.locator(`[data-testid="${testIds.sqlLab.editorTable}"][data-table="flights"]`).getByTestId(testIds.sqlLab.editorTableRemove).click();
    await expect(flightsTab).toHaveCount(0);
    await expect(previewTab).toHaveAttribute('aria-selected', 'true');
    // Collapsing hides the columns.
    await editorTable.getByTestId(testIds.sqlLab.editorTableToggle).click();
    await expect(editorTable).toHaveAttribute('aria-expanded', 'false');
    await expect(editorTable.getByTestId(testIds.sqlLab.tableColumn)).toHaveCount(0);

    // Autocomplete: a column of the schema's tables is offered while typing.
    await sqlLab.typeSql('');
    await page.keyboard.type('select gend');
    const completions = page.locator('.cm-tooltip-autocomplete');
    await expect(completions.getByText('gender', { exact: true })).toBeVisible();
    await shot('journey-autocomplete');
    await page.keyboard.press('Enter');
    await page.keyboard.type(', sum(num) as total from birth_names group by gender order by gender');
    const typedSql = 'select gender, sum(num) as total from birth_names group by gender order by gender';
    await expect(sqlLab.editor.locator('.cm-content')).toHaveText(typedSql);

    // Run with the keyboard.
    await page.getByTestId(testIds.sqlLab.southTabResults).click();
    await sqlLab.runWithKeyboard();
    await sqlLab.expectRowCount('2 rows');
    await expect(sqlLab.headerCells()).toHaveText(['gender', 'total']);
    await expect(sqlLab.cells('gender')).toHaveText(['boy', 'girl']);

    // Format.
    await page.getByTestId(testIds.sqlLab.formatButton).click();
    await expect(sqlLab.editor.locator('.cm-line').first()).toHaveText(/^SELECT/);
    const formatted = await sqlLab.editor.locator('.cm-content').innerText();
    expect(formatted.split('\n').length).toBeGreaterThan(1);

    // Save.
    const label = unique('Births by gender');
    await sqlLab.saveQuery(label, 'journey');
    await expect(page.getByText('Your query was saved')).toBeVisible();
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', label);

    // Share a permalink and reopen it in a fresh browser context.
    const created = page.waitForResponse((response) => response.url().endsWith('/api/v1/sqllab/permalink') && response.status() === 201);
    await page.getByTestId(testIds.sqlLab.shareButton).click();
    const { url } = (await (await created).json()) as { url: string };
    const context = await browser.newContext();
    const freshPage = await context.newPage();
    try {
      await logIn(freshPage);
      const opened = await SqlLabPage.open(freshPage, new URL(url).pathname);
      await expect(opened.activeTab()).toHaveAttribute('data-tab-name', label);
      // One .cm-line per line: the text content of .cm-content has no line breaks.
      await expect(opened.editor.locator('.cm-line')).toHaveText(formatted.split('\n'));
      await opened.runWithKeyboard();
      await opened.expectRowCount('2 rows');
    } finally {
      await context.close();
    }

    // Create a chart from the results: the dataset is made and Explore opens on it.
    await page.getByTestId(testIds.sqlLab.createChartButton).click();
    const modal = page.getByTestId(testIds.sqlLab.saveDatasetModal);
    await expect(modal.getByText('Save or Overwrite Dataset')).toBeVisible();
    await expect(page.getByTestId(testIds.sqlLab.saveDatasetName)).toHaveValue(new RegExp(`^${label} \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d:\\d\\d$`));
    const datasetName = unique('births dataset');
    await page.getByTestId(testIds.sqlLab.saveDatasetName).fill(datasetName);
    const createdDataset = page.waitForResponse((response) => response.url().endsWith('/api/v1/dataset/') && response.request().method() === 'POST');
    await shot('journey-save-dataset');
    await page.getByTestId(testIds.sqlLab.saveDatasetSubmit).click();
    const datasetAnswer = (await (await createdDataset).json()) as { id: number; result: { sql: string; columns: { column_name: string }[] } };
    // The dataset is the query that gave the results (run before the format).
    expect(datasetAnswer.result.sql).toBe(typedSql);
    expect(datasetAnswer.result.columns.map((column) => column.column_name)).toEqual(['gender', 'total']);
    await expect(page).toHaveURL(new RegExp(`/explore/\\?datasource_type=table&datasource_id=${datasetAnswer.id}$`));
    await expect(page.getByTestId(testIds.explore.datasetName)).toHaveText(datasetName);
    await shot('journey-explore');

    // Back in SQL Lab: stop a long query.
    await page.goto('/sqllab/');
    await page.getByTestId(testIds.sqlLab.page).waitFor();
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', label);
    await sqlLab.typeSql(longSql);
    // A stop that reaches the server before the run is sent again (404), so wait for the one that lands.
    const stopped = page.waitForResponse((response) => response.url().endsWith('/api/v1/query/stop') && response.status() !== 404);
    const executed = page.waitForResponse((response) => response.url().endsWith('/api/v1/sqllab/execute/'));
    await sqlLab.runWithKeyboard();
    await expect(page.getByTestId(testIds.sqlLab.resultsRunning)).toBeVisible();
    await page.getByTestId(testIds.sqlLab.stopButton).click();
    expect((await stopped).ok()).toBe(true);
    await expect(page.getByTestId(testIds.sqlLab.resultsStopped)).toHaveText('Query was stopped');
    // The server ended the statement: its run answers promptly (as Arrow), recorded as stopped.
    const executeResponse = await executed;
    expect(executeResponse.headers()['content-type']).toBe(sqlLabArrowContentType);
    const executeAnswer = readSqlLabAnswer(await executeResponse.body());
    expect(executeAnswer.meta.status).toBe('stopped');
    expect(executeAnswer.table.numRows).toBe(0);
    await page.getByTestId(testIds.sqlLab.southTabHistory).click();
    await expect(sqlLab.historyRows().first()).toHaveAttribute('data-status', 'stopped');
    await page.getByTestId(testIds.sqlLab.southTabResults).click();

    // DML refused.
    await sqlLab.typeSql('/* read */ DELETE FROM birth_names');
    await sqlLab.runWithKeyboard();
    await expect(page.getByTestId(testIds.sqlLab.resultsError)).toContainText('Only SELECT statements are allowed against this database.');

    // Tabs (and the editor's table) survive a reload.
    const stored = page.waitForResponse(
      (response) => /\/tabstateview\/\d+$/.test(response.url()) && response.request().method() === 'PUT' && response.ok(),
    );
    await stored;
    const before = await sqlLab.tabNames();
    await page.reload();
    await page.getByTestId(testIds.sqlLab.page).waitFor();
    await sqlLab.activeTab().waitFor();
    expect(await sqlLab.tabNames()).toEqual(before);
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', label);
    await expect(sqlLab.editor.locator('.cm-content')).toHaveText('/* read */ DELETE FROM birth_names');
    // The permalink opened in the fresh context added a tab of the same name to this user's
    // server state (tabs are per user, as in Superset); the table belongs to the first one.
    await sqlLab.tab(label).first().click();
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', label);
    await expect(page.locator(`[data-testid="${testIds.sqlLab.editorTable}"][data-table="birth_names"]`)).toHaveAttribute('aria-expanded', 'false');
    await expect(previewTab).toBeVisible();
    expect(before).toContain(first);
    expect(tabName).toBe(`Copy of ${first}`);
    await shot('journey-reloaded');
  });
});
