import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps, tooltipContent } from '../rendererTestProps';
import { BoxPlotChart } from './BoxPlotChart';
import { readOutliers } from './boxPlotStatistics';

function statisticColumns(metric: string, values: Record<string, number[]>, outliers: string[]): ReturnType<typeof column>[] {
  return [
    ...['mean', 'median', 'max', 'min', 'q1', 'q3', 'count'].map((statistic) => column(`${metric}__${statistic}`, 0, values[statistic] ?? [])),
    column(`${metric}__outliers`, 1, outliers),
  ];
}

const sales = { mean: [5.5, 6], median: [5, 6], max: [9, 10], min: [1, 2], q1: [3, 4], q3: [7, 8], count: [10, 12] };
const statistics = queryData(column('region', 1, ['East', 'West']), ...statisticColumns('sales', sales, ['[20, 25]', '[]']));

function marksOfKind(kind: string): HTMLElement[] {
  return screen.getAllByTestId(testIds.viz.mark).filter((mark) => mark.getAttribute('data-kind') === kind);
}

describe('BoxPlotChart', () => {
  it('draws a box per group with its outliers, and no legend (as Superset)', () => {
    renderWithTheme(<BoxPlotChart {...rendererProps('box_plot', statistics, { columns: ['region'] })} />);
    expect(marksOfKind('box').map((box) => box.getAttribute('data-series'))).toEqual(['East', 'West']);
    expect(marksOfKind('outlier').map((outlier) => outlier.getAttribute('data-value'))).toEqual(['20', '25']);
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
    expect(marksOfKind('box')[0]?.getAttribute('fill')).not.toBe(marksOfKind('box')[1]?.getAttribute('fill'));
  });

  it("shows Superset's statistics in number_format, the observations and the outliers in the tooltip", () => {
    renderWithTheme(<BoxPlotChart {...rendererProps('box_plot', statistics, { columns: ['region'], number_format: ',.1f' })} />);
    fireEvent.mouseMove(marksOfKind('box')[0] as Element, { clientX: 100, clientY: 100 });
    expect(tooltipContent()).toEqual({
      title: 'East',
      rows: [
        ['Max', '9.0'],
        ['3rd Quartile', '7.0'],
        ['Mean', '5.5'],
        ['Median', '5.0'],
        ['1st Quartile', '3.0'],
        ['Min', '1.0'],
        ['# Observations', '10'],
        ['# Outliers', '2'],
      ],
    });
    fireEvent.mouseMove(marksOfKind('outlier')[1] as Element, { clientX: 100, clientY: 20 });
    expect(tooltipContent()).toEqual({ title: 'East', rows: [['Outlier', '25.0']] });
  });

  it('names boxes by group and metric when there are several metrics, and dates in date_format', () => {
    const years = [Date.UTC(2000, 0, 1), Date.UTC(2001, 0, 1)];
    const twoMetrics = queryData(column('year', 2, years), ...statisticColumns('sales', sales, ['[]', '[]']), ...statisticColumns('profit', sales, ['[]', '[]']));
    renderWithTheme(<BoxPlotChart {...rendererProps('box_plot', twoMetrics, { columns: ['year'], date_format: '%Y' })} />);
    expect(marksOfKind('box').map((box) => `${box.getAttribute('data-series')}|${box.getAttribute('data-metric')}`)).toEqual([
      '2000|sales',
      '2000|profit',
      '2001|sales',
      '2001|profit',
    ]);
    expect(screen.getByText('2001, profit')).toBeTruthy();
    fireEvent.mouseMove(marksOfKind('box')[1] as Element, { clientX: 100, clientY: 100 });
    expect(tooltipContent().title).toBe('2000, profit');
  });

  it('reads outliers from an Arrow list shown as text', () => {
    expect(readOutliers('[1.5, -2]')).toEqual([1.5, -2]);
    expect(readOutliers('[]')).toEqual([]);
    expect(readOutliers(null)).toEqual([]);
  });
});
