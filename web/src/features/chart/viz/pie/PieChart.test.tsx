import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { buildTheme } from '@/theme/tokens';
import { noResultsMessage } from '../ChartEmptyState';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { PieChart } from './PieChart';

const births = queryData(column('gender', 1, ['girl', 'boy']), column('SUM(num)', 0, [32546308, 48133355]));

describe('PieChart', () => {
  it('draws a slice per category, largest first, with key labels and a legend', () => {
    renderWithTheme(<PieChart {...rendererProps('pie', births, { groupby: ['gender'], metric: 'SUM(num)' })} />);
    const slices = screen.getAllByTestId(testIds.viz.mark);
    expect(slices.map((slice) => slice.getAttribute('data-series'))).toEqual(['boy', 'girl']);
    expect(slices.map((slice) => slice.getAttribute('data-value'))).toEqual(['48133355', '32546308']);
    expect(screen.getAllByTestId(testIds.viz.label).map((label) => label.textContent)).toEqual(['boy', 'girl']);
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['boy', 'girl']);
  });

  it('labels with value and percent and shows the value in the tooltip', () => {
    renderWithTheme(
      <PieChart {...rendererProps('pie', births, { groupby: ['gender'], label_type: 'key_value_percent', number_format: '.3s', donut: true })} />,
    );
    expect(screen.getAllByTestId(testIds.viz.label)[0]?.textContent).toBe('boy: 48.1M (59.66%)');
    fireEvent.mouseMove(screen.getAllByTestId(testIds.viz.mark)[1] as Element, { clientX: 10, clientY: 10 });
    expect(screen.getByTestId(testIds.viz.tooltip).textContent).toContain('32.5M (40.34%)');
  });

  it('renders in the dark theme with its surface as slice borders', () => {
    renderWithTheme(<PieChart {...rendererProps('pie', births, { groupby: ['gender'] })} theme={buildTheme('dark')} />);
    expect(screen.getAllByTestId(testIds.viz.mark)[0]?.getAttribute('stroke')).toBe('#1F1F1F');
  });

  it('shows the empty state for no rows', () => {
    renderWithTheme(<PieChart {...rendererProps('pie', queryData(column('gender', 1, []), column('SUM(num)', 0, [])))} />);
    expect(screen.getByText(noResultsMessage)).toBeTruthy();
  });
});
