import { expect, test } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { SqlLabPage } from '../pages/SqlLabPage';
import { adminPassword, adminUsername, findDatasetId } from '../support/quiverServer';

/** Four rows in label order, numbers whose text order differs from their value order, and a null. */
const numbersSql = [
  "SELECT 'a' AS label, 9 AS n",
  "UNION ALL SELECT 'b', 10",
  "UNION ALL SELECT 'c', NULL",
  "UNION ALL SELECT 'd', 100",
  'ORDER BY label',
].join(' ');

test.describe('SQL Lab results', () => {
  test.beforeEach(async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const login = await LoginPage.open(page);
    await login.logIn(adminUsername, adminPassword);
  });

  test('a header click sorts numbers by value with nulls last, and the rows copy as tab-separated text', async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page);
    await sqlLab.addTab();
    await sqlLab.chooseDatabase('examples');
    await sqlLab.typeSql(numbersSql);
    await sqlLab.runWithKeyboard();
    await sqlLab.expectRowCount('4 rows');
    await expect(sqlLab.headerCells()).toHaveText(['label', 'n']);
    await expect(sqlLab.cells('n')).toHaveText(['9', '10', 'N/A', '100']);

    await sqlLab.sortBy('n');
    await expect(sqlLab.headerCell('n')).toHaveAttribute('aria-sort', 'ascending');
    await expect(sqlLab.cells('n')).toHaveText(['9', '10', '100', 'N/A']);
    await expect(sqlLab.cells('label')).toHaveText(['a', 'b', 'd', 'c']);

    await sqlLab.sortBy('n');
    await expect(sqlLab.headerCell('n')).toHaveAttribute('aria-sort', 'descending');
    await expect(sqlLab.cells('n')).toHaveText(['100', '10', '9', 'N/A']);

    await sqlLab.sortBy('n');
    await expect(sqlLab.headerCell('n')).toHaveAttribute('aria-sort', 'none');
    await expect(sqlLab.cells('label')).toHaveText(['a', 'b', 'c', 'd']);

    // The copy holds the rows as run, a null as an empty cell.
    expect(await sqlLab.copyResults()).toBe('label\tn\na\t9\nb\t10\nc\t\nd\t100\n');
  });

  test('"View in SQL Lab" opens the chart\'s SQL on its database in a new tab that runs', async ({ page }) => {
    const datasetId = await findDatasetId(page.request, 'birth_names');
    const explore = await ExplorePage.open(page, datasetId);
    await explore.chooseVizType('Table');
    await explore.addGroupby('gender');
    await explore.addSimpleMetric('num', 'SUM');
    await explore.run();
    await expect(explore.rowCount).toHaveText('2 rows');
    await explore.openViewQuery();
    await expect(explore.querySql).toContainText('GROUP BY');
    const chartSql = await explore.querySql.innerText();

    await explore.viewInSqlLab();
    const sqlLab = await SqlLabPage.current(page);
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', 'Query birth_names');
    // The handled parameters are gone from the URL.
    await expect(page).toHaveURL(/\/sqllab\/$/);
    await expect(sqlLab.editorLines()).toHaveText(chartSql.split('\n'));
    await expect(page.getByTestId(testIds.sqlLab.databaseSelect).locator('option:checked')).toHaveText('examples');
    await expect(page.getByTestId(testIds.sqlLab.schemaSelect)).toHaveValue('main');

    await page.getByTestId(testIds.sqlLab.runButton).click();
    await sqlLab.expectRowCount('2 rows');
    await expect(sqlLab.headerCells()).toHaveText(['gender', 'SUM(num)']);
  });
});
