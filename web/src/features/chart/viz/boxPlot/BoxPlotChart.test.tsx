import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { BoxPlotChart } from './BoxPlotChart';
import { readOutliers } from './boxPlotStatistics';

const statistics = queryData(
  column('region', 1, ['East', 'West']),
  column('sales__mean', 0, [5, 6]),
  column('sales__median', 0, [5, 6]),
  column('sales__max', 0, [9, 10]),
  column('sales__min', 0, [1, 2]),
  column('sales__q1', 0, [3, 4]),
  column('sales__q3', 0, [7, 8]),
  column('sales__count', 0, [10, 12]),
  column('sales__outliers', 1, ['[20, 25]', '[]']),
);

describe('BoxPlotChart', () => {
  it('draws a box per group with its outliers', () => {
    renderWithTheme(<BoxPlotChart {...rendererProps('box_plot', statistics, { columns: ['region'] })} />);
    const marks = screen.getAllByTestId(testIds.viz.mark);
    expect(marks.filter((mark) => mark.getAttribute('data-kind') === 'box').map((box) => box.getAttribute('data-series'))).toEqual(['East', 'West']);
    expect(marks.filter((mark) => mark.getAttribute('data-kind') === 'outlier')).toHaveLength(2);
  });

  it('reads outliers from an Arrow list shown as text', () => {
    expect(readOutliers('[1.5, -2]')).toEqual([1.5, -2]);
    expect(readOutliers('[]')).toEqual([]);
    expect(readOutliers(null)).toEqual([]);
  });
});
