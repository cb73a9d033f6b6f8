import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps, tooltipContent } from '../rendererTestProps';
import { GaugeChart } from './GaugeChart';

describe('GaugeChart', () => {
  it('shows the formatted value with one pointer and the range ends', () => {
    renderWithTheme(<GaugeChart {...rendererProps('gauge_chart', queryData(column('AVG(score)', 0, [72.5])), { max_val: 100, number_format: ',.1f' })} />);
    expect(screen.getAllByTestId(testIds.viz.mark)).toHaveLength(1);
    expect(screen.getByTestId(testIds.viz.label).textContent).toBe('72.5');
    expect(screen.getByText('100.0')).toBeTruthy();
  });

  it("runs from 0 to twice the largest value by default, as Superset's gauge", () => {
    renderWithTheme(<GaugeChart {...rendererProps('gauge_chart', queryData(column('AVG(score)', 0, [30])), { number_format: ',d' })} />);
    expect(screen.getByText('0')).toBeTruthy();
    expect(screen.getByText('60')).toBeTruthy();
  });

  it('draws a pointer per group without a legend, and shows the group and its value_formatter text in the tooltip', () => {
    const data = queryData(column('gender', 1, ['boy', 'girl']), column('SUM(num)', 0, [1200, 800]));
    renderWithTheme(<GaugeChart {...rendererProps('gauge_chart', data, { groupby: ['gender'], show_legend: true, value_formatter: '{value} births' })} />);
    const pointers = screen.getAllByTestId(testIds.viz.mark);
    expect(pointers.map((pointer) => pointer.getAttribute('data-series'))).toEqual(['boy', 'girl']);
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
    fireEvent.mouseMove(pointers[1] as Element, { clientX: 300, clientY: 200 });
    expect(tooltipContent()).toEqual({ title: 'girl', rows: [['SUM(num)', '800 births']] });
  });
});
