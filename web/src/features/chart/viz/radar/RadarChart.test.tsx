import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { RadarChart } from './RadarChart';

describe('RadarChart', () => {
  it('draws a polygon per group and an axis label per metric', () => {
    const data = queryData(column('team', 1, ['A', 'B']), column('SUM(goals)', 0, [10, 5]), column('SUM(wins)', 0, [3, 6]), column('SUM(fouls)', 0, [7, 2]));
    renderWithTheme(<RadarChart {...rendererProps('radar', data, { groupby: ['team'] })} />);
    expect(screen.getAllByTestId(testIds.viz.mark).map((polygon) => polygon.getAttribute('data-series'))).toEqual(['A', 'B']);
    expect(screen.getAllByTestId(testIds.viz.label).map((label) => label.textContent)).toEqual(['SUM(goals)', 'SUM(wins)', 'SUM(fouls)']);
    const firstPoint = screen.getAllByTestId(testIds.viz.mark)[0]?.getAttribute('points')?.split(' ')[0];
    expect(firstPoint).toMatch(/^0,-/);
  });
});
