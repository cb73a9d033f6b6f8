import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { MixedTimeseriesChart } from './MixedTimeseriesChart';

const years = [Date.UTC(2000, 0, 1), Date.UTC(2001, 0, 1), Date.UTC(2002, 0, 1)];

describe('MixedTimeseriesChart', () => {
  it('draws query A as lines and query B as bars on a right axis', () => {
    const queryA = queryData(column('ds', 2, years), column('SUM(num)', 0, [10, 20, 30]));
    const queryB = queryData(column('ds', 2, years.slice(1)), column('COUNT(*)', 0, [0.5, 0.75]));
    renderWithTheme(
      <MixedTimeseriesChart
        {...rendererProps('mixed_timeseries', [queryA, queryB], { seriesType: 'line', seriesTypeB: 'bar', yAxisIndexB: 1, y_axis_format_secondary: '.0%' })}
      />,
    );
    const marks = screen.getAllByTestId(testIds.viz.mark);
    expect(marks.filter((mark) => mark.getAttribute('data-kind') === 'line').map((mark) => mark.getAttribute('data-series'))).toEqual(['SUM(num)']);
    expect(marks.filter((mark) => mark.getAttribute('data-kind') === 'bar')).toHaveLength(2);
    expect(screen.getAllByText('80%').length).toBeGreaterThan(0);
  });
});
