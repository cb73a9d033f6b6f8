import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { HeatmapChart } from './HeatmapChart';

describe('HeatmapChart', () => {
  it('draws a cell per x and y pair, coloured from low to high, with values', () => {
    const data = queryData(column('state', 1, ['CA', 'CA', 'NY', 'NY']), column('gender', 1, ['boy', 'girl', 'boy', 'girl']), column('SUM(num)', 0, [10, 20, 30, 40]));
    renderWithTheme(<HeatmapChart {...rendererProps('heatmap_v2', data, { x_axis: 'state', groupby: ['gender'], show_values: true, linear_color_scheme: 'white_black' })} />);
    const cells = screen.getAllByTestId(testIds.viz.mark);
    expect(cells).toHaveLength(4);
    expect(cells[0]?.getAttribute('fill')).toBe('rgb(255, 255, 255)');
    expect(cells[3]?.getAttribute('fill')).toBe('rgb(0, 0, 0)');
    expect(screen.getAllByTestId(testIds.viz.label).map((label) => label.textContent)).toEqual(['10', '20', '30', '40']);
  });
});
