import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps, tooltipContent } from '../rendererTestProps';
import { BubbleChart } from './BubbleChart';

const data = queryData(
  column('country', 1, ['France', 'Chad', 'Spain']),
  column('region', 1, ['Europe', 'Africa', 'Europe']),
  column('AVG(life)', 0, [82, 54, 83]),
  column('AVG(gdp)', 0, [41000, 1600, 30000]),
  column('SUM(pop)', 0, [67000000, 16000000, 47000000]),
);

function bubbles(): HTMLElement[] {
  return screen.getAllByTestId(testIds.viz.mark);
}

describe('BubbleChart', () => {
  it('draws a bubble per entity, larger for larger sizes, with a legend item per series', () => {
    renderWithTheme(<BubbleChart {...rendererProps('bubble_v2', data, { entity: 'country', series: 'region' })} />);
    expect(bubbles().map((bubble) => bubble.getAttribute('data-series'))).toEqual(['France', 'Spain', 'Chad']);
    expect(Number(bubbles()[0]?.getAttribute('r'))).toBeGreaterThan(Number(bubbles()[2]?.getAttribute('r')));
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['Europe', 'Africa']);
  });

  it('shows x in xAxisFormat, y in y_axis_format and the size in tooltipSizeFormat under "series (entity)"', () => {
    renderWithTheme(
      <BubbleChart {...rendererProps('bubble_v2', data, { entity: 'country', series: 'region', xAxisFormat: '.1f', y_axis_format: '$,d', tooltipSizeFormat: '.3s' })} />,
    );
    fireEvent.mouseMove(bubbles()[0] as Element, { clientX: 5, clientY: 5 });
    expect(tooltipContent()).toEqual({
      title: 'Europe (France)',
      rows: [
        ['AVG(life)', '82.0'],
        ['AVG(gdp)', '$41,000'],
        ['SUM(pop)', '67.0M'],
      ],
    });
  });

  it('hides a series with its legend item and names bubbles by entity alone without series', () => {
    const { unmount } = renderWithTheme(<BubbleChart {...rendererProps('bubble_v2', data, { entity: 'country', series: 'region' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Europe' }));
    expect(bubbles().map((bubble) => bubble.getAttribute('data-series'))).toEqual(['Chad']);
    unmount();
    renderWithTheme(<BubbleChart {...rendererProps('bubble_v2', data, { entity: 'country' })} />);
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['France', 'Chad', 'Spain']);
    fireEvent.mouseMove(bubbles()[0] as Element, { clientX: 5, clientY: 5 });
    expect(tooltipContent().title).toBe('France');
  });
});
