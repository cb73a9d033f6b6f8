import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { GaugeChart } from './GaugeChart';

describe('GaugeChart', () => {
  it('shows the formatted value with one pointer and the range ends', () => {
    renderWithTheme(<GaugeChart {...rendererProps('gauge_chart', queryData(column('AVG(score)', 0, [72.5])), { max_val: 100, number_format: ',.1f' })} />);
    expect(screen.getAllByTestId(testIds.viz.mark)).toHaveLength(1);
    expect(screen.getByTestId(testIds.viz.label).textContent).toBe('72.5');
    expect(screen.getByText('100.0')).toBeTruthy();
  });
});
