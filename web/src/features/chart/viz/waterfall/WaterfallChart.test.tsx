import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps, tooltipContent } from '../rendererTestProps';
import { timeFormatter } from '../timeFormat';
import { WaterfallChart } from './WaterfallChart';
import { waterfallSteps } from './waterfallSteps';

const changes = queryData(column('quarter', 1, ['Q1', 'Q2', 'Q2', 'Q3']), column('SUM(delta)', 0, [100, -30, -10, 50]));
const byRegion = queryData(column('quarter', 1, ['Q1', 'Q1', 'Q2']), column('region', 1, ['East', 'West', 'East']), column('SUM(delta)', 0, [100, -30, 20]));

function bars(): HTMLElement[] {
  return screen.getAllByTestId(testIds.viz.mark);
}

describe('waterfallSteps', () => {
  it('floats each change from the running total and ends with the total', () => {
    expect(waterfallSteps(changes, { xAxisName: 'quarter' }).map((step) => [step.label, step.kind, step.start, step.end])).toEqual([
      ['Q1', 'increase', 0, 100],
      ['Q2', 'decrease', 100, 60],
      ['Q3', 'increase', 60, 110],
      ['Total', 'total', 0, 110],
    ]);
  });

  it('sums by the x value and labels dates in the given format', () => {
    const monthly = queryData(column('ds', 2, [Date.UTC(2000, 0, 1), Date.UTC(2000, 1, 1)]), column('SUM(delta)', 0, [5, 7]));
    expect(waterfallSteps(monthly, { xAxisName: 'ds', showTotal: false, formatTime: timeFormatter('%Y') }).map((step) => [step.label, step.value])).toEqual([
      ['2000', 5],
      ['2000', 7],
    ]);
  });

  it('with a breakdown, makes each breakdown value a change and ends each period with its running total', () => {
    const steps = waterfallSteps(byRegion, { xAxisName: 'quarter', breakdownName: 'region' });
    expect(steps.map((step) => [step.label, step.kind, step.start, step.end])).toEqual([
      ['East', 'increase', 0, 100],
      ['West', 'decrease', 100, 70],
      ['Q1', 'total', 0, 70],
      ['East', 'increase', 70, 90],
      ['Q2', 'total', 0, 90],
    ]);
    expect(waterfallSteps(byRegion, { xAxisName: 'quarter', breakdownName: 'region', showTotal: false }).map((step) => step.kind)).toEqual([
      'increase',
      'decrease',
      'increase',
    ]);
  });
});

describe('WaterfallChart', () => {
  it('draws one bar per x value plus the total, with no legend by default (as Superset)', () => {
    renderWithTheme(<WaterfallChart {...rendererProps('waterfall', changes, { x_axis: 'quarter' })} />);
    expect(bars().map((bar) => bar.getAttribute('data-kind'))).toEqual(['increase', 'decrease', 'increase', 'total']);
    expect(bars().map((bar) => bar.getAttribute('fill'))).toEqual(['rgba(90,193,137,1)', 'rgba(224,67,85,1)', 'rgba(90,193,137,1)', 'rgba(102,102,102,1)']);
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
  });

  it('names Increase, Decrease and Total in the legend; a click hides those bars', () => {
    renderWithTheme(<WaterfallChart {...rendererProps('waterfall', changes, { x_axis: 'quarter', show_legend: true })} />);
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['Increase', 'Decrease', 'Total']);
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(bars().map((bar) => bar.getAttribute('data-kind'))).toEqual(['decrease', 'total']);
  });

  it('shows a change and the running total in y_axis_format in the tooltip; the total bar its total alone', () => {
    renderWithTheme(<WaterfallChart {...rendererProps('waterfall', changes, { x_axis: 'quarter', y_axis_format: '+,.1f' })} />);
    fireEvent.mouseMove(bars()[1] as Element, { clientX: 200, clientY: 100 });
    expect(tooltipContent()).toEqual({
      title: 'Q2',
      rows: [
        ['Decrease', '-40.0'],
        ['Total', '+60.0'],
      ],
    });
    fireEvent.mouseMove(bars()[3] as Element, { clientX: 500, clientY: 100 });
    expect(tooltipContent()).toEqual({ title: '', rows: [['Total', '+110.0']] });
  });

  it('titles a breakdown total with its period in the tooltip', () => {
    renderWithTheme(<WaterfallChart {...rendererProps('waterfall', byRegion, { x_axis: 'quarter', groupby: ['region'] })} />);
    expect(bars().map((bar) => bar.getAttribute('data-series'))).toEqual(['East', 'West', 'Q1', 'East', 'Q2']);
    fireEvent.mouseMove(bars()[2] as Element, { clientX: 250, clientY: 100 });
    expect(tooltipContent()).toEqual({ title: 'Q1', rows: [['Total', '70']] });
  });

  it('labels a temporal x axis in x_axis_time_format and shows values on the bars with show_value', () => {
    const monthly = queryData(column('ds', 2, [Date.UTC(2000, 0, 1), Date.UTC(2000, 1, 1)]), column('SUM(delta)', 0, [5, -7]));
    renderWithTheme(<WaterfallChart {...rendererProps('waterfall', monthly, { x_axis: 'ds', x_axis_time_format: '%b %Y', show_value: true })} />);
    expect(bars().map((bar) => bar.getAttribute('data-series'))).toEqual(['Jan 2000', 'Feb 2000', 'Total']);
    expect(screen.getAllByTestId(testIds.viz.label).map((label) => label.textContent)).toEqual(['5', '-7', '-2']);
  });
});
