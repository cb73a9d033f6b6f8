import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { FunnelChart } from './FunnelChart';

describe('FunnelChart', () => {
  it('orders steps from the widest and labels them with their share of the first', () => {
    const data = queryData(column('stage', 1, ['signup', 'visit', 'buy']), column('COUNT(*)', 0, [400, 1000, 100]));
    renderWithTheme(<FunnelChart {...rendererProps('funnel', data, { groupby: ['stage'], label_type: 'key_percent' })} />);
    expect(screen.getAllByTestId(testIds.viz.mark).map((step) => step.getAttribute('data-series'))).toEqual(['visit', 'signup', 'buy']);
    expect(screen.getAllByTestId(testIds.viz.label).map((label) => label.textContent)).toEqual(['visit: 100.00%', 'signup: 40.00%', 'buy: 10.00%']);
  });
});
