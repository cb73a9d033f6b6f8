import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ExploreAdhocControls } from '../pages/ExploreAdhocControls';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, findDatasetId } from '../support/quiverServer';

/** birth_names in Explore as a table chart. */
async function openTable(page: Page): Promise<{ explore: ExplorePage; adhoc: ExploreAdhocControls }> {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const explore = await ExplorePage.open(page, datasetId);
  await explore.chooseVizType('Table');
  return { explore, adhoc: new ExploreAdhocControls(page) };
}

/** The table's rendered rows as the unformatted values of the named columns, sorted. */
async function tableRows(explore: ExplorePage, columns: readonly string[]): Promise<string[][]> {
  const values = await Promise.all(columns.map((column) => explore.cellValues(column)));
  const rowCount = values[0]?.length ?? 0;
  for (const columnValues of values) expect(columnValues).toHaveLength(rowCount);
  return Array.from({ length: rowCount }, (_, row) => values.map((columnValues) => columnValues[row] ?? '')).sort((left, right) =>
    left.join('|').localeCompare(right.join('|')),
  );
}

interface PostedQuery {
  columns?: unknown[];
  extras?: { where?: string; having?: string };
}

function firstQuery(queryContext: Record<string, unknown>): PostedQuery {
  return (queryContext.queries as PostedQuery[])[0] ?? {};
}

test.describe('Explore custom SQL', () => {
  test('an adhoc SQL column with custom SQL WHERE and HAVING filters gives the plain query\'s numbers; editing the WHERE filter changes them', async ({
    page,
  }, testInfo) => {
    const { explore, adhoc } = await openTable(page);

    // The plain query: SUM(num) by state and gender (dragged from the datasource panel) for CA and NY.
    await adhoc.dragColumnTo('state', 'groupby');
    await adhoc.dragColumnTo('gender', 'groupby');
    await expect(explore.control('groupby').getByTestId(testIds.select.tag)).toHaveText(['state×', 'gender×']);
    await explore.addSimpleMetric('num', 'SUM');
    await explore.startSimpleFilter('state', 'In');
    await explore.pasteFilterValues('CA,NY');
    await explore.saveFilter();
    await explore.run();
    await expect(explore.cells('SUM(num)')).toHaveCount(4);
    const plainRows = await tableRows(explore, ['state', 'gender', 'SUM(num)']);
    const plain = plainRows.map(([state, gender, sum]) => ({ state: state ?? '', gender: gender ?? '', sum: Number(sum) }));
    expect(plain.map((row) => row.state).sort()).toEqual(['CA', 'CA', 'NY', 'NY']);
    for (const row of plain) expect(row.sum).toBeGreaterThan(0);
    // HAVING drops the smallest of the four groups: one state keeps both genders, the other one.
    const threshold = Math.min(...plain.map((row) => row.sum));
    const expectedRows = (state: string): [string, number][] =>
      plain
        .filter((row) => row.state === state && row.sum > threshold)
        .map((row): [string, number] => [row.gender.toUpperCase(), row.sum])
        .sort(([left], [right]) => left.localeCompare(right));
    const customRows = async (): Promise<[string, number][]> =>
      (await tableRows(explore, ['GENDER_UP', 'SUM(num)'])).map(([gender, sum]): [string, number] => [gender ?? '', Number(sum)]);
    expect(expectedRows('CA').length + expectedRows('NY').length).toBe(3);

    // The same numbers through custom SQL: UPPER(gender) labelled GENDER_UP, WHERE and HAVING as SQL.
    await explore.removeGroupby('state');
    await explore.removeGroupby('gender');
    await adhoc.addSqlColumn('UPPER(gender)', 'GENDER_UP');
    await expect(adhoc.adhocColumnChips()).toHaveText(['GENDER_UP×']);
    await adhoc.removeFilter('state IN (CA, NY)');
    await adhoc.addSqlFilter('WHERE', "state = 'CA'");
    await adhoc.addSqlFilter('HAVING', `SUM(num) > ${threshold}`);
    await expect(adhoc.filterChips()).toHaveText(["state = 'CA'×", `SUM(num) > ${threshold}×`]);

    const queryContext = await explore.runAndCaptureQuery();
    const query = firstQuery(queryContext);
    expect(query.columns).toContainEqual(expect.objectContaining({ sqlExpression: 'UPPER(gender)', label: 'GENDER_UP', expressionType: 'SQL' }));
    expect(query.extras?.where).toContain("state = 'CA'");
    expect(query.extras?.having).toContain(`SUM(num) > ${threshold}`);
    await expect(explore.chartError).toHaveCount(0);
    await expect(explore.cells('GENDER_UP')).toHaveCount(expectedRows('CA').length);
    expect(await customRows()).toEqual(expectedRows('CA'));
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'explore-custom-sql-ca.png'), fullPage: true });

    // The saved WHERE filter reopens on its SQL; Save updates it in place.
    await adhoc.editSqlFilter("state = 'CA'", "state = 'NY'");
    await expect(adhoc.filterChips()).toHaveText(["state = 'NY'×", `SUM(num) > ${threshold}×`]);
    const editedQuery = firstQuery(await explore.runAndCaptureQuery());
    expect(editedQuery.extras?.where).toContain("state = 'NY'");
    await expect(explore.cells('GENDER_UP')).toHaveCount(expectedRows('NY').length);
    const nyRows = await customRows();
    expect(nyRows).toEqual(expectedRows('NY'));
    expect(nyRows).not.toEqual(expectedRows('CA'));
  });

  test('custom SQL metric: the chart runs it; the server refuses unparsable SQL and the chart shows why', async ({ page }) => {
    const { explore, adhoc } = await openTable(page);
    await adhoc.dragColumnTo('gender', 'groupby');
    await adhoc.dragMetricTo('count', 'metrics');
    await expect(explore.control('metrics').getByTestId(testIds.explore.metricChip)).toHaveText(['count×']);
    await explore.addSimpleMetric('num', 'SUM');
    await adhoc.addSqlMetric('SUM(num) * 2', 'double_num');
    await expect(explore.control('metrics').getByTestId(testIds.explore.metricChip)).toHaveText(['count×', 'SUM(num)×', 'double_num×']);

    // A column dropped on the filters starts a filter on it.
    await adhoc.dragColumnTo('state', 'adhoc_filters');
    await expect(adhoc.filterEditor.getByTestId(testIds.explore.filterColumnSelect)).toContainText('state');
    await adhoc.filterEditor.getByRole('button', { name: 'Cancel' }).click();

    await explore.run();
    await expect(explore.cells('double_num')).toHaveCount(2);
    const rows = await tableRows(explore, ['gender', 'count', 'SUM(num)', 'double_num']);
    expect(rows.map(([gender]) => gender)).toEqual(['boy', 'girl']);
    for (const [, count, sum, double] of rows) {
      expect(Number(count)).toBeGreaterThan(0);
      expect(Number(double)).toBe(2 * Number(sum));
    }

    await adhoc.addSqlMetric('SUM(num', 'broken');
    await explore.run();
    await expect(explore.chartError).toContainText(/Unable to parse SQL|syntax error/i);
  });
});
