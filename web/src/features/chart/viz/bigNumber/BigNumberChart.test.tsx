import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
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

  it('compares against the value compare_lag rows before the latest', () => {
    const result = bigNumberTrend(queryData(column('ds', 2, weeks.slice(0, 3)), column('m', 0, [200, 50, 100])), 'ds', 2, 'vs 2 weeks');
    expect(result.latestValue).toBe(100);
    expect(result.comparisonText).toBe('-50.0% vs 2 weeks');
  });
});
