import path from 'node:path';
import { test, expect } from '../support/adminSession';
import { ChartSaving } from '../pages/ChartSaving';
import { ExplorePage } from '../pages/ExplorePage';
import { fetchChartDataRows, findDatasetId, type ChartDataRows } from '../support/quiverServer';

/**
 * Every chart type of issue #5 point 5, built in Explore from the examples (gallery and controls),
 * saved, and reopened by `slice_id` and by permalink. Each time the values the chart's marks hold
 * (`data-value`, `data-values`, table cells) must equal the chart data API's JSON answer for the
 * query the page posted. A screenshot of each chart is kept in the artifacts.
 */

type Row = Record<string, unknown>;

interface ChartCase {
  /** The test's name and the saved chart's name. */
  title: string;
  /** The chart's name in the "View all charts" gallery. */
  galleryName: string;
  /** Names the screenshot. */
  vizType: string;
  build: (explore: ExplorePage) => Promise<void>;
  /** Asserts that the chart shows the API's answer (throws otherwise; retried until it holds). */
  expectRendered: (explore: ExplorePage, results: ChartDataRows[]) => Promise<void>;
}

/** A value as the marks write it in `data-value`: the number as JavaScript prints it, empty for null. */
function asMarkValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function resultAt(results: ChartDataRows[], index: number): ChartDataRows {
  const result = results[index];
  if (result === undefined) throw new Error(`the chart data API answered no result ${index}`);
  expect(result.data.length).toBeGreaterThan(0);
  return result;
}

function sortedBy(rows: Row[], column: string): Row[] {
  return [...rows].sort((left, right) => Number(left[column]) - Number(right[column]));
}

/** `series|x|value` of each mark or row, sorted, to compare as sets. */
function triples(items: Record<string, unknown>[]): string[] {
  return items.map((item) => `${asMarkValue(item.series)}|${asMarkValue(item.x)}|${asMarkValue(item.value)}`).sort();
}

/** The pivoted time-series result's series: every column but the x axis. */
function seriesColumns(result: ChartDataRows, xName: string): string[] {
  return result.colnames.filter((name) => name !== xName);
}

/** One path mark per series, holding the series' values (and x values) in x order. */
async function expectPathsPerSeries(explore: ExplorePage, result: ChartDataRows, kind: 'line' | 'area', xName = 'ds'): Promise<void> {
  const rows = sortedBy(result.data, xName);
  const expected = Object.fromEntries(seriesColumns(result, xName).map((series) => [series, rows.map((row) => asMarkValue(row[series])).join(',')]));
  const marks = await explore.markData(kind);
  expect(Object.fromEntries(marks.map((mark) => [mark.series, mark.values]))).toEqual(expected);
  if (kind === 'line') {
    const expectedX = rows.map((row) => asMarkValue(row[xName])).join(',');
    for (const mark of marks) expect(mark.xValues).toBe(expectedX);
  }
}

/** One mark (bar or point) per series and x that has a value. */
async function expectMarksPerSeriesAndX(explore: ExplorePage, result: ChartDataRows, kind: 'bar' | 'point', xName = 'ds'): Promise<void> {
  const expected = result.data.flatMap((row) =>
    seriesColumns(result, xName)
      .filter((series) => row[series] !== null && row[series] !== undefined)
      .map((series) => ({ series, x: row[xName], value: row[series] })),
  );
  expect(triples(await explore.markData(kind))).toEqual(triples(expected));
}

/** One mark per result row: its label is the `labelColumn` value, its `data-value` the metric. */
async function expectMarkPerRow(explore: ExplorePage, kind: string, result: ChartDataRows, labelColumn: string, metric: string): Promise<void> {
  const expected = result.data.map((row) => `${String(row[labelColumn])}=${asMarkValue(row[metric])}`).sort();
  const shown = (await explore.markData(kind)).map((mark) => `${mark.series ?? ''}=${mark.value ?? ''}`).sort();
  expect(shown).toEqual(expected);
}

async function expectTableColumns(explore: ExplorePage, result: ChartDataRows, columns: string[]): Promise<void> {
  for (const column of columns) {
    expect(await explore.cellValues(column)).toEqual(result.data.map((row) => asMarkValue(row[column])));
  }
}

/** A time-series chart of SUM(num) over ds, one series per gender. */
async function buildSumOverTimeByGender(explore: ExplorePage): Promise<void> {
  await explore.chooseColumn('x_axis', 'ds');
  await explore.addSimpleMetric('num', 'SUM');
  await explore.addGroupby('gender');
}

const chartCases: ChartCase[] = [
  {
    title: 'table, aggregate: SUM(num) per gender',
    galleryName: 'Table',
    vizType: 'table-aggregate',
    build: async (explore) => {
      await explore.addGroupby('gender');
      await explore.addSimpleMetric('num', 'SUM');
    },
    expectRendered: async (explore, results) => {
      await expectTableColumns(explore, resultAt(results, 0), ['gender', 'SUM(num)']);
    },
  },
  {
    title: 'table, raw records: name, state and num of the first 10 rows',
    galleryName: 'Table',
    vizType: 'table-raw',
    build: async (explore) => {
      await explore.chooseSelectOption('query_mode', 'Raw records');
      await explore.addGroupby('name', 'all_columns');
      await explore.addGroupby('state', 'all_columns');
      await explore.addGroupby('num', 'all_columns');
      await explore.chooseSelectOption('row_limit', '10');
    },
    expectRendered: async (explore, results) => {
      const result = resultAt(results, 0);
      expect(result.data).toHaveLength(10);
      await expectTableColumns(explore, result, ['name', 'state', 'num']);
    },
  },
  {
    title: 'pivot table: SUM(num) per gender',
    galleryName: 'Pivot Table',
    vizType: 'pivot_table_v2',
    build: async (explore) => {
      await explore.addGroupby('gender', 'groupbyRows');
      await explore.addSimpleMetric('num', 'SUM');
    },
    expectRendered: async (explore, results) => {
      const rows = resultAt(results, 0).data;
      const shown = await explore.pivotDataRows().evaluateAll((elements) =>
        elements.map((row) => `${row.querySelector('th')?.textContent ?? ''}=${row.querySelector('td')?.getAttribute('data-value') ?? ''}`),
      );
      expect(shown.sort()).toEqual(rows.map((row) => `${String(row.gender)}=${asMarkValue(row['SUM(num)'])}`).sort());
    },
  },
  {
    title: 'line chart: SUM(num) over ds per gender',
    galleryName: 'Line Chart',
    vizType: 'echarts_timeseries_line',
    build: buildSumOverTimeByGender,
    expectRendered: (explore, results) => expectPathsPerSeries(explore, resultAt(results, 0), 'line'),
  },
  {
    title: 'bar chart, vertical: SUM(num) over ds per gender',
    galleryName: 'Bar Chart',
    vizType: 'echarts_timeseries_bar',
    build: buildSumOverTimeByGender,
    expectRendered: async (explore, results) => {
      await expectMarksPerSeriesAndX(explore, resultAt(results, 0), 'bar');
      const [bar] = await explore.marks('bar').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height - element.getBoundingClientRect().width));
      expect(bar).toBeGreaterThan(0);
    },
  },
  {
    title: 'bar chart, horizontal: SUM(num) over ds per gender',
    galleryName: 'Bar Chart',
    vizType: 'echarts_timeseries_bar-horizontal',
    build: async (explore) => {
      await buildSumOverTimeByGender(explore);
      await explore.openTab('Customize');
      await explore.chooseSelectOption('orientation', 'Horizontal');
      await explore.openTab('Data');
    },
    expectRendered: async (explore, results) => {
      await expectMarksPerSeriesAndX(explore, resultAt(results, 0), 'bar');
      // Horizontal bars all start at the same left edge (the value axis' zero).
      const lefts = await explore.marks('bar').evaluateAll((elements) => elements.map((element) => element.getAttribute('x')));
      expect(new Set(lefts).size).toBe(1);
    },
  },
  {
    title: 'bar chart, stacked: SUM(num) over ds per gender',
    galleryName: 'Bar Chart',
    vizType: 'echarts_timeseries_bar-stacked',
    build: async (explore) => {
      await buildSumOverTimeByGender(explore);
      await explore.openTab('Customize');
      await explore.chooseSelectOption('stack', 'Stack');
      await explore.openTab('Data');
    },
    expectRendered: async (explore, results) => {
      await expectMarksPerSeriesAndX(explore, resultAt(results, 0), 'bar');
      // Stacked: the bars of one x share one slot (the same left edge and width).
      const slots = await explore.marks('bar').evaluateAll((elements) => elements.map((element) => `${element.getAttribute('data-x') ?? ''}@${element.getAttribute('x') ?? ''}`));
      const slotsPerX = new Map<string, Set<string>>();
      for (const slot of slots) {
        const [x = '', left = ''] = slot.split('@');
        slotsPerX.set(x, (slotsPerX.get(x) ?? new Set()).add(left));
      }
      expect([...slotsPerX.values()].every((lefts) => lefts.size === 1)).toBe(true);
    },
  },
  {
    title: 'area chart: SUM(num) over ds per gender',
    galleryName: 'Area Chart',
    vizType: 'echarts_area',
    build: buildSumOverTimeByGender,
    expectRendered: (explore, results) => expectPathsPerSeries(explore, resultAt(results, 0), 'area'),
  },
  {
    title: 'scatter plot: SUM(num) over ds per gender',
    galleryName: 'Scatter Plot',
    vizType: 'echarts_timeseries_scatter',
    build: buildSumOverTimeByGender,
    expectRendered: (explore, results) => expectMarksPerSeriesAndX(explore, resultAt(results, 0), 'point'),
  },
  {
    title: 'stepped line: SUM(num) over ds per gender',
    galleryName: 'Stepped Line',
    vizType: 'echarts_timeseries_step',
    build: buildSumOverTimeByGender,
    expectRendered: (explore, results) => expectPathsPerSeries(explore, resultAt(results, 0), 'line'),
  },
  {
    title: 'smooth line: SUM(num) over ds per gender',
    galleryName: 'Smooth Line',
    vizType: 'echarts_timeseries_smooth',
    build: buildSumOverTimeByGender,
    expectRendered: (explore, results) => expectPathsPerSeries(explore, resultAt(results, 0), 'line'),
  },
  {
    title: 'mixed chart: SUM(num) (query A) and MAX(num) (query B) over ds',
    galleryName: 'Mixed Chart',
    vizType: 'mixed_timeseries',
    build: async (explore) => {
      await explore.chooseColumn('x_axis', 'ds');
      await explore.addSimpleMetric('num', 'SUM');
      await explore.addSimpleMetric('num', 'MAX', 'metrics_b');
    },
    expectRendered: async (explore, results) => {
      const expected: Record<string, string> = {};
      for (const [index, metric] of [[0, 'SUM(num)'], [1, 'MAX(num)']] as const) {
        expected[metric] = sortedBy(resultAt(results, index).data, 'ds').map((row) => asMarkValue(row[metric])).join(',');
      }
      const marks = await explore.markData('line');
      expect(Object.fromEntries(marks.map((mark) => [mark.series, mark.values]))).toEqual(expected);
    },
  },
  {
    title: 'pie chart: SUM(num) per state',
    galleryName: 'Pie Chart',
    vizType: 'pie',
    build: async (explore) => {
      await explore.addGroupby('state');
      await explore.addSimpleMetric('num', 'SUM', 'metric');
    },
    expectRendered: (explore, results) => expectMarkPerRow(explore, 'slice', resultAt(results, 0), 'state', 'SUM(num)'),
  },
  {
    title: 'donut chart: SUM(num) per gender',
    galleryName: 'Pie Chart',
    vizType: 'pie-donut',
    build: async (explore) => {
      await explore.addGroupby('gender');
      await explore.addSimpleMetric('num', 'SUM', 'metric');
      await explore.openTab('Customize');
      await explore.check('donut');
      await explore.openTab('Data');
    },
    expectRendered: async (explore, results) => {
      await expectMarkPerRow(explore, 'slice', resultAt(results, 0), 'gender', 'SUM(num)');
      // A donut's slice path has a hole: its outline is drawn twice (outer arc, inner arc).
      const paths = await explore.marks('slice').evaluateAll((elements) => elements.map((element) => element.getAttribute('d') ?? ''));
      expect(paths.every((d) => (d.match(/A/g) ?? []).length >= 2)).toBe(true);
    },
  },
  {
    title: 'big number with trendline: SUM(num) over ds',
    galleryName: 'Big Number with Trendline',
    vizType: 'big_number',
    build: async (explore) => {
      await explore.chooseColumn('x_axis', 'ds');
      await explore.addSimpleMetric('num', 'SUM', 'metric');
    },
    expectRendered: async (explore, results) => {
      const rows = sortedBy(resultAt(results, 0).data, 'ds').filter((row) => row['SUM(num)'] !== null);
      expect(await explore.bigNumberValue()).toBe(asMarkValue(rows.at(-1)?.['SUM(num)']));
      const [trendline] = await explore.markData('line');
      expect(trendline?.values).toBe(rows.map((row) => asMarkValue(row['SUM(num)'])).join(','));
    },
  },
  {
    title: 'big number total: SUM(num)',
    galleryName: 'Big Number',
    vizType: 'big_number_total',
    build: (explore) => explore.addSimpleMetric('num', 'SUM', 'metric'),
    expectRendered: async (explore, results) => {
      expect(await explore.bigNumberValue()).toBe(asMarkValue(resultAt(results, 0).data[0]?.['SUM(num)']));
    },
  },
  {
    title: 'histogram: num in bins per gender',
    galleryName: 'Histogram',
    vizType: 'histogram_v2',
    build: async (explore) => {
      await explore.chooseColumn('column', 'num');
      await explore.addGroupby('gender');
    },
    expectRendered: async (explore, results) => {
      const result = resultAt(results, 0);
      const bins = result.colnames.filter((name) => name !== 'gender');
      expect(bins.length).toBeGreaterThan(1);
      const expected = result.data.flatMap((row) => bins.map((bin) => ({ series: row.gender, x: bin, value: row[bin] })));
      expect(triples(await explore.markData('bar'))).toEqual(triples(expected));
    },
  },
  {
    title: 'box plot: SUM(num) across states per gender',
    galleryName: 'Box Plot',
    vizType: 'box_plot',
    build: async (explore) => {
      await explore.addGroupby('state', 'columns');
      await explore.addSimpleMetric('num', 'SUM');
      await explore.addGroupby('gender');
    },
    expectRendered: async (explore, results) => {
      const statistics = ['min', 'q1', 'median', 'q3', 'max'] as const;
      const expected = resultAt(results, 0)
        .data.map((row) => [String(row.gender), ...statistics.map((statistic) => asMarkValue(row[`SUM(num)__${statistic}`]))].join('|'))
        .sort();
      const shown = (await explore.markData('box')).map((box) => [box.series, ...statistics.map((statistic) => box[statistic])].join('|')).sort();
      expect(shown).toEqual(expected);
    },
  },
  {
    title: 'heatmap: SUM(num) per state and gender',
    galleryName: 'Heatmap',
    vizType: 'heatmap_v2',
    build: async (explore) => {
      await explore.chooseColumn('x_axis', 'state');
      await explore.chooseColumn('groupby', 'gender');
      await explore.addSimpleMetric('num', 'SUM', 'metric');
    },
    expectRendered: async (explore, results) => {
      const expected = resultAt(results, 0).data.map((row) => `${String(row.state)}|${String(row.gender)}|${asMarkValue(row['SUM(num)'])}`).sort();
      const shown = (await explore.markData('cell')).map((cell) => `${cell.x ?? ''}|${cell.y ?? ''}|${cell.value ?? ''}`).sort();
      expect(shown).toEqual(expected);
    },
  },
  {
    title: 'funnel chart: SUM(num) per state',
    galleryName: 'Funnel Chart',
    vizType: 'funnel',
    build: async (explore) => {
      await explore.addGroupby('state');
      await explore.addSimpleMetric('num', 'SUM', 'metric');
    },
    expectRendered: (explore, results) => expectMarkPerRow(explore, 'step', resultAt(results, 0), 'state', 'SUM(num)'),
  },
  {
    title: 'gauge chart: SUM(num) per gender',
    galleryName: 'Gauge Chart',
    vizType: 'gauge_chart',
    build: async (explore) => {
      await explore.addGroupby('gender');
      await explore.addSimpleMetric('num', 'SUM', 'metric');
    },
    expectRendered: (explore, results) => expectMarkPerRow(explore, 'pointer', resultAt(results, 0), 'gender', 'SUM(num)'),
  },
  {
    title: 'treemap: SUM(num) per gender and state',
    galleryName: 'Treemap',
    vizType: 'treemap_v2',
    build: async (explore) => {
      await explore.addGroupby('gender');
      await explore.addGroupby('state');
      await explore.addSimpleMetric('num', 'SUM', 'metric');
    },
    expectRendered: async (explore, results) => {
      const expected = resultAt(results, 0).data.map((row) => `${String(row.gender)} / ${String(row.state)}=${asMarkValue(row['SUM(num)'])}`).sort();
      const shown = (await explore.markData('tile')).map((tile) => `${tile.series ?? ''}=${tile.value ?? ''}`).sort();
      expect(shown).toEqual(expected);
    },
  },
  {
    title: 'sunburst: SUM(num) per gender, then state',
    galleryName: 'Sunburst Chart',
    vizType: 'sunburst_v2',
    build: async (explore) => {
      await explore.addGroupby('gender', 'columns');
      await explore.addGroupby('state', 'columns');
      await explore.addSimpleMetric('num', 'SUM', 'metric');
    },
    expectRendered: async (explore, results) => {
      const rows = resultAt(results, 0).data;
      const genderTotals = new Map<string, number>();
      for (const row of rows) genderTotals.set(String(row.gender), (genderTotals.get(String(row.gender)) ?? 0) + Number(row['SUM(num)']));
      const expected = [
        ...[...genderTotals].map(([gender, total]) => `${gender}=${asMarkValue(total)}`),
        ...rows.map((row) => `${String(row.gender)} / ${String(row.state)}=${asMarkValue(row['SUM(num)'])}`),
      ].sort();
      const shown = (await explore.markData('arc')).map((arc) => `${arc.series ?? ''}=${arc.value ?? ''}`).sort();
      expect(shown).toEqual(expected);
    },
  },
  {
    title: 'bubble chart: SUM(num), MAX(num) and COUNT(num) per state',
    galleryName: 'Bubble Chart',
    vizType: 'bubble_v2',
    build: async (explore) => {
      await explore.chooseColumn('entity', 'state');
      await explore.addSimpleMetric('num', 'SUM', 'x');
      await explore.addSimpleMetric('num', 'MAX', 'y');
      await explore.addSimpleMetric('num', 'COUNT', 'size');
    },
    expectRendered: async (explore, results) => {
      const expected = resultAt(results, 0)
        .data.map((row) => [row.state, row['SUM(num)'], row['MAX(num)'], row['COUNT(num)']].map(asMarkValue).join('|'))
        .sort();
      const shown = (await explore.markData('bubble')).map((bubble) => [bubble.series, bubble.x, bubble.y, bubble.size].join('|')).sort();
      expect(shown).toEqual(expected);
    },
  },
  {
    title: 'waterfall chart: SUM(num) per state, then the total',
    galleryName: 'Waterfall Chart',
    vizType: 'waterfall',
    build: async (explore) => {
      await explore.chooseColumn('x_axis', 'state');
      await explore.addSimpleMetric('num', 'SUM', 'metric');
    },
    expectRendered: async (explore, results) => {
      const rows = resultAt(results, 0).data;
      const total = rows.reduce((sum, row) => sum + Number(row['SUM(num)']), 0);
      const expected = [...rows.map((row) => `${String(row.state)}=${asMarkValue(row['SUM(num)'])}`), `Total=${asMarkValue(total)}`];
      const steps = [...(await explore.markData('increase')), ...(await explore.markData('decrease')), ...(await explore.markData('total'))];
      expect(steps.map((step) => `${step.series ?? ''}=${step.value ?? ''}`).sort()).toEqual(expected.sort());
    },
  },
  {
    title: 'radar chart: SUM(num) and MAX(num) per gender',
    galleryName: 'Radar Chart',
    vizType: 'radar',
    build: async (explore) => {
      await explore.addGroupby('gender');
      await explore.addSimpleMetric('num', 'SUM');
      await explore.addSimpleMetric('num', 'MAX');
    },
    expectRendered: async (explore, results) => {
      const expected = resultAt(results, 0).data.map((row) => `${String(row.gender)}=${[row['SUM(num)'], row['MAX(num)']].map(asMarkValue).join(',')}`).sort();
      const shown = (await explore.markData('polygon')).map((polygon) => `${polygon.series ?? ''}=${polygon.values ?? ''}`).sort();
      expect(shown).toEqual(expected);
    },
  },
];

/** Waits for the chart to draw without an error, then for its values to equal the API's. */
async function expectChartShowsResults(explore: ExplorePage, chartCase: ChartCase, results: ChartDataRows[]): Promise<void> {
  await expect(explore.chartError).toHaveCount(0);
  await expect(async () => {
    await chartCase.expectRendered(explore, results);
  }).toPass({ timeout: 20_000 });
  await expect(explore.chartError).toHaveCount(0);
}

test.describe('every chart type: built, saved, reopened by slice_id and by permalink, with real values', () => {
  for (const chartCase of chartCases) {
    test(chartCase.title, async ({ page, context }, testInfo) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const datasetId = await findDatasetId(page.request, 'birth_names');
      let explore = await ExplorePage.open(page, datasetId);
      await explore.chooseVizType(chartCase.galleryName);
      await chartCase.build(explore);
      const queryContext = await explore.runAndCaptureQuery();
      const results = await fetchChartDataRows(page.request, queryContext);
      await expectChartShowsResults(explore, chartCase, results);
      await page.screenshot({ path: path.join(testInfo.project.outputDir, `chart-types-${chartCase.vizType}.png`) });

      const saving = new ChartSaving(page);
      const chartId = await saving.saveAs(`${chartCase.title} ${Date.now()}`);

      explore = await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
      await expectChartShowsResults(explore, chartCase, results);

      const permalink = await saving.copyPermalink();
      explore = await ExplorePage.openPath(page, new URL(permalink).pathname);
      await expectChartShowsResults(explore, chartCase, results);
    });
  }
});
