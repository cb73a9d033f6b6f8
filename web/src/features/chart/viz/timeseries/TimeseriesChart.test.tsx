import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnnotationLayerState } from '@/features/chart/annotations/useAnnotationLayerStates';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { buildTheme } from '@/theme/tokens';
import { noResultsMessage } from '../ChartEmptyState';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { TimeseriesChart } from './TimeseriesChart';

const years = [Date.UTC(2000, 0, 1), Date.UTC(2001, 0, 1), Date.UTC(2002, 0, 1), Date.UTC(2003, 0, 1)];
const births = queryData(
  column('ds', 2, years),
  column('SUM(num), boy', 0, [100, 120, 130, 90]),
  column('SUM(num), girl', 0, [80, 95, null, 70]),
);

function marks(kind: string): Element[] {
  return screen.queryAllByTestId(testIds.viz.mark).filter((mark) => mark.getAttribute('data-kind') === kind);
}

describe('TimeseriesChart', () => {
  it('draws one bar per present value and a legend item per series', () => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_bar', births, { x_axis: 'ds' })} />);
    expect(marks('bar')).toHaveLength(7);
    expect(marks('bar').filter((bar) => bar.getAttribute('data-series') === 'SUM(num), boy')).toHaveLength(4);
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['SUM(num), boy', 'SUM(num), girl']);
    expect(screen.getByText('2001')).toBeTruthy();
  });

  it('stacks bars: the second series starts where the first ends', () => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_bar', births, { stack: 'Stack' })} />);
    const [boy, girl] = ['SUM(num), boy', 'SUM(num), girl'].map(
      (series) => marks('bar').find((bar) => bar.getAttribute('data-series') === series) as Element,
    );
    const boyTop = Number(boy?.getAttribute('y'));
    const girlBottom = Number(girl?.getAttribute('y')) + Number(girl?.getAttribute('height'));
    expect(girlBottom).toBeCloseTo(boyTop, 5);
  });

  it('lays horizontal bars along the x axis', () => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_bar', births, { orientation: 'horizontal' })} />);
    const bar = marks('bar')[0];
    expect(Number(bar?.getAttribute('width'))).toBeGreaterThan(Number(bar?.getAttribute('height')));
  });

  it('draws a line per series with markers, and hides a series from the legend', () => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', births, { markerEnable: true })} />);
    expect(marks('line')).toHaveLength(2);
    expect(marks('point')).toHaveLength(7);
    const girlLine = marks('line').find((line) => line.getAttribute('data-series') === 'SUM(num), girl');
    expect(girlLine?.getAttribute('data-values')).toBe('80,95,,70');
    expect(girlLine?.getAttribute('data-x-values')).toBe(years.join(','));
    fireEvent.click(screen.getByRole('button', { name: 'SUM(num), girl' }));
    expect(marks('line')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'SUM(num), girl' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('dashes a time-shifted series of Actual values, keeping its Superset name in the legend', () => {
    const shifted = queryData(
      column('ds', 2, years),
      column('SUM(num)', 0, [100, 120, 130, 90]),
      column('SUM(num)__1 year ago', 0, [null, 100, 120, 130]),
    );
    const formData = { x_axis: 'ds', comparison_type: 'values', time_compare: ['1 year ago'] };
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', shifted, formData)} />);
    const [current, previous] = ['SUM(num)', 'SUM(num)__1 year ago'].map((series) => marks('line').find((line) => line.getAttribute('data-series') === series));
    expect(current?.getAttribute('data-dashed')).toBeNull();
    expect(current?.getAttribute('stroke-width')).toBe('2');
    expect(previous?.getAttribute('data-dashed')).toBe('true');
    expect(previous?.getAttribute('stroke-dasharray')).toBe('4,2');
    expect(previous?.getAttribute('data-values')).toBe(',100,120,130');
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['SUM(num)', 'SUM(num)__1 year ago']);
  });

  it('fills areas and scatters points', () => {
    const { unmount } = renderWithTheme(<TimeseriesChart {...rendererProps('echarts_area', births)} />);
    expect(marks('area')).toHaveLength(2);
    unmount();
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_scatter', births)} />);
    expect(marks('point')).toHaveLength(7);
    expect(marks('line')).toHaveLength(0);
  });

  it('shows formatted values of every series in the tooltip', () => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', births, { y_axis_format: ',.1f' })} />);
    fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), { clientX: 70, clientY: 100 });
    const tooltip = screen.getByTestId(testIds.viz.tooltip);
    expect(tooltip.textContent).toContain('2000');
    expect(tooltip.textContent).toContain('100.0');
    expect(tooltip.textContent).toContain('80.0');
  });

  it('keeps the largest series under a series limit', () => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', births, { series_limit: 1, metrics: ['SUM(num)'] })} />);
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['SUM(num), boy']);
  });

  it('zooms into a brushed range and resets', () => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_bar', births, { zoomable: true })} />);
    const area = screen.getByTestId(testIds.viz.pointerArea);
    fireEvent.mouseDown(area, { clientX: 70 });
    fireEvent.mouseMove(area, { clientX: 300 });
    fireEvent.mouseUp(area, { clientX: 300 });
    expect(marks('bar').length).toBeLessThan(7);
    expect(marks('bar').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId(testIds.viz.resetZoom));
    expect(marks('bar')).toHaveLength(7);
  });

  it('shows the empty state without rows', () => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', queryData(column('ds', 2, [])))} />);
    expect(screen.getByText(noResultsMessage)).toBeTruthy();
  });
});

/** Each time-series viz type and the mark kind that draws its series. */
const timeseriesKinds = [
  { vizType: 'echarts_timeseries_line', markKind: 'line' },
  { vizType: 'echarts_timeseries_bar', markKind: 'bar' },
  { vizType: 'echarts_area', markKind: 'area' },
  { vizType: 'echarts_timeseries_scatter', markKind: 'point' },
  { vizType: 'echarts_timeseries_smooth', markKind: 'line' },
  { vizType: 'echarts_timeseries_step', markKind: 'line' },
] as const;

/** Where the pointer is over 2002, the third of four years, on a 600 px wide chart of any kind. */
const pointerOver2002 = { clientX: 410, clientY: 100 };

function legendLabels(): (string | null)[] {
  return screen.queryAllByTestId(testIds.viz.legendItem).map((item) => item.textContent);
}

describe.each(timeseriesKinds)('$vizType: legend, tooltip, formats, dark theme, empty state', ({ vizType, markKind }) => {
  const seriesOf = (series: string): Element[] => marks(markKind).filter((mark) => mark.getAttribute('data-series') === series);

  it('has a legend item per series that hides and shows its marks, and none with show_legend off', () => {
    const { unmount } = renderWithTheme(<TimeseriesChart {...rendererProps(vizType, births, { x_axis: 'ds' })} />);
    expect(legendLabels()).toEqual(['SUM(num), boy', 'SUM(num), girl']);
    expect(seriesOf('SUM(num), girl').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'SUM(num), girl' }));
    expect(seriesOf('SUM(num), girl')).toHaveLength(0);
    expect(seriesOf('SUM(num), boy').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'SUM(num), girl' }));
    expect(seriesOf('SUM(num), girl').length).toBeGreaterThan(0);
    unmount();
    renderWithTheme(<TimeseriesChart {...rendererProps(vizType, births, { x_axis: 'ds', show_legend: false })} />);
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
    expect(seriesOf('SUM(num), girl').length).toBeGreaterThan(0);
  });

  it('shows the time in tooltipTimeFormat and each value in y_axis_format, N/A where a series has none', () => {
    const formData = { x_axis: 'ds', y_axis_format: ',.1f', tooltipTimeFormat: '%Y-%m-%d', x_axis_time_format: '%b %Y' };
    renderWithTheme(<TimeseriesChart {...rendererProps(vizType, births, formData)} />);
    fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), pointerOver2002);
    const tooltip = screen.getByTestId(testIds.viz.tooltip);
    expect(tooltip.querySelector('strong')?.textContent).toBe('2002-01-01');
    expect(tooltip.textContent).toContain('SUM(num), boy130.0');
    expect(tooltip.textContent).toContain('SUM(num), girlN/A');
    // The axis keeps its own format.
    expect(screen.getAllByText('Jan 2001').length).toBeGreaterThan(0);
  });

  it('shows the adaptive verbose time and SMART_NUMBER values by default', () => {
    const large = queryData(column('ds', 2, years), column('SUM(num)', 0, [1234567, 2345678, 3456789, 4567890]));
    renderWithTheme(<TimeseriesChart {...rendererProps(vizType, large, { x_axis: 'ds' })} />);
    fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), pointerOver2002);
    const tooltip = screen.getByTestId(testIds.viz.tooltip);
    expect(tooltip.querySelector('strong')?.textContent).toBe('2002');
    expect(tooltip.textContent).toContain('SUM(num)3.46M');
  });

  it('takes its axis, legend and tooltip colours from the dark tokens', () => {
    const light = buildTheme('default');
    const dark = buildTheme('dark');
    renderWithTheme(<TimeseriesChart {...rendererProps(vizType, births, { x_axis: 'ds' })} theme={dark} />, 'dark');
    const plot = screen.getByTestId(testIds.viz.plot);
    expect(plot.querySelector('.visx-axis-line')?.getAttribute('stroke')).toBe(dark.colors.border);
    expect(dark.colors.border).not.toBe(light.colors.border);
    expect(plot.querySelector('.visx-axis-tick text')?.getAttribute('fill')).toBe(dark.colors.textMuted);
    const legendItem = screen.getAllByTestId(testIds.viz.legendItem)[0] as HTMLElement;
    expect(getComputedStyle(legendItem).color.toUpperCase()).toBe(dark.colors.text);
    fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), pointerOver2002);
    const tooltipBox = screen.getByTestId(testIds.viz.tooltip).parentElement as HTMLElement;
    expect(tooltipBox.style.background.toUpperCase()).toBe(dark.colors.surface);
    expect(tooltipBox.style.color.toUpperCase()).toBe(dark.colors.text);
  });

  it('shows the empty state, without a legend, when the result has no rows', () => {
    const empty = queryData(column('ds', 2, []), column('SUM(num), boy', 0, []));
    renderWithTheme(<TimeseriesChart {...rendererProps(vizType, empty, { x_axis: 'ds' })} />);
    expect(screen.getByTestId(testIds.chart.empty).textContent).toBe(noResultsMessage);
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
    expect(screen.queryByTestId(testIds.viz.plot)).toBeNull();
  });
});

/** The points of an SVG path of straight segments: "M0,10L5,10L5,20" is [[0, 10], [5, 10], [5, 20]]. */
function pathPoints(path: string): [number, number][] {
  return [...path.matchAll(/[ML]\s*(-?[\d.e-]+)[ ,](-?[\d.e-]+)/g)].map((match) => [Number(match[1]), Number(match[2])]);
}

function lineOf(series: string): Element | undefined {
  return marks('line').find((line) => line.getAttribute('data-series') === series);
}

describe('TimeseriesChart line shapes', () => {
  it('draws the smooth line as curves through the points, the straight line as segments', () => {
    const { unmount } = renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_smooth', births)} />);
    const smooth = lineOf('SUM(num), boy')?.getAttribute('d') ?? '';
    expect(smooth).toMatch(/C/);
    expect(lineOf('SUM(num), boy')?.getAttribute('data-values')).toBe('100,120,130,90');
    unmount();
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', births)} />);
    const straight = lineOf('SUM(num), boy')?.getAttribute('d') ?? '';
    expect(straight).not.toMatch(/C/);
    expect(pathPoints(straight)).toHaveLength(4);
  });

  it.each([
    { seriesType: 'start', firstStep: 'vertical' },
    { seriesType: 'middle', firstStep: 'horizontal' },
    { seriesType: 'end', firstStep: 'horizontal' },
  ])('draws the $seriesType step line of horizontal and vertical segments only', ({ seriesType, firstStep }) => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_step', births, { seriesType })} />);
    const points = pathPoints(lineOf('SUM(num), boy')?.getAttribute('d') ?? '');
    expect(points.length).toBeGreaterThan(4);
    const segments = points.slice(1).map((point, index) => [points[index] as [number, number], point] as const);
    for (const [from, to] of segments) expect(from[0] === to[0] || from[1] === to[1]).toBe(true);
    const [firstFrom, firstTo] = segments[0] ?? [[0, 0], [0, 0]];
    expect(firstFrom[0] === firstTo[0] ? 'vertical' : 'horizontal').toBe(firstStep);
    const xs = [...new Set(points.map((point) => point[0]))].sort((left, right) => left - right);
    // A middle step turns halfway between two years; start and end steps turn at the years.
    expect(xs).toHaveLength(seriesType === 'middle' ? 5 : 4);
  });
});

describe('TimeseriesChart annotation layers', () => {
  const layers: AnnotationLayerState[] = [
    { entry: { name: 'Trend', annotationType: 'FORMULA', sourceType: '', value: 'x / 1e10', show: true }, status: { status: 'success', data: null } },
    {
      entry: { name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1, show: true, showLabel: true },
      status: {
        status: 'success',
        data: { columns: [], records: [{ start_dttm: years[1] ?? 0, end_dttm: years[1] ?? 0, short_descr: 'v1', long_descr: 'First release', json_metadata: null }] },
      },
    },
    {
      entry: { name: 'Outages', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 2, show: true },
      status: {
        status: 'success',
        data: {
          columns: [],
          records: [
            { start_dttm: years[2] ?? 0, end_dttm: Date.UTC(2010, 0, 1), short_descr: 'Outage', long_descr: null, json_metadata: null },
            { start_dttm: Date.UTC(1990, 0, 1), end_dttm: Date.UTC(1991, 0, 1), short_descr: 'Before the data', long_descr: null, json_metadata: null },
          ],
        },
      },
    },
  ];

  function annotations(kind: string): Element[] {
    return screen.queryAllByTestId(testIds.viz.annotation).filter((mark) => mark.getAttribute('data-kind') === kind);
  }

  it('draws a formula line y = f(x) over the x axis, with a legend item', () => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', births)} annotationLayers={layers} />);
    const [formula] = annotations('formula');
    const xs = (formula?.getAttribute('data-x-values') ?? '').split(',').map(Number);
    const ys = (formula?.getAttribute('data-values') ?? '').split(',').map(Number);
    expect(xs[0]).toBe(years[0]);
    expect(xs.at(-1)).toBe(years[3]);
    expect(xs).toEqual(expect.arrayContaining(years));
    expect(ys).toEqual(xs.map((x) => x / 1e10));
    expect(formula?.getAttribute('d')).toMatch(/^M/);
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['SUM(num), boy', 'SUM(num), girl', 'Trend']);
  });

  it('draws an event line at its start and an interval band clipped to the axis; records outside are left out', () => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', births)} annotationLayers={layers} />);
    const [event] = annotations('event');
    expect(annotations('event')).toHaveLength(1);
    expect(event?.getAttribute('data-title')).toBe('v1');
    expect(Number(event?.getAttribute('x1'))).toBe(Number(event?.getAttribute('x2')));
    expect(screen.getByTestId(testIds.viz.annotationLabel).textContent).toBe('v1');
    const [interval] = annotations('interval');
    expect(annotations('interval')).toHaveLength(1);
    expect(interval?.getAttribute('data-title')).toBe('Outage');
    // 2002 to the end of the data (2003): the last third of the plot, after the event (2001).
    const left = Number(interval?.getAttribute('x'));
    const width = Number(interval?.getAttribute('width'));
    expect(left).toBeGreaterThan(Number(event?.getAttribute('x1')));
    expect(width).toBeGreaterThan(0);
  });

  it('hides a hidden layer and a formula turned off in the legend', () => {
    const hidden = layers.map((layer) => (layer.entry.name === 'Releases' ? { ...layer, entry: { ...layer.entry, show: false } } : layer));
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', births)} annotationLayers={hidden} />);
    expect(annotations('event')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Trend' }));
    expect(annotations('formula')).toHaveLength(0);
  });

  it('positions annotations between the bands of a bar chart', () => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_bar', births)} annotationLayers={layers} />);
    const [event] = annotations('event');
    const barsAt2001 = marks('bar').filter((bar) => bar.getAttribute('data-x') === String(years[1]));
    const barLeft = Math.min(...barsAt2001.map((bar) => Number(bar.getAttribute('x'))));
    const barRight = Math.max(...barsAt2001.map((bar) => Number(bar.getAttribute('x')) + Number(bar.getAttribute('width'))));
    const eventX = Number(event?.getAttribute('x1'));
    expect(eventX).toBeGreaterThan(barLeft);
    expect(eventX).toBeLessThan(barRight);
  });

  it("draws another chart's time series on the left axis, with markers, a legend item and a tooltip row", () => {
    const points = [
      { x: Date.UTC(1990, 0, 1), y: 5 },
      { x: years[0] ?? 0, y: 200 },
      { x: years[1] ?? 0, y: null },
      { x: years[3] ?? 0, y: 250 },
    ];
    const fromChart: AnnotationLayerState = {
      entry: { name: 'Births elsewhere', annotationType: 'TIME_SERIES', sourceType: 'line', value: 9, show: true, showMarkers: true, color: '#ff0000', style: 'dashed', width: 2 },
      status: { status: 'success', data: null, points },
    };
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', births, { markerEnable: true })} annotationLayers={[fromChart]} />);
    const [line] = annotations('time-series');
    expect(annotations('time-series')).toHaveLength(1);
    // The point before the plot's first year is left out; the null is a gap.
    expect(line?.getAttribute('data-x-values')).toBe([years[0], years[1], years[3]].join(','));
    expect(line?.getAttribute('data-values')).toBe('200,,250');
    expect(line?.getAttribute('stroke')).toBe('#ff0000');
    expect(line?.getAttribute('stroke-dasharray')).toBe('8,8');
    expect(line?.getAttribute('d')).toMatch(/^M/);
    expect(annotations('time-series-marker')).toHaveLength(2);
    // 250 is above every series value, so the left axis grows to hold it: its marker is highest.
    const markerYs = annotations('time-series-marker').map((marker) => Number(marker.getAttribute('cy')));
    const seriesYs = marks('point').map((mark) => Number(mark.getAttribute('cy')));
    expect(seriesYs).toHaveLength(7);
    expect(Math.min(...markerYs)).toBeLessThan(Math.min(...seriesYs));
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['SUM(num), boy', 'SUM(num), girl', 'Births elsewhere']);

    const lastMarker = annotations('time-series-marker').at(-1);
    fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), { clientX: 64 + Number(lastMarker?.getAttribute('cx')), clientY: 100 });
    expect(screen.getByTestId(testIds.viz.tooltip).textContent).toContain('Births elsewhere');
    expect(screen.getByTestId(testIds.viz.tooltip).textContent).toContain('250');

    fireEvent.click(screen.getByRole('button', { name: 'Births elsewhere' }));
    expect(annotations('time-series')).toHaveLength(0);
  });

  it('shows an event in the tooltip when the pointer is on it', () => {
    renderWithTheme(<TimeseriesChart {...rendererProps('echarts_timeseries_line', births)} annotationLayers={layers} />);
    const [event] = annotations('event');
    // The plot group starts 64 px from the SVG's left edge.
    fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), { clientX: 64 + Number(event?.getAttribute('x1')), clientY: 100 });
    const tooltip = screen.getByTestId(testIds.viz.tooltip);
    expect(tooltip.textContent).toContain('v1');
    expect(tooltip.textContent).toContain('First release');
    expect(tooltip.textContent).toContain('Trend');
  });
});


describe('TimeseriesChart cross-filters', () => {
  /** Clicks the pointer area where a mark's centre is (the plot's group starts at 64, 8). */
  function clickOn(mark: Element | undefined): void {
    if (mark === undefined) throw new Error('the mark is not drawn');
    const isBar = mark.getAttribute('data-kind') === 'bar';
    const x = isBar ? Number(mark.getAttribute('x')) + Number(mark.getAttribute('width')) / 2 : Number(mark.getAttribute('cx'));
    const y = isBar ? Number(mark.getAttribute('y')) + Number(mark.getAttribute('height')) / 2 : Number(mark.getAttribute('cy'));
    fireEvent.click(screen.getByTestId(testIds.viz.pointerArea), { clientX: 64 + x, clientY: 8 + y });
  }
  const markOf = (kind: string, series: string, index: number): Element | undefined =>
    marks(kind).filter((mark) => mark.getAttribute('data-series') === series)[index];

  it.each(['echarts_timeseries_line', 'echarts_timeseries_scatter', 'echarts_area'])(
    "%s: a click on a series' point emits its group-by value; the selected series clears",
    (vizType) => {
      const selections: unknown[] = [];
      const props = { ...rendererProps(vizType, births, { x_axis: 'ds', groupby: ['gender'], markerEnable: true }), onCrossFilter: (selection: unknown) => selections.push(selection) };
      const { rerender } = renderWithTheme(<TimeseriesChart {...props} />);
      clickOn(markOf('point', 'SUM(num), girl', 0));
      clickOn(markOf('point', 'SUM(num), boy', 2));
      expect(selections).toEqual([
        { clauses: [{ column: 'gender', values: ['girl'] }], values: [['girl']], label: 'girl' },
        { clauses: [{ column: 'gender', values: ['boy'] }], values: [['boy']], label: 'boy' },
      ]);
      rerender(<TimeseriesChart {...props} crossFilterValues={[['boy']]} />);
      clickOn(markOf('point', 'SUM(num), boy', 1));
      expect(selections[2]).toBeNull();
    },
  );

  it('a stacked bar of a series emits its group-by value, as Superset does rather than the x value', () => {
    const selections: unknown[] = [];
    renderWithTheme(
      <TimeseriesChart
        {...rendererProps('echarts_timeseries_bar', births, { x_axis: 'ds', groupby: ['gender'], stack: 'Stack' })}
        onCrossFilter={(selection) => selections.push(selection)}
      />,
    );
    clickOn(markOf('bar', 'SUM(num), girl', 1));
    expect(selections).toEqual([{ clauses: [{ column: 'gender', values: ['girl'] }], values: [['girl']], label: 'girl' }]);
  });

  it('a time series without a group-by emits nothing (Superset filters on series dimensions only)', () => {
    const selections: unknown[] = [];
    renderWithTheme(
      <TimeseriesChart {...rendererProps('echarts_timeseries_line', births, { x_axis: 'ds', markerEnable: true })} onCrossFilter={(selection) => selections.push(selection)} />,
    );
    clickOn(markOf('point', 'SUM(num), boy', 0));
    expect(selections).toEqual([]);
  });
});
