import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId, type ChartDataRows } from '../support/quiverServer';

/** The number format whose text is the exact integer: 12345.432 => 12,345. */
const integerFormatLabel = ',d (12345.432 => 12,345)';

function parseDisplayedNumber(text: string): number {
  return Number(text.replace(/,/g, ''));
}

function firstResult(results: ChartDataRows[]): ChartDataRows {
  const [result] = results;
  if (result === undefined) throw new Error('the chart data API answered no query result');
  return result;
}

async function openExploreAs(page: Page): Promise<ExplorePage> {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  return ExplorePage.open(page, datasetId);
}

async function saveScreenshot(page: Page, testInfo: TestInfo, vizType: string): Promise<void> {
  await page.screenshot({ path: path.join(testInfo.project.outputDir, `chart-gallery-${vizType}.png`), fullPage: true });
}

test.describe('charts picked in the gallery render real values', () => {
  test('line chart: SUM(num) over ds, one series per gender', async ({ page }, testInfo) => {
    const explore = await openExploreAs(page);
    await explore.chooseVizType('Line Chart');
    await explore.chooseColumn('x_axis', 'ds');
    await explore.addSimpleMetric('num', 'SUM');
    await explore.addGroupby('gender');
    const queryContext = await explore.runAndCaptureQuery();

    await expect(explore.chartError).toHaveCount(0);
    await expect(explore.marks('line')).toHaveCount(2);
    // The API pivots the same query to one column per series besides the x-axis.
    const expectedSeries = firstResult(await fetchChartDataRows(page.request, queryContext)).colnames.filter((name) => name !== 'ds');
    expect(expectedSeries).toHaveLength(2);
    expect(await explore.seriesNames('line')).toEqual(expectedSeries.sort());
    await saveScreenshot(page, testInfo, 'echarts_timeseries_line');
  });

  test('bar chart: SUM(num) over ds, bars for each gender', async ({ page }, testInfo) => {
    const explore = await openExploreAs(page);
    await explore.chooseVizType('Bar Chart');
    await explore.chooseColumn('x_axis', 'ds');
    await explore.addSimpleMetric('num', 'SUM');
    await explore.addGroupby('gender');
    const queryContext = await explore.runAndCaptureQuery();

    await expect(explore.chartError).toHaveCount(0);
    await expect(explore.marks('bar').first()).toBeVisible();
    const result = firstResult(await fetchChartDataRows(page.request, queryContext));
    const seriesColumns = result.colnames.filter((name) => name !== 'ds');
    expect(seriesColumns).toHaveLength(2);
    expect(await explore.seriesNames('bar')).toEqual([...seriesColumns].sort());
    // One bar per series and x value that has a value.
    const expectedBars = result.data.reduce(
      (count, row) => count + seriesColumns.filter((series) => row[series] !== null && row[series] !== undefined).length,
      0,
    );
    await expect(explore.marks('bar')).toHaveCount(expectedBars);
    await saveScreenshot(page, testInfo, 'echarts_timeseries_bar');
  });

  test('pie chart: a slice per gender; colour scheme redraws, row limit makes the chart stale', async ({ page }, testInfo) => {
    const explore = await openExploreAs(page);
    await explore.chooseVizType('Pie Chart');
    await explore.addGroupby('gender');
    await explore.addSimpleMetric('num', 'SUM', 'metric');
    const queryContext = await explore.runAndCaptureQuery();

    await expect(explore.chartError).toHaveCount(0);
    const rows = firstResult(await fetchChartDataRows(page.request, queryContext)).data;
    const genders = rows.map((row) => String(row.gender)).sort();
    expect(genders).toEqual(['boy', 'girl']);
    await expect(explore.marks('slice')).toHaveCount(genders.length);
    expect(await explore.seriesNames('slice')).toEqual(genders);
    await expect(explore.staleIndicator).toHaveCount(0);

    // A render trigger redraws without a query and without going stale.
    const firstSliceColour = await explore.marks('slice').first().getAttribute('fill');
    await explore.openTab('Customize');
    await explore.chooseSelectOption('color_scheme', 'Airbnb Colors');
    await expect(explore.marks('slice').first()).not.toHaveAttribute('fill', firstSliceColour ?? '');
    await expect(explore.staleIndicator).toHaveCount(0);

    // A query control marks the chart stale until Run.
    await explore.openTab('Data');
    await explore.chooseSelectOption('row_limit', '10');
    await expect(explore.staleIndicator).toBeVisible();
    await explore.run();
    await expect(explore.staleIndicator).toHaveCount(0);
    await expect(explore.marks('slice')).toHaveCount(genders.length);
    await saveScreenshot(page, testInfo, 'pie');
  });

  test('big number: the number is the SUM(num) the API gives for the same query', async ({ page }, testInfo) => {
    const explore = await openExploreAs(page);
    await explore.chooseVizType('Big Number');
    await explore.addSimpleMetric('num', 'SUM', 'metric');
    await explore.openTab('Customize');
    await explore.chooseSelectOption('y_axis_format', integerFormatLabel);
    const queryContext = await explore.runAndCaptureQuery();

    await expect(explore.chartError).toHaveCount(0);
    await expect(explore.bigNumber).toBeVisible();
    const [row] = firstResult(await fetchChartDataRows(page.request, queryContext)).data;
    const total = Number(row?.['SUM(num)']);
    expect(total).toBeGreaterThan(0);
    expect(parseDisplayedNumber(await explore.bigNumber.innerText())).toBe(total);
    await expect(explore.bigNumber).toHaveText(total.toLocaleString('en-US'));
    await saveScreenshot(page, testInfo, 'big_number_total');
  });

  test('pivot table: SUM(num) per gender equals the API', async ({ page }, testInfo) => {
    const explore = await openExploreAs(page);
    await explore.chooseVizType('Pivot Table');
    await explore.addGroupby('gender', 'groupbyRows');
    await explore.addSimpleMetric('num', 'SUM');
    await explore.openTab('Customize');
    await explore.chooseSelectOption('valueFormat', integerFormatLabel);
    const queryContext = await explore.runAndCaptureQuery();

    await expect(explore.chartError).toHaveCount(0);
    await expect(explore.pivotTable).toBeVisible();
    const rows = firstResult(await fetchChartDataRows(page.request, queryContext)).data;
    const expected = new Map(rows.map((row) => [String(row.gender), Number(row['SUM(num)'])]));
    expect([...expected.keys()].sort()).toEqual(['boy', 'girl']);

    const dataRows = explore.pivotDataRows();
    await expect(dataRows).toHaveCount(expected.size);
    for (const [gender, sum] of expected) {
      const row = dataRows.filter({ has: page.getByRole('rowheader', { name: gender, exact: true }) });
      await expect(row).toHaveCount(1);
      expect(parseDisplayedNumber(await row.locator('[data-kind="cell"]').first().innerText())).toBe(sum);
    }
    await saveScreenshot(page, testInfo, 'pivot_table_v2');
  });
});
