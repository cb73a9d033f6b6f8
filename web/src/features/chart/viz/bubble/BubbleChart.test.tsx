import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { BubbleChart } from './BubbleChart';

describe('BubbleChart', () => {
  it('draws a bubble per entity, larger for larger sizes, with x, y and size in the tooltip', () => {
    const data = queryData(
      column('country', 1, ['France', 'Chad']),
      column('region', 1, ['Europe', 'Africa']),
      column('AVG(life)', 0, [82, 54]),
      column('AVG(gdp)', 0, [41000, 1600]),
      column('SUM(pop)', 0, [67000000, 16000000]),
    );
    renderWithTheme(<BubbleChart {...rendererProps('bubble_v2', data, { entity: 'country', series: 'region', y_axis_format: '.3s' })} />);
    const bubbles = screen.getAllByTestId(testIds.viz.mark);
    expect(bubbles.map((bubble) => bubble.getAttribute('data-series'))).toEqual(['France', 'Chad']);
    expect(Number(bubbles[0]?.getAttribute('r'))).toBeGreaterThan(Number(bubbles[1]?.getAttribute('r')));
    fireEvent.mouseMove(bubbles[0] as Element, { clientX: 5, clientY: 5 });
    expect(screen.getByTestId(testIds.viz.tooltip).textContent).toContain('67.0M');
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['Europe', 'Africa']);
  });
});
