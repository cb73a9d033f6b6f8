import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { numberFormatter } from '../numberFormat';
import { column, queryData, rendererProps, tooltipContent } from '../rendererTestProps';
import { formatBinRange, HistogramChart } from './HistogramChart';

const bins = queryData(column('gender', 1, ['boy', 'girl']), column('0 - 1500', 0, [3, 1]), column('1500 - 3000', 0, [5, 1]), column('3000 - 4500', 0, [2, 0]));

/** Moves the pointer over the first bin (the plot starts 64 px from the SVG's left edge). */
function hoverFirstBin(): void {
  fireEvent.mouseMove(screen.getByTestId(testIds.viz.pointerArea), { clientX: 100, clientY: 100 });
}

describe('HistogramChart', () => {
  it('draws a bar per bin and group, with a legend item per group', () => {
    renderWithTheme(<HistogramChart {...rendererProps('histogram_v2', bins, { column: 'num', groupby: ['gender'] })} />);
    const bars = screen.getAllByTestId(testIds.viz.mark);
    expect(bars).toHaveLength(6);
    expect(bars.filter((bar) => bar.getAttribute('data-series') === 'girl')).toHaveLength(3);
    expect(bars[0]?.getAttribute('data-x')).toBe('0 - 1500');
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['boy', 'girl']);
  });

  it('labels bins with both ends in x_axis_format', () => {
    renderWithTheme(<HistogramChart {...rendererProps('histogram_v2', bins, { groupby: ['gender'], x_axis_format: 'SMART_NUMBER' })} />);
    expect(screen.getByText('1.5k - 3k')).toBeTruthy();
    expect(formatBinRange('-10.5 - 0', numberFormatter(',.1f'))).toBe('-10.5 - 0.0');
    expect(formatBinRange('not a range', numberFormatter(',.1f'))).toBe('not a range');
  });

  it("shows each group's count in y_axis_format with its share of the bin, then the bin's total", () => {
    renderWithTheme(<HistogramChart {...rendererProps('histogram_v2', bins, { groupby: ['gender'], y_axis_format: ',.1f' })} />);
    hoverFirstBin();
    expect(tooltipContent()).toEqual({
      title: '0 - 1.5k',
      rows: [
        ['boy', '3.0', '75.00%'],
        ['girl', '1.0', '25.00%'],
        ['Total', '4.0', '100.00%'],
      ],
    });
  });

  it('hides a group from the legend, its bars and the tooltip', () => {
    renderWithTheme(<HistogramChart {...rendererProps('histogram_v2', bins, { groupby: ['gender'] })} />);
    fireEvent.click(screen.getByRole('button', { name: 'girl' }));
    expect(screen.getAllByTestId(testIds.viz.mark).every((bar) => bar.getAttribute('data-series') === 'boy')).toBe(true);
    hoverFirstBin();
    expect(tooltipContent().rows).toEqual([
      ['boy', '3', '100.00%'],
      ['Total', '3', '100.00%'],
    ]);
  });

  it('leaves shares out when normalized or without groups, and hides the legend with show_legend off', () => {
    const single = queryData(column('0 - 10', 0, [0.25]), column('10 - 20', 0, [0.75]));
    renderWithTheme(<HistogramChart {...rendererProps('histogram_v2', single, { column: 'num', normalize: true, show_legend: false })} />);
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
    hoverFirstBin();
    expect(tooltipContent()).toEqual({ title: '0 - 10', rows: [['num', '25.00%']] });
  });
});
