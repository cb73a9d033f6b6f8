import { expect, test } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { SqlLabPage } from '../pages/SqlLabPage';
import { adminPassword, adminUsername, findDatasetId } from '../support/quiverServer';
import { executeAsJson } from '../support/sqlLabAnswer';

/** Four rows in label order, numbers whose text order differs from their value order, and a null. */
const numbersSql = [
  "SELECT 'a' AS label, 9 AS n",
  "UNION ALL SELECT 'b', 10",
  "UNION ALL SELECT 'c', NULL",
  "UNION ALL SELECT 'd', 100",
  'ORDER BY label',
].join(' ');

/** A row of each kind of value DuckDB answers, then a row of nulls. */
const typesSql = [
  'SELECT * FROM (VALUES',
  "(TIMESTAMP '2020-01-01 00:00:00', TIMESTAMP '2020-01-01 00:00:00.25', TIMESTAMP '2020-01-01 00:00:00.123456',",
  " CAST('2020-01-01 00:00:00.25+00' AS TIMESTAMPTZ), DATE '2020-01-31', TIME '13:45:00.5', 12.345::DECIMAL(18, 3),",
  " 123456789::HUGEINT, 0.1::DOUBLE, 42::BIGINT, true, 'text', INTERVAL 1 DAY, [1, 2], {'a': 1},",
  " '00000000-0000-0000-0000-000000000001'::UUID, '\\xAA'::BLOB),",
  '(NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)',
  ') AS t(ds, ds_ms, ds_us, ds_tz, day, time_of_day, price, huge, ratio, num, flag, label, gap, ids, pair, id, bytes)',
].join('');

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

  test('the grid shows every kind of value as the JSON answer writes it', async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page);
    await sqlLab.addTab();
    await sqlLab.chooseDatabase('examples');
    await sqlLab.typeSql(typesSql);
    await sqlLab.runWithKeyboard();
    await sqlLab.expectRowCount('2 rows');

    const json = await executeAsJson(page.request, typesSql);
    const shown = (value: unknown): string => {
      if (value === null) return 'N/A';
      if (typeof value === 'boolean') return value ? 'True' : 'False';
      return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
    };
    await expect(sqlLab.headerCells()).toHaveText(json.columns.map((column) => column.name));
    for (const column of json.columns) {
      await expect(sqlLab.cells(column.name), column.name).toHaveText(json.data.map((row) => shown(row[column.name])));
    }
    // Spot checks of the JSON answer's text, so that the comparison is not between two wrong texts.
    await expect(sqlLab.cells('ds_ms').first()).toHaveText('2020-01-01T00:00:00.250');
    await expect(sqlLab.cells('ds_tz').first()).toHaveText('2020-01-01T00:00:00.250Z');
    await expect(sqlLab.cells('day').first()).toHaveText('2020-01-31');
    await expect(sqlLab.cells('price').first()).toHaveText('12.345');
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
    await expect(sqlLab.activeTab()).toHaveAttribute('data-tab-name', 'Query main.birth_names');
    // The handled parameters are gone from the URL.
    await expect(page).toHaveURL(/\/sqllab\/$/);
    await expect(sqlLab.editorLines()).toHaveText(chartSql.split('\n'));
    await expect(page.getByTestId(testIds.sqlLab.databaseSelect).locator('option:checked')).toHaveText('examples');
    await expect(page.getByTestId(testIds.sqlLab.schemaSelect)).toHaveValue('main');

    // The tab runs the chart's SQL by itself (autorun), once.
    await sqlLab.expectRowCount('2 rows');
    await expect(sqlLab.headerCells()).toHaveText(['gender', 'SUM(num)']);
  });
});
