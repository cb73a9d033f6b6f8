import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps, tooltipContent } from '../rendererTestProps';
import { RadarChart } from './RadarChart';

const data = queryData(column('team', 1, ['A', 'B']), column('SUM(goals)', 0, [10, 5]), column('SUM(wins)', 0, [3, 6]), column('SUM(fouls)', 0, [7, null]));

function polygons(): HTMLElement[] {
  return screen.getAllByTestId(testIds.viz.mark);
}

function axisLabels(): string[] {
  return screen.getAllByTestId(testIds.viz.label).map((label) => label.textContent);
}

describe('RadarChart', () => {
  it('draws a polygon per group and an axis label per metric', () => {
    renderWithTheme(<RadarChart {...rendererProps('radar', data, { groupby: ['team'] })} />);
    expect(polygons().map((polygon) => polygon.getAttribute('data-series'))).toEqual(['A', 'B']);
    expect(axisLabels()).toEqual(['SUM(goals)', 'SUM(wins)', 'SUM(fouls)']);
    expect(polygons()[0]?.getAttribute('points')?.split(' ')[0]).toMatch(/^0,-/);
  });

  it('lists the groups in the legend; a click hides a group', () => {
    renderWithTheme(<RadarChart {...rendererProps('radar', data, { groupby: ['team'] })} />);
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['A', 'B']);
    fireEvent.click(screen.getByRole('button', { name: 'A' }));
    expect(polygons().map((polygon) => polygon.getAttribute('data-series'))).toEqual(['B']);
  });

  it('shows every metric in number_format in the tooltip, N/A where missing', () => {
    renderWithTheme(<RadarChart {...rendererProps('radar', data, { groupby: ['team'], number_format: ',.2f' })} />);
    fireEvent.mouseMove(polygons()[1] as Element, { clientX: 300, clientY: 200 });
    expect(tooltipContent()).toEqual({
      title: 'B',
      rows: [
        ['SUM(goals)', '5.00'],
        ['SUM(wins)', '6.00'],
        ['SUM(fouls)', 'N/A'],
      ],
    });
  });

  it('labels values by label_type with show_labels, and names date groups in date_format', () => {
    const yearly = queryData(column('year', 2, [Date.UTC(2001, 0, 1)]), column('SUM(goals)', 0, [10]), column('SUM(wins)', 0, [3]), column('SUM(fouls)', 0, [7]));
    renderWithTheme(<RadarChart {...rendererProps('radar', yearly, { groupby: ['year'], date_format: '%Y', show_labels: true, label_type: 'key_value' })} />);
    expect(polygons()[0]?.getAttribute('data-series')).toBe('2001');
    expect(axisLabels().slice(3)).toEqual(['2001: 10', '2001: 3', '2001: 7']);
  });
});
