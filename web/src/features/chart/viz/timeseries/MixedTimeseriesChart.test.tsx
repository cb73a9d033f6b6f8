import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { buildTheme } from '@/theme/tokens';
import { noResultsMessage } from '../ChartEmptyState';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { MixedTimeseriesChart } from './MixedTimeseriesChart';

const years = [Date.UTC(2000, 0, 1), Date.UTC(2001, 0, 1), Date.UTC(2002, 0, 1)];
const queryA = queryData(column('ds', 2, years), column('SUM(num)', 0, [10, 20, 30]));
const queryB = queryData(column('ds', 2, years.slice(1)), column('COUNT(*)', 0, [0.5, 0.75]));
/** Query A as lines on the left axis, query B as bars on the right one. */
const linesAndBars = { x_axis: 'ds', seriesType: 'line', seriesTypeB: 'bar', yAxisIndexB: 1, y_axis_format: ',.1f', y_axis_format_secondary: '.0%' };

function marksOf(kind: string): Element[] {
  return screen.queryAllByTestId(testIds.viz.mark).filter((mark) => mark.getAttribute('data-kind') === kind);
}

function legendLabels(): (string | null)[] {
  return screen.queryAllByTestId(testIds.viz.legendItem).map((item) => item.textContent);
}

/** The pointer over 2000, the first of three years, on the 600 px wide chart. */
const pointerOver2000 = { clientX: 70, clientY: 100 };
/** Over 2002, the last year: the plot ends 64 px before the right edge, where the right axis is. */
const pointerOver2002 = { clientX: 520, clientY: 100 };

describe('MixedTimeseriesChart', () => {
  it('draws query A as lines and query B as bars on a right axis', () => {
    renderWithTheme(<MixedTimeseriesChart {...rendererProps('mixed_timeseries', [queryA, queryB], linesAndBars)} />);
    expect(marksOf('line').map((mark) => mark.getAttribute('data-series'))).toEqual(['SUM(num)']);
    expect(marksOf('bar')).toHaveLength(2);
    expect(screen.getAllByText('80%').length).toBeGreaterThan(0);
  });

  it('has a legend item per series of both queries that hides and shows it, with the query identifiers when asked', () => {
    const { unmount } = renderWithTheme(<MixedTimeseriesChart {...rendererProps('mixed_timeseries', [queryA, queryB], linesAndBars)} />);
    expect(legendLabels()).toEqual(['SUM(num)', 'COUNT(*)']);
    fireEvent.click(screen.getByRole('button', { name: 'COUNT(*)' }));
    expect(marksOf('bar')).toHaveLength(0);
    expect(marksOf('line')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'COUNT(*)' }));
    expect(marksOf('bar')).toHaveLength(2);
    unmount();

    const { unmount: unmountIdentified } = renderWithTheme(
      <MixedTimeseriesChart {...rendererProps('mixed_timeseries', [queryA, queryB], { ...linesAndBars, show_query_identifiers: true })} />,
    );
    expect(legendLabels()).toEqual(['SUM(num) (Query A)', 'COUNT(*) (Query B)']);
    unmountIdentified();

    renderWithTheme(<MixedTimeseriesChart {...rendererProps('mixed_timeseries', [queryA, queryB], { ...linesAndBars, show_legend: false })} />);
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
    expect(marksOf('bar')).toHaveLength(2);
  });

  it('tells apart series of the same name in the two queries', () => {
    renderWithTheme(<MixedTimeseriesChart {...rendererProps('mixed_timeseries', [queryA, queryA], { x_axis: 'ds' })} />);
    expect(legendLabels()).toEqual(['SUM(num)', 'SUM(num) (Query B)']);
  });

  it("formats each series in its axis' format and the time in tooltipTimeFormat, N/A where a query has no value", () => {
    renderWithTheme(
      <MixedTimeseriesChart {...rendererProps('mixed_timeseries', [queryA, queryB], { ...linesAndBars, tooltipTimeFormat: '%Y-%m-%d' })} />,
    );
    const pointerArea = screen.getByTestId(testIds.viz.pointerArea);
    fireEvent.mouseMove(pointerArea, pointerOver2000);
    let tooltip = screen.getByTestId(testIds.viz.tooltip);
    expect(tooltip.querySelector('strong')?.textContent).toBe('2000-01-01');
    expect(tooltip.textContent).toContain('SUM(num)10.0');
    expect(tooltip.textContent).toContain('COUNT(*)N/A');
    fireEvent.mouseMove(pointerArea, pointerOver2002);
    tooltip = screen.getByTestId(testIds.viz.tooltip);
    expect(tooltip.querySelector('strong')?.textContent).toBe('2002-01-01');
    expect(tooltip.textContent).toContain('SUM(num)30.0');
    expect(tooltip.textContent).toContain('COUNT(*)75%');
  });

  it('formats query B in y_axis_format when it shares the left axis', () => {
    renderWithTheme(<MixedTimeseriesChart {...rendererProps('mixed_timeseries', [queryA, queryB], { ...linesAndBars, yAxisIndexB: 0 })} />);
    fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), { clientX: 584, clientY: 100 });
    expect(screen.getByTestId(testIds.viz.tooltip).textContent).toContain('COUNT(*)0.8');
    expect(screen.getByTestId(testIds.viz.plot).querySelector('.visx-axis-right')).toBeNull();
  });

  it("draws each query's markers with its own markerEnable and markerSize", () => {
    renderWithTheme(
      <MixedTimeseriesChart
        {...rendererProps('mixed_timeseries', [queryA, queryB], {
          x_axis: 'ds',
          seriesType: 'line',
          seriesTypeB: 'line',
          markerEnable: false,
          markerEnableB: true,
          markerSizeB: 10,
        })}
      />,
    );
    const points = marksOf('point');
    expect(points.map((point) => point.getAttribute('data-series'))).toEqual(['COUNT(*)', 'COUNT(*)']);
    expect(points.map((point) => point.getAttribute('r'))).toEqual(['5', '5']);
  });

  it('takes its axes, legend and tooltip colours from the dark tokens', () => {
    const dark = buildTheme('dark');
    renderWithTheme(<MixedTimeseriesChart {...rendererProps('mixed_timeseries', [queryA, queryB], linesAndBars)} theme={dark} />, 'dark');
    const plot = screen.getByTestId(testIds.viz.plot);
    const axisLines = [...plot.querySelectorAll('.visx-axis-line')].map((line) => line.getAttribute('stroke'));
    // The time axis, the left value axis and the right one.
    expect(axisLines).toEqual([dark.colors.border, dark.colors.border, dark.colors.border]);
    expect(plot.querySelector('.visx-axis-right .visx-axis-tick text')?.getAttribute('fill')).toBe(dark.colors.textMuted);
    expect(getComputedStyle(screen.getAllByTestId(testIds.viz.legendItem)[0] as HTMLElement).color.toUpperCase()).toBe(dark.colors.text);
    fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), pointerOver2000);
    const tooltipBox = screen.getByTestId(testIds.viz.tooltip).parentElement as HTMLElement;
    expect(tooltipBox.style.background.toUpperCase()).toBe(dark.colors.surface);
  });

  it('draws the query that has rows when the other has none, and the empty state when neither has', () => {
    const emptyA = queryData(column('ds', 2, []), column('SUM(num)', 0, []));
    const emptyB = queryData(column('ds', 2, []), column('COUNT(*)', 0, []));
    const { unmount } = renderWithTheme(<MixedTimeseriesChart {...rendererProps('mixed_timeseries', [emptyA, queryB], linesAndBars)} />);
    expect(marksOf('bar')).toHaveLength(2);
    expect(legendLabels()).toEqual(['SUM(num)', 'COUNT(*)']);
    unmount();
    renderWithTheme(<MixedTimeseriesChart {...rendererProps('mixed_timeseries', [emptyA, emptyB], linesAndBars)} />);
    expect(screen.getByTestId(testIds.chart.empty).textContent).toBe(noResultsMessage);
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
  });
});
