import { fireEvent, screen } from '@testing-library/react';
import type { JSX } from 'react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { BoxPlotChart } from './boxPlot/BoxPlotChart';
import { BubbleChart } from './bubble/BubbleChart';
import type { ChartContextMenuTarget, ChartQueryData, ChartRendererProps, DrillValue } from './chartRendererProps';
import { seriesDrillValues, temporalDrillValue, timeGrainPeriod, xAxisDrillValues } from './drillValues';
import { FunnelChart } from './funnel/FunnelChart';
import { HeatmapChart } from './heatmap/HeatmapChart';
import { RadarChart } from './radar/RadarChart';
import { column, queryData, rendererProps } from './rendererTestProps';
import { SunburstChart } from './sunburst/SunburstChart';
import { TimeseriesChart } from './timeseries/TimeseriesChart';
import { TreemapChart } from './treemap/TreemapChart';
import { WaterfallChart } from './waterfall/WaterfallChart';

const utc = (text: string): number => Date.parse(`${text}Z`);
const iso = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 19);

function periodText(pointText: string, grain: string): string | null {
  const period = timeGrainPeriod(utc(pointText), grain);
  return period === null ? null : `${iso(period.start)} : ${iso(period.end)}`;
}

describe('time grain periods', () => {
  it.each([
    ['1965-01-01T00:00:00', 'P1Y', '1965-01-01T00:00:00 : 1966-01-01T00:00:00'],
    ['1965-11-01T00:00:00', 'P3M', '1965-11-01T00:00:00 : 1966-02-01T00:00:00'],
    ['1965-10-01T00:00:00', 'P0.25Y', '1965-10-01T00:00:00 : 1966-01-01T00:00:00'],
    ['1964-02-01T00:00:00', 'P1M', '1964-02-01T00:00:00 : 1964-03-01T00:00:00'],
    ['1964-02-28T00:00:00', 'P1D', '1964-02-28T00:00:00 : 1964-02-29T00:00:00'],
    ['1970-01-01T00:00:00', 'P7D', '1970-01-01T00:00:00 : 1970-01-08T00:00:00'],
    ['2024-06-10T00:00:00', 'P1W', '2024-06-10T00:00:00 : 2024-06-17T00:00:00'],
    ['2024-06-09T00:00:00', '1969-12-28T00:00:00Z/P1W', '2024-06-09T00:00:00 : 2024-06-16T00:00:00'],
    // Week-ending grains label the week by its last day: Saturday 2024-06-15 is June 9 to 15.
    ['2024-06-15T00:00:00', 'P1W/1970-01-03T00:00:00Z', '2024-06-09T00:00:00 : 2024-06-16T00:00:00'],
    ['2024-06-15T13:00:00', 'PT1H', '2024-06-15T13:00:00 : 2024-06-15T14:00:00'],
    ['2024-06-15T13:30:00', 'PT0.5H', '2024-06-15T13:30:00 : 2024-06-15T14:00:00'],
    ['2024-06-15T13:45:00', 'PT15M', '2024-06-15T13:45:00 : 2024-06-15T14:00:00'],
    ['2024-06-15T13:45:30', 'PT30S', '2024-06-15T13:45:30 : 2024-06-15T13:46:00'],
  ])('%s by %s is %s', (point, grain, expected) => {
    expect(periodText(point, grain)).toBe(expected);
  });

  it('knows no period for an unknown grain', () => {
    expect(periodText('1965-01-01T00:00:00', 'P1Q')).toBeNull();
    expect(periodText('1965-01-01T00:00:00', 'P0.1M')).toBeNull();
    expect(periodText('1965-01-01T00:00:00', '')).toBeNull();
  });

  it('gives a time point the TEMPORAL_RANGE of its period, and without a grain that exact time (its second)', () => {
    expect(temporalDrillValue('ds', utc('1965-01-01T00:00:00'), 'P1Y', '1965')).toEqual({
      column: 'ds',
      value: utc('1965-01-01T00:00:00'),
      label: '1965',
      timeRange: '1965-01-01T00:00:00 : 1966-01-01T00:00:00',
    });
    for (const noGrain of [undefined, null, '']) {
      expect(temporalDrillValue('ds', utc('1965-03-14T10:20:30'), noGrain, 'Mar 14')).toEqual({
        column: 'ds',
        value: utc('1965-03-14T10:20:30'),
        label: 'Mar 14',
        timeRange: '1965-03-14T10:20:30 : 1965-03-14T10:20:31',
      });
    }
    expect(temporalDrillValue('ds', utc('1965-01-01T00:00:00'), 'P1Q', '1965')).toBeNull();
  });

  it("reads a series' group-by values from its name: the last parts, one per groupby column", () => {
    const base = { datasource: '1__table', viz_type: 'echarts_timeseries_line' };
    expect(seriesDrillValues({ ...base, groupby: ['gender'] }, 'boy')).toEqual([{ column: 'gender', value: 'boy', label: 'boy' }]);
    expect(seriesDrillValues({ ...base, groupby: ['gender'] }, 'SUM(num), boy')).toEqual([{ column: 'gender', value: 'boy', label: 'boy' }]);
    expect(seriesDrillValues({ ...base, groupby: ['gender', 'state'] }, 'COUNT(DISTINCT a, b), girl, <NULL>')).toEqual([
      { column: 'gender', value: 'girl', label: 'girl' },
      { column: 'state', value: null, label: '<NULL>' },
    ]);
    const adhoc = { expressionType: 'SQL', sqlExpression: 'UPPER(gender)', label: 'G' };
    expect(seriesDrillValues({ ...base, groupby: [adhoc] }, 'BOY')).toEqual([{ column: 'G', value: 'BOY', label: 'BOY' }]);
    expect(seriesDrillValues({ ...base, groupby: ['gender', 'state'] }, 'boy')).toEqual([]);
    expect(seriesDrillValues(base, 'SUM(num)')).toEqual([]);
    expect(seriesDrillValues({ ...base, groupby: ['gender'] }, null)).toEqual([]);
  });

  it('drills an x axis by x_axis, else by the legacy granularity_sqla, and a category by its value', () => {
    const formatYear = (epochMs: number): string => String(new Date(epochMs).getUTCFullYear());
    const base = { datasource: '1__table', viz_type: 'echarts_timeseries_line', time_grain_sqla: 'P1Y' };
    expect(xAxisDrillValues({ ...base, granularity_sqla: 'ds' }, 'time', utc('1970-01-01T00:00:00'), formatYear)).toEqual([
      { column: 'ds', value: 0, label: '1970', timeRange: '1970-01-01T00:00:00 : 1971-01-01T00:00:00' },
    ]);
    const decade = { expressionType: 'SQL', sqlExpression: 'FLOOR(year / 10) * 10', label: 'decade' };
    expect(xAxisDrillValues({ ...base, x_axis: decade }, 'category', '1990', formatYear)).toEqual([{ column: 'decade', value: '1990', label: '1990' }]);
    expect(xAxisDrillValues({ ...base, x_axis: 'num' }, 'linear', 12, formatYear)).toEqual([{ column: 'num', value: 12, label: '12' }]);
    expect(xAxisDrillValues({ datasource: '1__table', viz_type: 'table' }, 'time', 0, formatYear)).toEqual([]);
  });
});

type Renderer = (props: ChartRendererProps) => JSX.Element;

/** Renders the chart, right-clicks the first mark matching `isTarget`, and answers the drill values told. */
function drillValuesOfMark(
  Chart: Renderer,
  vizType: string,
  data: ChartQueryData,
  formData: Record<string, unknown>,
  isTarget: (mark: Element) => boolean,
): DrillValue[][] {
  const targets: ChartContextMenuTarget[] = [];
  renderWithTheme(<Chart {...rendererProps(vizType, data, formData)} onMarkContextMenu={(target) => targets.push(target)} />);
  const mark = screen.getAllByTestId(testIds.viz.mark).find(isTarget);
  if (mark === undefined) throw new Error('no such mark');
  fireEvent.contextMenu(mark, { clientX: 5, clientY: 6 });
  return targets.map((target) => target.drillValues);
}

const series = (name: string) => (mark: Element): boolean => mark.getAttribute('data-series') === name;

describe('drilling to detail by a right-clicked mark', () => {
  it('time series: the clicked point of a time axis is its period under the time grain', () => {
    const targets: ChartContextMenuTarget[] = [];
    const years = [Date.UTC(1965, 0, 1), Date.UTC(1966, 0, 1), Date.UTC(1967, 0, 1)];
    const data = queryData(column('ds', 2, years), column('SUM(num)', 0, [100, 120, 130]));
    const props = rendererProps('echarts_timeseries_line', data, { x_axis: 'ds', time_grain_sqla: 'P1Y' });
    renderWithTheme(<TimeseriesChart {...props} onMarkContextMenu={(target) => targets.push(target)} />);
    const pointerArea = screen.getByTestId(testIds.viz.pointerArea);

    // Far left is the first year, far right the last.
    fireEvent.contextMenu(pointerArea, { clientX: 0, clientY: 50 });
    fireEvent.contextMenu(pointerArea, { clientX: 10_000, clientY: 50 });

    expect(targets.map((target) => target.drillValues)).toEqual([
      [{ column: 'ds', value: years[0], label: '1965', timeRange: '1965-01-01T00:00:00 : 1966-01-01T00:00:00' }],
      [{ column: 'ds', value: years[2], label: '1967', timeRange: '1967-01-01T00:00:00 : 1968-01-01T00:00:00' }],
    ]);
  });

  it('time series without a time grain: the exact time of the clicked point, labelled as the axis', () => {
    const targets: ChartContextMenuTarget[] = [];
    const times = [Date.UTC(1965, 0, 1, 10, 30), Date.UTC(1966, 0, 1, 11, 45)];
    const data = queryData(column('ds', 2, times), column('SUM(num)', 0, [1, 2]));
    const formData = { x_axis: 'ds', x_axis_time_format: '%Y-%m-%d %H:%M' };
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', data, formData)} onMarkContextMenu={(target) => targets.push(target)} />);
    const notPrevented = fireEvent.contextMenu(screen.getByTestId(testIds.viz.pointerArea), { clientX: 10_000, clientY: 50 });
    expect(notPrevented).toBe(false);
    expect(targets.map((target) => target.drillValues)).toEqual([
      [{ column: 'ds', value: times[1], label: '1966-01-01 11:45', timeRange: '1966-01-01T11:45:00 : 1966-01-01T11:45:01' }],
    ]);
  });

  it('time series with a group-by: the clicked period and the group values of the series under the pointer', () => {
    const targets: ChartContextMenuTarget[] = [];
    const years = [Date.UTC(1965, 0, 1), Date.UTC(1966, 0, 1)];
    // One metric: the pivoted series are named by their group alone; boy's line runs along the top, girl's low.
    const data = queryData(column('ds', 2, years), column('boy', 0, [100, 100]), column('girl', 0, [10, 10]));
    const formData = { x_axis: 'ds', time_grain_sqla: 'P1Y', groupby: ['gender'], metrics: ['SUM(num)'] };
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', data, formData)} onMarkContextMenu={(target) => targets.push(target)} />);
    const pointerArea = screen.getByTestId(testIds.viz.pointerArea);

    fireEvent.contextMenu(pointerArea, { clientX: 0, clientY: 12 });
    fireEvent.contextMenu(pointerArea, { clientX: 10_000, clientY: 300 });

    const year1965 = { column: 'ds', value: years[0], label: '1965', timeRange: '1965-01-01T00:00:00 : 1966-01-01T00:00:00' };
    const year1966 = { column: 'ds', value: years[1], label: '1966', timeRange: '1966-01-01T00:00:00 : 1967-01-01T00:00:00' };
    expect(targets.map((target) => target.drillValues)).toEqual([
      [year1965, { column: 'gender', value: 'boy', label: 'boy' }],
      [year1966, { column: 'gender', value: 'girl', label: 'girl' }],
    ]);
  });

  it('stacked bars with a group-by: the bar segment under the pointer', () => {
    const targets: ChartContextMenuTarget[] = [];
    const data = queryData(column('state', 1, ['CA']), column('boy', 0, [50]), column('girl', 0, [50]));
    const formData = { x_axis: 'state', groupby: ['gender'], stack: 'Stack' };
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_bar', data, formData)} onMarkContextMenu={(target) => targets.push(target)} />);
    const bars = screen.getAllByTestId(testIds.viz.mark).filter((mark) => mark.getAttribute('data-kind') === 'bar');
    const middleOf = (bar: Element): { clientX: number; clientY: number } => ({
      clientX: Number(bar.getAttribute('x')) + Number(bar.getAttribute('width')) / 2 + 64,
      clientY: Number(bar.getAttribute('y')) + Number(bar.getAttribute('height')) / 2 + 8,
    });
    for (const bar of bars) fireEvent.contextMenu(screen.getByTestId(testIds.viz.pointerArea), middleOf(bar));
    expect(bars.map((bar) => bar.getAttribute('data-series'))).toEqual(['boy', 'girl']);
    expect(targets.map((target) => target.drillValues)).toEqual([
      [
        { column: 'state', value: 'CA', label: 'CA' },
        { column: 'gender', value: 'boy', label: 'boy' },
      ],
      [
        { column: 'state', value: 'CA', label: 'CA' },
        { column: 'gender', value: 'girl', label: 'girl' },
      ],
    ]);
  });

  it('bar chart on a category axis: the clicked category', () => {
    const targets: ChartContextMenuTarget[] = [];
    const data = queryData(column('state', 1, ['CA', 'NY']), column('SUM(num)', 0, [10, 20]));
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_bar', data, { x_axis: 'state' })} onMarkContextMenu={(target) => targets.push(target)} />);
    fireEvent.contextMenu(screen.getByTestId(testIds.viz.pointerArea), { clientX: 10_000, clientY: 50 });
    expect(targets.map((target) => target.drillValues)).toEqual([[{ column: 'state', value: 'NY', label: 'NY' }]]);
  });

  it('heatmap: the cell’s x and y values', () => {
    const data = queryData(column('state', 1, ['CA', 'NY']), column('gender', 1, ['boy', 'girl']), column('SUM(num)', 0, [5, 7]));
    expect(drillValuesOfMark(HeatmapChart, 'heatmap_v2', data, { x_axis: 'state', groupby: ['gender'] }, series('NY, girl'))).toEqual([
      [
        { column: 'state', value: 'NY', label: 'NY' },
        { column: 'gender', value: 'girl', label: 'girl' },
      ],
    ]);
  });

  it('treemap: the tile’s group values from the top level down', () => {
    const data = queryData(column('state', 1, ['CA', 'CA', 'NY']), column('gender', 1, ['boy', 'girl', 'boy']), column('SUM(num)', 0, [5, 7, 3]));
    expect(drillValuesOfMark(TreemapChart, 'treemap_v2', data, { groupby: ['state', 'gender'] }, series('CA / girl'))).toEqual([
      [
        { column: 'state', value: 'CA', label: 'CA' },
        { column: 'gender', value: 'girl', label: 'girl' },
      ],
    ]);
  });

  it('sunburst: an inner arc drills by its level only', () => {
    const data = queryData(column('state', 1, ['CA', 'CA', 'NY']), column('gender', 1, ['boy', 'girl', 'boy']), column('SUM(num)', 0, [5, 7, 3]));
    expect(drillValuesOfMark(SunburstChart, 'sunburst_v2', data, { columns: ['state', 'gender'] }, series('NY'))).toEqual([[{ column: 'state', value: 'NY', label: 'NY' }]]);
  });

  it('funnel: the step’s group value, null as <NULL>', () => {
    const data = queryData(column('stage', 1, ['visit', null]), column('COUNT(*)', 0, [100, 40]));
    expect(drillValuesOfMark(FunnelChart, 'funnel', data, { groupby: ['stage'] }, series('N/A'))).toEqual([[{ column: 'stage', value: null, label: '<NULL>' }]]);
  });

  it('box plot: the box’s group values', () => {
    const data = queryData(
      column('state', 1, ['CA', 'NY']),
      ...(['min', 'q1', 'median', 'q3', 'max'] as const).map((statistic, index) => column(`SUM(num)__${statistic}`, 0, [index + 1, index + 2])),
    );
    expect(drillValuesOfMark(BoxPlotChart, 'box_plot', data, { groupby: ['state'] }, (mark) => mark.getAttribute('data-kind') === 'box' && mark.getAttribute('data-series') === 'NY')).toEqual([
      [{ column: 'state', value: 'NY', label: 'NY' }],
    ]);
  });

  it('bubble: the entity and its series', () => {
    const data = queryData(column('name', 1, ['Anna', 'Bob']), column('gender', 1, ['girl', 'boy']), column('x', 0, [1, 2]), column('y', 0, [3, 4]), column('size', 0, [5, 6]));
    expect(drillValuesOfMark(BubbleChart, 'bubble_v2', data, { entity: 'name', series: 'gender' }, series('Bob'))).toEqual([
      [
        { column: 'name', value: 'Bob', label: 'Bob' },
        { column: 'gender', value: 'boy', label: 'boy' },
      ],
    ]);
  });

  it('radar: the polygon’s group values', () => {
    const data = queryData(column('gender', 1, ['boy', 'girl']), column('SUM(num)', 0, [5, 7]), column('COUNT(*)', 0, [1, 2]));
    expect(drillValuesOfMark(RadarChart, 'radar', data, { groupby: ['gender'] }, series('girl'))).toEqual([[{ column: 'gender', value: 'girl', label: 'girl' }]]);
  });

  it('waterfall: a temporal step is its period, labelled in the axis format; the total has no value', () => {
    const data = queryData(column('ds', 2, [Date.UTC(1965, 0, 1), Date.UTC(1966, 0, 1)]), column('SUM(num)', 0, [10, -4]));
    const formData = { x_axis: 'ds', time_grain_sqla: 'P1Y', x_axis_time_format: '%b %Y' };
    const [step] = drillValuesOfMark(WaterfallChart, 'waterfall', data, formData, (mark) => mark.getAttribute('data-kind') === 'decrease');
    // Labelled as the axis labels the period (`x_axis_time_format`), not with the raw time.
    expect(step).toEqual([{ column: 'ds', value: Date.UTC(1966, 0, 1), label: 'Jan 1966', timeRange: '1966-01-01T00:00:00 : 1967-01-01T00:00:00' }]);
    expect(drillValuesOfMark(WaterfallChart, 'waterfall', data, formData, (mark) => mark.getAttribute('data-kind') === 'total')).toEqual([]);
  });

  it('waterfall with a breakdown: a change is its period and its breakdown value', () => {
    const data = queryData(column('quarter', 1, ['Q1', 'Q1']), column('region', 1, ['East', 'West']), column('SUM(num)', 0, [10, -4]));
    const formData = { x_axis: 'quarter', groupby: ['region'] };
    expect(drillValuesOfMark(WaterfallChart, 'waterfall', data, formData, series('West'))).toEqual([
      [
        { column: 'quarter', value: 'Q1', label: 'Q1' },
        { column: 'region', value: 'West', label: 'West' },
      ],
    ]);
  });

  it('waterfall with a breakdown: a period total is its period', () => {
    const data = queryData(column('quarter', 1, ['Q1', 'Q1']), column('region', 1, ['East', 'West']), column('SUM(num)', 0, [10, -4]));
    const formData = { x_axis: 'quarter', groupby: ['region'] };
    expect(drillValuesOfMark(WaterfallChart, 'waterfall', data, formData, (mark) => mark.getAttribute('data-kind') === 'total')).toEqual([[{ column: 'quarter', value: 'Q1', label: 'Q1' }]]);
  });
});
