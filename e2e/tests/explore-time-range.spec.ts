import { test, expect } from '../support/adminSession';
import { ExplorePage, type PostedQueryContext } from '../pages/ExplorePage';
import { TimeRangePicker } from '../pages/TimeRangePicker';
import { findDatasetId } from '../support/quiverServer';
import { testIds } from '../../web/src/testIds';

/** The `time_range` of the first query the page posted. */
function postedTimeRange(queryContext: PostedQueryContext): unknown {
  const queries = queryContext.queries as { time_range?: unknown }[] | undefined;
  return queries?.[0]?.time_range;
}

/**
 * birth_names has one `ds` a year, January 1st of 1965 to 2008, so a table grouped by `ds` has a
 * row per year in the range: 44 unfiltered, none in the last year.
 */
async function openBirthsByYear(page: Parameters<typeof ExplorePage.open>[0]): Promise<ExplorePage> {
  const explore = await ExplorePage.open(page, await findDatasetId(page.request, 'birth_names'));
  await explore.chooseColumn('granularity_sqla', 'ds');
  await explore.addGroupby('ds');
  await explore.addSimpleMetric('num', 'SUM');
  return explore;
}

test('Last, Custom and Advanced ranges, applied and run, filter the rows on the time column', async ({ page }) => {
  const explore = await openBirthsByYear(page);
  const picker = new TimeRangePicker(page);
  await expect(picker.trigger).toContainText('No filter');
  expect(postedTimeRange(await explore.runAndCaptureQuery())).toBe('No filter');
  await expect(explore.rowCount).toHaveText('44 rows');

  await picker.open();
  await picker.chooseRangeType('Last');
  await picker.chooseNamedRange('last year');
  await expect(picker.actualTimeRange).toHaveText(/^\d{4}-\d\d-\d\d ≤ col < \d{4}-\d\d-\d\d$/);
  await picker.apply();
  await expect(picker.trigger).toContainText('Last year');
  expect(postedTimeRange(await explore.runAndCaptureQuery())).toBe('Last year');
  await expect(page.getByTestId(testIds.chart.empty)).toBeVisible();

  await picker.open();
  await picker.chooseRangeType('Custom');
  await picker.setSpecificDateTime('START (INCLUSIVE)', '2000-01-01T00:00');
  await picker.setSpecificDateTime('END (EXCLUSIVE)', '2005-01-01T00:00');
  await expect(picker.actualTimeRange).toHaveText('2000-01-01 ≤ col < 2005-01-01');
  await picker.apply();
  await expect(picker.trigger).toContainText('2000-01-01 ≤ col < 2005-01-01');
  expect(postedTimeRange(await explore.runAndCaptureQuery())).toBe('2000-01-01T00:00:00 : 2005-01-01T00:00:00');
  await expect(explore.rowCount).toHaveText('5 rows');
  await explore.openViewQuery();
  await expect(explore.querySql).toContainText('"ds" >= ');
  await expect(explore.querySql).toContainText('"ds" < ');
  await explore.closeViewQuery();

  await picker.open();
  await picker.chooseRangeType('Advanced');
  await picker.fillAdvanced('1990-01-01', 'someday');
  await expect(picker.actualTimeRange).toContainText('someday');
  await expect(picker.actualTimeRange.getByRole('alert')).toBeVisible();
  await expect(picker.applyButton).toBeDisabled();
  await picker.fillAdvanced('1990-01-01', '1993-01-01');
  await expect(picker.actualTimeRange).toHaveText('1990-01-01 ≤ col < 1993-01-01');
  await picker.apply();
  expect(postedTimeRange(await explore.runAndCaptureQuery())).toBe('1990-01-01 : 1993-01-01');
  await expect(explore.rowCount).toHaveText('3 rows');
});

test('a relative Custom range reopens in its form, and Cancel and Escape keep the applied range', async ({ page }) => {
  const explore = await openBirthsByYear(page);
  const picker = new TimeRangePicker(page);

  await picker.open();
  await picker.chooseRangeType('Custom');
  await picker.setSpecificDateTime('END (EXCLUSIVE)', '2008-01-01T00:00');
  await picker.choose('START (INCLUSIVE)', 'Relative Date/Time');
  await picker.dialog.getByRole('spinbutton', { name: 'START (INCLUSIVE) relative quantity' }).fill('2');
  await picker.choose('START (INCLUSIVE) relative period', 'Years Before');
  await expect(picker.actualTimeRange).toHaveText('2006-01-01 ≤ col < 2008-01-01');
  await picker.apply();
  expect(postedTimeRange(await explore.runAndCaptureQuery())).toBe('DATEADD(DATETIME("2008-01-01T00:00:00"), -2, year) : 2008-01-01T00:00:00');
  await expect(explore.rowCount).toHaveText('2 rows');

  await picker.open();
  await expect(picker.dialog.getByRole('spinbutton', { name: 'START (INCLUSIVE) relative quantity' })).toHaveValue('2');
  await picker.chooseRangeType('No filter');
  await expect(picker.actualTimeRange).toHaveText('No filter');
  await picker.cancel();
  await picker.open();
  await picker.chooseRangeType('Last');
  await page.keyboard.press('Escape');
  await expect(picker.dialog).toBeHidden();
  await expect(picker.trigger).toContainText('2006-01-01 ≤ col < 2008-01-01');
});
