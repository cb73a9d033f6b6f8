import { expect, test, type Page } from '@playwright/test';
import { ExplorePage } from '../pages/ExplorePage';
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
