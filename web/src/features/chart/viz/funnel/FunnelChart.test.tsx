import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps, tooltipContent } from '../rendererTestProps';
import { FunnelChart } from './FunnelChart';

const data = queryData(column('stage', 1, ['signup', 'visit', 'buy']), column('COUNT(*)', 0, [400, 1000, 100]));

function steps(): HTMLElement[] {
  return screen.getAllByTestId(testIds.viz.mark);
}

describe('FunnelChart', () => {
  it('orders steps from the widest and labels them with their share of the first', () => {
    renderWithTheme(<FunnelChart {...rendererProps('funnel', data, { groupby: ['stage'], label_type: 'key_percent' })} />);
    expect(steps().map((step) => step.getAttribute('data-series'))).toEqual(['visit', 'signup', 'buy']);
    expect(screen.getAllByTestId(testIds.viz.label).map((label) => label.textContent)).toEqual(['visit: 100.00%', 'signup: 40.00%', 'buy: 10.00%']);
  });

  it('lists the steps in the legend; a click leaves a step out', () => {
    renderWithTheme(<FunnelChart {...rendererProps('funnel', data, { groupby: ['stage'] })} />);
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['visit', 'signup', 'buy']);
    fireEvent.click(screen.getByRole('button', { name: 'signup' }));
    expect(steps().map((step) => step.getAttribute('data-series'))).toEqual(['visit', 'buy']);
    expect(screen.getByRole('button', { name: 'signup' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the value in number_format and its percentage in the tooltip', () => {
    renderWithTheme(<FunnelChart {...rendererProps('funnel', data, { groupby: ['stage'], number_format: ',d', percent_calculation_type: 'prev_step' })} />);
    fireEvent.mouseMove(steps()[1] as Element, { clientX: 300, clientY: 150 });
    expect(tooltipContent()).toEqual({ title: 'signup', rows: [['COUNT(*)', '400 (40.00%)']] });
  });

  it('shows no tooltip with show_tooltip_labels off and no legend with show_legend off', () => {
    renderWithTheme(<FunnelChart {...rendererProps('funnel', data, { groupby: ['stage'], show_tooltip_labels: false, show_legend: false })} />);
    fireEvent.mouseMove(steps()[0] as Element, { clientX: 300, clientY: 50 });
    expect(screen.queryByTestId(testIds.viz.tooltip)).toBeNull();
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
  });
});
