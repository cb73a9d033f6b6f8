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

  it('renders in the dark theme with its surface as slice borders, its text colour on outside labels', () => {
    const dark = buildTheme('dark');
    renderWithTheme(<PieChart {...rendererProps('pie', births, { groupby: ['gender'] })} theme={dark} />, 'dark');
    expect(screen.getAllByTestId(testIds.viz.mark)[0]?.getAttribute('stroke')).toBe('#1F1F1F');
    expect(screen.getAllByTestId(testIds.viz.label)[0]?.getAttribute('fill')).toBe(dark.colors.text);
    expect(getComputedStyle(screen.getAllByTestId(testIds.viz.legendItem)[0] as HTMLElement).color.toUpperCase()).toBe(dark.colors.text);
    fireEvent.mouseMove(screen.getAllByTestId(testIds.viz.mark)[0] as Element, { clientX: 10, clientY: 10 });
    expect((screen.getByTestId(testIds.viz.tooltip).parentElement as HTMLElement).style.background.toUpperCase()).toBe(dark.colors.surface);
  });

  it('cuts out the middle of a donut: innerRadius percent of the radius', () => {
    const arcCommands = (path: string | null): string[] => (path ?? '').match(/A[\d.]+/g) ?? [];
    const { unmount } = renderWithTheme(<PieChart {...rendererProps('pie', births, { groupby: ['gender'] })} />);
    // A pie slice is one arc and two radii from the centre.
    expect(arcCommands(screen.getAllByTestId(testIds.viz.mark)[0]?.getAttribute('d') ?? null)).toHaveLength(1);
    unmount();
    renderWithTheme(<PieChart {...rendererProps('pie', births, { groupby: ['gender'], donut: true, innerRadius: 50, outerRadius: 80 })} />);
    // The plot is 600 x 372 (400 less the legend): radius 186, outer arc at 80 percent, inner at 50.
    const arcs = arcCommands(screen.getAllByTestId(testIds.viz.mark)[0]?.getAttribute('d') ?? null);
    expect(arcs.map((arc) => Number(arc.slice(1)))).toEqual([148.8, 93]);
  });

  it('has no legend with show_legend off', () => {
    renderWithTheme(<PieChart {...rendererProps('pie', births, { groupby: ['gender'], show_legend: false })} />);
    expect(screen.queryByTestId(testIds.viz.legend)).toBeNull();
    expect(screen.getAllByTestId(testIds.viz.mark)).toHaveLength(2);
  });

  it('hides a slice from the legend and shares the rest as the whole', () => {
    renderWithTheme(<PieChart {...rendererProps('pie', births, { groupby: ['gender'], label_type: 'key_percent' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'girl' }));
    expect(screen.getAllByTestId(testIds.viz.mark).map((slice) => slice.getAttribute('data-series'))).toEqual(['boy']);
    expect(screen.getAllByTestId(testIds.viz.label)[0]?.textContent).toBe('boy: 100.00%');
  });

  it('labels temporal groups in date_format, adaptive by default, and cross-filters by the date', () => {
    const yearly = queryData(column('ds', 2, [Date.UTC(2008, 0, 1), Date.UTC(2009, 2, 1)]), column('SUM(num)', 0, [10, 20]));
    const selections: unknown[] = [];
    const { unmount } = renderWithTheme(
      <PieChart {...rendererProps('pie', yearly, { groupby: ['ds'] })} onCrossFilter={(selection) => selections.push(selection)} />,
    );
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['March', '2008']);
    fireEvent.click(screen.getAllByTestId(testIds.viz.mark)[1] as Element);
    expect(selections).toEqual([expect.objectContaining({ clauses: [{ column: 'ds', values: ['2008-01-01'] }], values: ['2008-01-01'] })]);
    unmount();
    renderWithTheme(<PieChart {...rendererProps('pie', yearly, { groupby: ['ds'], date_format: '%Y-%m' })} />);
    expect(screen.getAllByTestId(testIds.viz.legendItem).map((item) => item.textContent)).toEqual(['2009-03', '2008-01']);
  });

  it('shows the empty state for no rows', () => {
    renderWithTheme(<PieChart {...rendererProps('pie', queryData(column('gender', 1, []), column('SUM(num)', 0, [])))} />);
    expect(screen.getByText(noResultsMessage)).toBeTruthy();
  });
});
