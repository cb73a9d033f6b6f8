import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { buildTheme } from '@/theme/tokens';
import { noResultsMessage } from '../ChartEmptyState';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { BigNumberChart } from './BigNumberChart';
import { BigNumberTotalChart } from './BigNumberTotalChart';
import { bigNumberTrend } from './bigNumberTrend';

const weeks = [Date.UTC(2008, 0, 6), Date.UTC(2008, 0, 13), Date.UTC(2008, 0, 20), Date.UTC(2008, 0, 27)];
const trend = queryData(column('ds', 2, weeks), column('SUM(num)', 0, [1000, 1200, 1500, null]));

describe('BigNumberTotalChart', () => {
  it('shows the formatted total and the subheader', () => {
    renderWithTheme(
      <BigNumberTotalChart {...rendererProps('big_number_total', queryData(column('SUM(num)', 0, [80679663])), { y_axis_format: ',d', subheader: 'births' })} />,
    );
    expect(screen.getByTestId(testIds.viz.bigNumber).textContent).toBe('80,679,663');
    expect(screen.getByTestId(testIds.viz.subheader).textContent).toBe('births');
  });

  it('uses SMART_NUMBER by default and "No data" for null', () => {
    const { unmount } = renderWithTheme(<BigNumberTotalChart {...rendererProps('big_number_total', queryData(column('SUM(num)', 0, [80679663])))} />);
    expect(screen.getByTestId(testIds.viz.bigNumber).textContent).toBe('80.7M');
    unmount();
    renderWithTheme(<BigNumberTotalChart {...rendererProps('big_number_total', queryData(column('SUM(num)', 0, [null])))} />);
    expect(screen.getByTestId(testIds.viz.bigNumber).textContent).toBe('No data');
  });

  it('shows a temporal metric, or any metric with force_timestamp_formatting, as a date in time_format', () => {
    const latest = queryData(column('MAX(ds)', 2, [Date.UTC(2008, 0, 20)]));
    const { unmount } = renderWithTheme(<BigNumberTotalChart {...rendererProps('big_number_total', latest, { time_format: '%Y-%m-%d' })} />);
    expect(screen.getByTestId(testIds.viz.bigNumber).textContent).toBe('2008-01-20');
    unmount();
    const epoch = queryData(column('MAX(ts)', 0, [Date.UTC(2008, 0, 20)]));
    renderWithTheme(<BigNumberTotalChart {...rendererProps('big_number_total', epoch, { force_timestamp_formatting: true, time_format: '%b %d, %Y' })} />);
    expect(screen.getByTestId(testIds.viz.bigNumber).textContent).toBe('Jan 20, 2008');
  });

  it('takes the number and subheader colours from the dark tokens', () => {
    const light = buildTheme('default');
    const dark = buildTheme('dark');
    const total = queryData(column('SUM(num)', 0, [80679663]));
    renderWithTheme(<BigNumberTotalChart {...rendererProps('big_number_total', total, { subheader: 'births' })} theme={dark} />, 'dark');
    expect(getComputedStyle(screen.getByTestId(testIds.viz.bigNumber)).color.toUpperCase()).toBe(dark.colors.text);
    expect(getComputedStyle(screen.getByTestId(testIds.viz.subheader)).color.toUpperCase()).toBe(dark.colors.textMuted);
    expect(dark.colors.text).not.toBe(light.colors.text);
  });

  it('shows the empty state for a result without rows', () => {
    renderWithTheme(<BigNumberTotalChart {...rendererProps('big_number_total', queryData(column('SUM(num)', 0, [])))} />);
    expect(screen.getByTestId(testIds.chart.empty).textContent).toBe(noResultsMessage);
    expect(screen.queryByTestId(testIds.viz.bigNumber)).toBeNull();
  });
});

describe('BigNumberChart', () => {
  it('shows the latest present value, the change against compare_lag, and a trendline', () => {
    renderWithTheme(<BigNumberChart {...rendererProps('big_number', trend, { x_axis: 'ds', compare_lag: 2, compare_suffix: 'WoW', y_axis_format: ',d' })} />);
    expect(screen.getByTestId(testIds.viz.bigNumber).textContent).toBe('1,500');
    expect(screen.getByTestId(testIds.viz.subheader).textContent).toBe('+25.0% WoW');
    expect(screen.getAllByTestId(testIds.viz.mark)).toHaveLength(1);
    fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), { clientX: 0, clientY: 10 });
    expect(screen.getByTestId(testIds.viz.tooltip).textContent).toContain('1,000');
  });

  it('shows the time in the time grain\'s format and the value in y_axis_format in the tooltip, the timestamp above the number', () => {
    const formData = { x_axis: 'ds', time_grain_sqla: 'P1W', y_axis_format: ',.1f', show_timestamp: true };
    renderWithTheme(<BigNumberChart {...rendererProps('big_number', trend, formData)} />);
    // The latest present value is the third week's.
    expect(screen.getByText('2008 W03')).toBeTruthy();
    expect(screen.getByTestId(testIds.viz.bigNumber).textContent).toBe('1,500.0');
    fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), { clientX: 0, clientY: 10 });
    const tooltip = screen.getByTestId(testIds.viz.tooltip);
    expect(tooltip.querySelector('strong')?.textContent).toBe('2008 W01');
    expect(tooltip.textContent).toContain('SUM(num)1,000.0');
  });

  it('applies a time_format as it is, and draws the trendline in the fixed colour', () => {
    const formData = { x_axis: 'ds', time_format: '%d %b', color_picker: { r: 200, g: 10, b: 20, a: 0.5 } };
    renderWithTheme(<BigNumberChart {...rendererProps('big_number', trend, formData)} />);
    expect(screen.getAllByTestId(testIds.viz.mark)[0]?.getAttribute('stroke')).toBe('rgba(200,10,20,0.5)');
    fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), { clientX: 600, clientY: 10 });
    expect(screen.getByTestId(testIds.viz.tooltip).querySelector('strong')?.textContent).toBe('20 Jan');
  });

  it('draws the trendline in the default chart colour rgba(0,122,135,1) without a fixed colour', () => {
    renderWithTheme(<BigNumberChart {...rendererProps('big_number', trend, { x_axis: 'ds' })} />);
    expect(screen.getAllByTestId(testIds.viz.mark)[0]?.getAttribute('stroke')).toBe('rgba(0,122,135,1)');
  });

  it('takes the number, subheader and tooltip colours from the dark tokens', () => {
    const dark = buildTheme('dark');
    renderWithTheme(<BigNumberChart {...rendererProps('big_number', trend, { x_axis: 'ds', compare_lag: 1 })} theme={dark} />, 'dark');
    expect(getComputedStyle(screen.getByTestId(testIds.viz.bigNumber)).color.toUpperCase()).toBe(dark.colors.text);
    expect(getComputedStyle(screen.getByTestId(testIds.viz.subheader)).color.toUpperCase()).toBe(dark.colors.textMuted);
    fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), { clientX: 0, clientY: 10 });
    const tooltipBox = screen.getByTestId(testIds.viz.tooltip).parentElement as HTMLElement;
    expect(tooltipBox.style.background.toUpperCase()).toBe(dark.colors.surface);
    expect(tooltipBox.style.color.toUpperCase()).toBe(dark.colors.text);
  });

  it('shows "No data" when every value is null, and the empty state without rows', () => {
    const nulls = queryData(column('ds', 2, weeks.slice(0, 2)), column('SUM(num)', 0, [null, null]));
    const { unmount } = renderWithTheme(<BigNumberChart {...rendererProps('big_number', nulls, { x_axis: 'ds' })} />);
    expect(screen.getByTestId(testIds.viz.bigNumber).textContent).toBe('No data');
    unmount();
    renderWithTheme(<BigNumberChart {...rendererProps('big_number', queryData(column('ds', 2, []), column('SUM(num)', 0, [])), { x_axis: 'ds' })} />);
    expect(screen.getByTestId(testIds.chart.empty).textContent).toBe(noResultsMessage);
    expect(screen.queryByTestId(testIds.viz.bigNumber)).toBeNull();
  });

  it('compares against the value compare_lag rows before the latest', () => {
    const result = bigNumberTrend(queryData(column('ds', 2, weeks.slice(0, 3)), column('m', 0, [200, 50, 100])), 'ds', 2, 'vs 2 weeks');
    expect(result.latestValue).toBe(100);
    expect(result.comparisonText).toBe('-50.0% vs 2 weeks');
  });
});
