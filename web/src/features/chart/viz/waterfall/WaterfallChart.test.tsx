import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { WaterfallChart } from './WaterfallChart';
import { waterfallSteps } from './waterfallSteps';

const changes = queryData(column('quarter', 1, ['Q1', 'Q2', 'Q2', 'Q3']), column('SUM(delta)', 0, [100, -30, -10, 50]));

describe('waterfallSteps', () => {
  it('floats each change from the running total and ends with the total', () => {
    expect(waterfallSteps(changes, 'quarter').map((step) => [step.label, step.kind, step.start, step.end])).toEqual([
      ['Q1', 'increase', 0, 100],
      ['Q2', 'decrease', 100, 60],
      ['Q3', 'increase', 60, 110],
      ['Total', 'total', 0, 110],
    ]);
  });
});

describe('WaterfallChart', () => {
  it('draws one bar per x value plus the total', () => {
    renderWithTheme(<WaterfallChart {...rendererProps('waterfall', changes, { x_axis: 'quarter' })} />);
    expect(screen.getAllByTestId(testIds.viz.mark).map((bar) => bar.getAttribute('data-kind'))).toEqual(['increase', 'decrease', 'increase', 'total']);
  });
});
