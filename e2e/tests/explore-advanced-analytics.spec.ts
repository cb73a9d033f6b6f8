import { test, expect } from '../support/adminSession';
import { ExplorePage, type LineSeries, type PostedQueryContext } from '../pages/ExplorePage';
import { fetchChartDataRows, findDatasetId } from '../support/quiverServer';

/**
 * Explore's "Advanced analytics" on a line chart of SUM(num) by year of birth_names (one `ds` a
 * year, January 1st). Every expected number is computed here from the plain chart's rows, as the
 * server answers them in JSON, and compared with the lines the chart draws (their marks'
 * `data-values`).
 */

interface YearlySums {
  years: number[];
  sums: number[];
}

type Page = Parameters<typeof ExplorePage.open>[0];

function firstQuery(queryContext: PostedQueryContext): Record<string, unknown> {
  const queries = Array.isArray(queryContext.queries) ? (queryContext.queries as Record<string, unknown>[]) : [];
  return queries[0] ?? {};
}

function operations(queryContext: PostedQueryContext): string[] {
  const rules = firstQuery(queryContext).post_processing;
  return Array.isArray(rules) ? rules.map((rule) => String((rule as { operation?: unknown }).operation)) : [];
}

/** January 1st of the year before, in epoch ms: where "1 year ago" takes a yearly value from. */
function yearBefore(epochMs: number): number {
  const date = new Date(epochMs);
  return Date.UTC(date.getUTCFullYear() - 1, date.getUTCMonth(), date.getUTCDate());
}

/** Line chart of SUM(num) over `ds` by year, run once; the plain rows from the server in JSON. */
async function openYearlyBirths(page: Page): Promise<{ explore: ExplorePage; plain: YearlySums }> {
  const explore = await ExplorePage.open(page, await findDatasetId(page.request, 'birth_names'));
  await explore.chooseVizType('Line Chart');
  await explore.chooseColumn('x_axis', 'ds');
  await explore.chooseSelectOption('time_grain_sqla', 'Year');
  await explore.addSimpleMetric('num', 'SUM');
  const queryContext = await explore.runAndCaptureQuery();
  expect(firstQuery(queryContext).time_offsets ?? []).toEqual([]);
  const [result] = await fetchChartDataRows(page.request, queryContext);
  if (result === undefined) throw new Error('no result');
  const rows = result.data
    .map((row) => ({ year: Number(row.ds), sum: Number(row['SUM(num)']) }))
    .sort((left, right) => left.year - right.year);
  const plain = { years: rows.map((row) => row.year), sums: rows.map((row) => row.sum) };
  expect(plain.years.length).toBeGreaterThan(10);
  expect(plain.sums.every((sum) => Number.isInteger(sum) && sum > 0)).toBe(true);
  // The chart draws the same numbers before any analytics.
  await expect.poll(async () => (await explore.lineSeries()).get('SUM(num)')).toEqual({ xValues: plain.years, values: plain.sums, isDashed: false });
  await explore.openControlSection('Advanced analytics');
  return { explore, plain };
}

/** The drawn lines once the chart shows exactly `names` (a run redraws after its answer comes). */
async function linesNamed(explore: ExplorePage, names: string[]): Promise<Map<string, LineSeries>> {
  await expect.poll(async () => [...(await explore.lineSeries()).keys()].sort()).toEqual([...names].sort());
  return explore.lineSeries();
}

function expectCloseValues(shown: readonly (number | null)[], expected: readonly (number | null)[]): void {
  expect(shown).toHaveLength(expected.length);
  expected.forEach((value, index) => {
    if (value === null) expect(shown[index], `point ${index}`).toBeNull();
    else expect(shown[index], `point ${index}`).toBeCloseTo(value, 6);
  });
}

test('the section has Superset\'s groups, choices and visibility', async ({ page }) => {
  const { explore } = await openYearlyBirths(page);
  await expect(explore.subSectionHeaders()).toHaveText(['Rolling window', 'Time comparison', 'Resample']);
  expect(await explore.selectOptionLabels('rolling_type')).toEqual(['None', 'mean', 'sum', 'std', 'cumsum']);
  expect(await explore.selectOptionLabels('time_compare')).toEqual([
    '1 day ago',
    '1 week ago',
    '28 days ago',
    '30 days ago',
    '52 weeks ago',
    '1 year ago',
    '104 weeks ago',
    '2 years ago',
    '156 weeks ago',
    '3 years ago',
  ]);
  expect(await explore.selectOptionLabels('comparison_type')).toEqual(['Actual values', 'Difference', 'Percentage change', 'Ratio']);
  await expect(explore.control('comparison_type')).toContainText('Actual values');
  await expect(explore.control('resample_rule')).toBeVisible();
  await expect(explore.control('resample_method')).toBeVisible();

  // Periods and Min periods belong to a window function: not to None, nor to cumsum.
  await expect(explore.control('rolling_periods')).toHaveCount(0);
  await explore.chooseSelectOption('rolling_type', 'cumsum');
  await expect(explore.control('rolling_periods')).toHaveCount(0);
  await expect(explore.control('min_periods')).toHaveCount(0);
  await explore.chooseSelectOption('rolling_type', 'std');
  await expect(explore.control('rolling_periods')).toBeVisible();
  await expect(explore.control('min_periods')).toBeVisible();
});

test('cumsum ends at the total of the years; a mean over 2 periods averages each year with the one before', async ({ page }) => {
  const { explore, plain } = await openYearlyBirths(page);

  await explore.chooseSelectOption('rolling_type', 'cumsum');
  expect(operations(await explore.runAndCaptureQuery())).toContain('cum');
  const running: number[] = [];
  plain.sums.forEach((sum, index) => running.push((running[index - 1] ?? 0) + sum));
  await expect.poll(async () => (await explore.lineSeries()).get('SUM(num)')?.values).toEqual(running);
  const total = plain.sums.reduce((sum, value) => sum + value, 0);
  expect((await explore.lineSeries()).get('SUM(num)')?.values.at(-1)).toBe(total);

  await explore.chooseSelectOption('rolling_type', 'mean');
  // A window needs a whole number of periods: the core's validation says so next to the control.
  await explore.fillNumber('rolling_periods', '2.5');
  await expect(explore.controlErrors('rolling_periods')).toHaveText('is expected to be an integer');
  await explore.fillNumber('min_periods', 'x');
  await expect(explore.controlErrors('min_periods')).toHaveText('is expected to be an integer');
  await explore.fillNumber('min_periods', '');
  await explore.fillNumber('rolling_periods', 2);
  await expect(explore.controlErrors('rolling_periods')).toHaveCount(0);
  await expect(explore.controlErrors('min_periods')).toHaveCount(0);
  const meanContext = await explore.runAndCaptureQuery();
  const rolling = (firstQuery(meanContext).post_processing as { operation: string; options: Record<string, unknown> }[]).find(
    (rule) => rule.operation === 'rolling',
  );
  expect(rolling?.options).toMatchObject({ rolling_type: 'mean', window: 2, min_periods: 0 });
  // min_periods 0: the first year is the mean of itself.
  const means = plain.sums.map((sum, index) => (index === 0 ? sum : ((plain.sums[index - 1] ?? 0) + sum) / 2));
  await expect.poll(async () => (await explore.lineSeries()).get('SUM(num)')?.values[1]).toBeCloseTo(means[1] ?? 0, 6);
  expectCloseValues((await explore.lineSeries()).get('SUM(num)')?.values ?? [], means);
});

test('a "1 year ago" time shift of actual values draws last year\'s numbers as a dashed SUM(num)__1 year ago', async ({ page }) => {
  const { explore, plain } = await openYearlyBirths(page);
  const sumOfYear = new Map(plain.years.map((year, index) => [year, plain.sums[index] ?? 0]));

  await explore.chooseSelectOption('time_compare', '1 year ago');
  await expect(explore.control('time_compare')).toContainText('1 year ago');
  const queryContext = await explore.runAndCaptureQuery();
  expect(firstQuery(queryContext).time_offsets).toEqual(['1 year ago']);

  const lines = await linesNamed(explore, ['SUM(num)', 'SUM(num)__1 year ago']);
  const current = lines.get('SUM(num)');
  const shifted = lines.get('SUM(num)__1 year ago');
  expect(current).toEqual({ xValues: plain.years, values: plain.sums, isDashed: false });
  expect(shifted?.isDashed).toBe(true);
  expect(shifted?.xValues).toEqual(plain.years);
  // Each year shows the year before's SUM(num); the first year has none before it.
  expect(shifted?.values).toEqual(plain.years.map((year) => sumOfYear.get(yearBefore(year)) ?? null));
  expect(shifted?.values[0]).toBeNull();
  expect(shifted?.values.at(-1)).toBe(plain.sums.at(-2));
});

test('a "1 year ago" time shift as a Difference draws each year minus the year before', async ({ page }) => {
  const { explore, plain } = await openYearlyBirths(page);
  const sumOfYear = new Map(plain.years.map((year, index) => [year, plain.sums[index] ?? 0]));

  await explore.chooseSelectOption('time_compare', '1 year ago');
  await explore.chooseSelectOption('comparison_type', 'Difference');
  const queryContext = await explore.runAndCaptureQuery();
  expect(queryContext.form_data).toMatchObject({ comparison_type: 'difference' });
  expect(firstQuery(queryContext).time_offsets).toEqual(['1 year ago']);
  expect(operations(queryContext)).toContain('compare');

  const name = 'difference__SUM(num)__SUM(num)__1 year ago';
  const difference = (await linesNamed(explore, [name])).get(name);
  expect(difference?.isDashed).toBe(false);
  expect(difference?.values).toEqual(
    plain.years.map((year, index) => {
      const before = sumOfYear.get(yearBefore(year));
      return before === undefined ? null : (plain.sums[index] ?? 0) - before;
    }),
  );
  expect(difference?.values.at(-1)).toBe((plain.sums.at(-1) ?? 0) - (plain.sums.at(-2) ?? 0));
});
