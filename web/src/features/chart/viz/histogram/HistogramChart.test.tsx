import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { HistogramChart } from './HistogramChart';

describe('HistogramChart', () => {
  it('draws a bar per bin and group, labelled by the bin', () => {
    const bins = queryData(column('gender', 1, ['boy', 'girl']), column('0 - 10', 0, [3, 4]), column('10 - 20', 0, [5, 1]), column('20 - 30', 0, [2, 0]));
    renderWithTheme(<HistogramChart {...rendererProps('histogram_v2', bins, { column: 'num', groupby: ['gender'] })} />);
    const bars = screen.getAllByTestId(testIds.viz.mark);
    expect(bars).toHaveLength(6);
    expect(bars.filter((bar) => bar.getAttribute('data-series') === 'girl')).toHaveLength(3);
    expect(screen.getByText('10 - 20')).toBeTruthy();
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['boy', 'girl']);
  });
});
