import { expect, test, type Page, type Request } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ExplorePage, type PostedQueryContext } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId } from '../support/quiverServer';

/** Logs in as the admin and opens Explore on birth_names. */
async function openBirthNamesExplore(page: Page): Promise<ExplorePage> {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  return ExplorePage.open(page, datasetId);
}

test('a table of birth names paged by page_length and searched client-side', async ({ page }) => {
  const explore = await openBirthNamesExplore(page);
  await explore.chooseVizType('Table');
  await explore.addGroupby('name');
  await explore.addSimpleMetric('num', 'SUM');
  await explore.run();
  await expect(explore.table).toBeVisible();
  // No page_length: no pages, every row in one scrolled list.
  await expect(explore.tablePageButtons()).toHaveCount(0);
  const recordCount = Number(await explore.table.getAttribute('aria-rowcount')) - 1;
  expect(recordCount).toBeGreaterThan(50);

  await explore.openTab('Customize');
  await explore.chooseSelectOption('page_length', '10');
  await explore.check('include_search');

  await expect(explore.tableRows()).toHaveCount(10);
  await expect(explore.tablePageButtons().first()).toHaveText('1');
  await expect(explore.tablePageButtons().last()).toHaveText(String(Math.ceil(recordCount / 10)));
  await expect(explore.tablePageSizeSelect()).toHaveValue('10');
  await expect(explore.tableSearch()).toHaveAttribute('placeholder', `${recordCount} records`);

  // Page 2 holds the next ten rows.
  const firstPageNames = await explore.cellValues('name');
  await explore.tablePageButtons().nth(1).click();
  await expect(explore.tablePageButtons().nth(1)).toHaveAttribute('aria-current', 'page');
  const secondPageNames = await explore.cellValues('name');
  expect(secondPageNames).toHaveLength(10);
  expect(secondPageNames.some((name) => firstPageNames.includes(name))).toBe(false);

  // A case-insensitive search keeps the matching names only.
  await explore.tableSearch().fill('AARON');
  await expect(explore.tableRows().first()).toBeVisible();
  const matches = await explore.cellValues('name');
  expect(matches.length).toBeGreaterThan(0);
  expect(matches.length).toBeLessThanOrEqual(10);
  expect(matches.every((name) => name.toLowerCase().includes('aaron'))).toBe(true);
  await expect(explore.tableRows()).toHaveCount(Number(await explore.table.getAttribute('aria-rowcount')) - 1);

  // Twenty a page from the chart's own select.
  await explore.tableSearch().fill('');
  await explore.tablePageSizeSelect().selectOption('20');
  await expect(explore.tableRows()).toHaveCount(20);
});

test("a pivot table colours the larger gender's cell by a conditional formatting rule on SUM(num)", async ({ page }) => {
  const explore = await openBirthNamesExplore(page);
  await explore.chooseVizType('Pivot Table');
  await explore.addGroupby('gender', 'groupbyRows');
  await explore.addSimpleMetric('num', 'SUM');
  const queryContext = await explore.runAndCaptureQuery();
  await expect(explore.pivotTable).toBeVisible();
  const [result] = await fetchChartDataRows(page.request, queryContext);
  const sums = new Map((result?.data ?? []).map((row) => [String(row.gender), Number(row['SUM(num)'])]));
  expect([...sums.keys()].sort()).toEqual(['boy', 'girl']);
  const smaller = Math.min(...sums.values());

  // Greater than the smaller sum: only the larger one matches, at the records' maximum (opaque).
  await explore.openTab('Customize');
  await explore.addConditionalFormatting({ column: 'SUM(num)', color: 'Green', operator: '>', target: smaller });
  for (const [gender, sum] of sums) {
    const cell = explore
      .pivotDataRows()
      .filter({ has: page.getByRole('rowheader', { name: gender, exact: true }) })
      .locator('[data-kind="cell"]')
      .first();
    await expect(cell).toHaveCSS('background-color', sum > smaller ? 'rgb(90, 193, 137)' : 'rgba(0, 0, 0, 0)');
  }
});

interface PostedQuery {
  orderby?: unknown[];
  filters?: { col: unknown; op: string; val?: unknown }[];
  row_limit?: number;
  row_offset?: number;
}

function postedQueries(request: Request): PostedQuery[] {
  return ((request.postDataJSON() as { queries?: PostedQuery[] }).queries ?? []);
}

function isChartDataPost(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chart/data';
}

test('a server-paginated table sorts and searches every row on the server', async ({ page }) => {
  const explore = await openBirthNamesExplore(page);
  await explore.chooseVizType('Table');
  await explore.addGroupby('name');
  await explore.addSimpleMetric('num', 'SUM');
  await explore.check('server_pagination');
  await explore.openTab('Customize');
  await explore.check('include_search');
  const queryContext = await explore.runAndCaptureQuery();
  await expect(explore.tablePageButtons().first()).toBeVisible();

  // Every name's sum, through the API: the smallest one is the first row once sorted ascending.
  const [firstQuery] = (queryContext as { queries: PostedQuery[] }).queries;
  const everyRow: PostedQueryContext = { ...queryContext, queries: [{ ...firstQuery, row_limit: 100000, row_offset: 0 }] };
  const [all] = await fetchChartDataRows(page.request, everyRow);
  const sums = (all?.data ?? []).map((row) => Number(row['SUM(num)']));
  expect(sums.length).toBeGreaterThan(15);
  await expect(explore.cells('SUM(num)').first()).toHaveAttribute('data-value', String(Math.max(...sums)));

  const [sorted] = await Promise.all([
    page.waitForRequest((request) => isChartDataPost(request) && (postedQueries(request)[0]?.orderby?.length ?? 0) > 0 && JSON.stringify(postedQueries(request)[0]?.orderby).includes('true')),
    explore.tableHeader('SUM(num)').getByRole('button').click(),
  ]);
  expect(JSON.stringify(postedQueries(sorted)[0]?.orderby)).toContain('"SUM(num)"');
  await expect(explore.tableHeader('SUM(num)')).toHaveAttribute('aria-sort', 'ascending');
  await expect(explore.cells('SUM(num)').first()).toHaveAttribute('data-value', String(Math.min(...sums)));

  // "Search by" name: the names starting with the text, counted over every row.
  await expect(page.getByTestId(testIds.tableChart.searchColumnSelect)).toHaveValue('name');
  const [searched] = await Promise.all([
    page.waitForRequest((request) => isChartDataPost(request) && (postedQueries(request)[0]?.filters ?? []).some((filter) => filter.op === 'ILIKE')),
    explore.tableSearch().fill('Aa'),
  ]);
  expect(postedQueries(searched)[0]?.filters).toContainEqual({ col: 'name', op: 'ILIKE', val: 'Aa%' });
  expect(postedQueries(searched)[1]?.filters).toContainEqual({ col: 'name', op: 'ILIKE', val: 'Aa%' });
  // The previous page stays drawn while the searched one loads (decision 0088): wait for its rows.
  await expect.poll(async () => (await explore.cellValues('name')).every((name) => name.toLowerCase().startsWith('aa'))).toBe(true);
  expect((await explore.cellValues('name')).length).toBeGreaterThan(0);
  await expect(explore.tableSearch()).toHaveValue('Aa');
  await expect(explore.tableSearch()).toBeFocused();
});

test('a table customized per column, coloured by a text rule, with headers dragged into a new order', async ({ page }) => {
  const explore = await openBirthNamesExplore(page);
  await explore.chooseVizType('Table');
  await explore.addGroupby('name');
  await explore.addSimpleMetric('num', 'SUM');
  await explore.run();
  await expect(explore.table).toBeVisible();
  await expect(explore.cells('SUM(num)').first()).toBeVisible();
  await explore.openTab('Customize');

  // Customize columns: SUM(num) with two decimals, aligned to the left.
  const settings = await explore.customizeColumn('SUM(num)');
  await settings.getByLabel('D3 format', { exact: true }).fill(',.2f');
  await settings.getByLabel('Text align', { exact: true }).selectOption('left');
  await expect(explore.cells('SUM(num)').first()).toHaveText(/^[\d,]+\.\d{2}$/);
  await expect(explore.cells('SUM(num)').first()).toHaveCSS('text-align', 'left');

  // A text rule on the string column: names beginning with the first name's initial are green.
  const firstName = (await explore.cellValues('name'))[0] ?? '';
  const initial = firstName.slice(0, 1);
  expect(initial).not.toBe('');
  await explore.addConditionalFormatting({ column: 'name', color: 'Green', operator: 'begins with', target: initial });
  await expect(explore.cells('name').first()).toHaveCSS('background-color', 'rgb(90, 193, 137)');
  const names = await explore.cellValues('name');
  const otherIndex = names.findIndex((name) => !name.startsWith(initial));
  expect(otherIndex).toBeGreaterThan(0);
  await expect(explore.cells('name').nth(otherIndex)).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

  // allow_rearrange_columns: SUM(num) dragged onto name comes first.
  await explore.check('allow_rearrange_columns');
  expect(await explore.tableHeaderColumns()).toEqual(['name', 'SUM(num)']);
  await explore.tableHeader('SUM(num)').dragTo(explore.tableHeader('name'));
  await expect.poll(() => explore.tableHeaderColumns()).toEqual(['SUM(num)', 'name']);
  const firstRowColumns = await explore.tableRows().first().getByTestId(testIds.tableChart.cell).evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-column')));
  expect(firstRowColumns).toEqual(['SUM(num)', 'name']);
});
