import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { brandColors, buildTheme } from '@/theme/tokens';
import { noResultsMessage } from '../ChartEmptyState';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { PivotTableChart } from './PivotTableChart';
import { giveElementsHeight } from '@/testLayout';

const births = queryData(
  column('state', 1, ['CA', 'CA', 'NY']),
  column('gender', 1, ['boy', 'girl', 'boy']),
  column('SUM(num)', 0, [1000, 2500, 4000]),
);

const formData = { groupbyRows: ['state', 'gender'], groupbyColumns: [], rowSubTotals: true, colTotals: true, valueFormat: ',d' };

function rowTexts(): string[] {
  return screen.getAllByTestId(testIds.viz.pivotRow).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent).join(' '));
}

describe('PivotTableChart', () => {
  giveElementsHeight();

  it('shows formatted cells, subtotals and the total row', () => {
    renderWithTheme(<PivotTableChart {...rendererProps('pivot_table_v2', births, formData)} />);
    expect(rowTexts()).toEqual(['3,500', '1,000', '2,500', '4,000', '4,000', '7,500']);
    expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toEqual(['▾ CA', 'boy', 'girl', '▾ NY', 'boy', 'Total']);
  });

  it('collapses a row group on click', () => {
    renderWithTheme(<PivotTableChart {...rendererProps('pivot_table_v2', births, formData)} />);
    fireEvent.click(screen.getAllByTestId(testIds.viz.pivotToggle)[0] as HTMLElement);
    expect(rowTexts()).toEqual(['3,500', '4,000', '4,000', '7,500']);
    expect(screen.getAllByTestId(testIds.viz.pivotToggle)[0]?.getAttribute('aria-expanded')).toBe('false');
  });

  /** Each value cell's background, by row header: "CA: #ACE1C4FF | -". */
  function cellBackgrounds(): string[] {
    return screen.getAllByTestId(testIds.viz.pivotRow).map((row) => {
      const header = within(row).getByRole('rowheader').textContent.replace(/^[▾▸] /, '');
      const colours = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.style.backgroundColor.toUpperCase() || '-');
      return `${header}: ${colours.join(' | ')}`;
    });
  }

  it("colours each group's cell by its metric's conditional formatting rule, not the subtotals or the total", () => {
    const rules = [{ column: 'SUM(num)', operator: '>', targetValue: 1500, colorScheme: '#ACE1C4' }];
    renderWithTheme(<PivotTableChart {...rendererProps('pivot_table_v2', births, { ...formData, conditional_formatting: rules })} />);
    // The rule's range is the records' 1000 to 4000: 2500 is 40 percent of the way from 1500 to
    // 4000, so 0.05 + 0.95 * 0.4 = 0.43 opacity (6E); 4000 is opaque.
    expect(cellBackgrounds()).toEqual(['CA: -', 'boy: -', 'girl: #ACE1C46E', 'NY: -', 'boy: #ACE1C4FF', 'Total: -']);
  });

  it('shades every group from the minimum to the maximum with "None", in a Superset 6 colour token', () => {
    const rules = [{ column: 'SUM(num)', operator: 'None', colorScheme: 'colorSuccess' }];
    renderWithTheme(<PivotTableChart {...rendererProps('pivot_table_v2', births, { ...formData, conditional_formatting: rules })} />);
    // 1000 is the minimum (transparent), 2500 half-way (0.5: 80), 4000 the maximum.
    expect(cellBackgrounds()).toEqual(['CA: -', 'boy: #5AC18900', 'girl: #5AC18980', 'NY: -', 'boy: #5AC189FF', 'Total: -']);
    expect(brandColors.success).toBe('#5AC189');
  });

  it('colours by the rules of the cell\'s own metric only, the last matching rule winning, across column groups', () => {
    const twoMetrics = queryData(
      column('state', 1, ['CA', 'CA', 'NY']),
      column('gender', 1, ['boy', 'girl', 'boy']),
      column('SUM(num)', 0, [1000, 2500, 4000]),
      column('COUNT(*)', 0, [10, 20, 30]),
    );
    const rules = [
      { column: 'COUNT(*)', operator: '≤ x ≤', targetValueLeft: 15, targetValueRight: 30, colorScheme: '#EFA1AA' },
      { column: 'COUNT(*)', operator: '=', targetValue: 30, colorScheme: '#FDE380' },
      { column: 'SUM(num)', operator: '<', targetValue: 0, colorScheme: '#ACE1C4' },
    ];
    const columnsFormData = { groupbyRows: ['state'], groupbyColumns: ['gender'], conditional_formatting: rules };
    renderWithTheme(<PivotTableChart {...rendererProps('pivot_table_v2', twoMetrics, columnsFormData)} />);
    // Columns: SUM(num) boy, SUM(num) girl, COUNT(*) boy, COUNT(*) girl. CA's 20 girls are a third
    // of the way from 15 to 30 (0.05 + 0.95 / 3 = 0.37: 5E); NY's 30 boys match both rules.
    expect(cellBackgrounds()).toEqual(['CA: - | - | - | #EFA1AA5E', 'NY: - | - | #FDE380FF | -']);
  });

  it('colours the single row of a pivot without row dimensions', () => {
    const rules = [{ column: 'SUM(num)', operator: '≥', targetValue: 4000, colorScheme: '#ACE1C4' }];
    renderWithTheme(<PivotTableChart {...rendererProps('pivot_table_v2', births, { groupbyColumns: ['state'], conditional_formatting: rules })} />);
    // Sums per state: CA 3500, NY 4000; the range is the records' (1000 to 4000).
    expect(cellBackgrounds()).toEqual(['Total: - | #ACE1C4FF']);
  });

  it('ignores incomplete rules and rules of columns it does not have', () => {
    const rules = [{ column: 'SUM(num)', operator: '>', colorScheme: '#ACE1C4' }, { column: 'AVG(num)', operator: 'None', colorScheme: '#ACE1C4' }, 'junk'];
    renderWithTheme(<PivotTableChart {...rendererProps('pivot_table_v2', births, { ...formData, conditional_formatting: rules })} />);
    expect(cellBackgrounds().every((row) => !row.includes('#'))).toBe(true);
  });

  it('labels temporal dimensions in date_format, or in the time grain\'s format when it is smart_date', () => {
    const monthly = queryData(column('ds', 2, [Date.UTC(2008, 0, 1), Date.UTC(2008, 2, 1)]), column('SUM(num)', 0, [1, 2]));
    const { unmount } = renderWithTheme(
      <PivotTableChart {...rendererProps('pivot_table_v2', monthly, { groupbyRows: ['ds'], time_grain_sqla: 'P1M', date_format: 'smart_date' })} />,
    );
    expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toEqual(['Jan 2008', 'Mar 2008']);
    unmount();
    renderWithTheme(<PivotTableChart {...rendererProps('pivot_table_v2', monthly, { groupbyColumns: ['ds'], date_format: '%d/%m/%Y' })} />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toContain('01/03/2008');
  });

  it('takes its headers, borders and text from the dark tokens', () => {
    const dark = buildTheme('dark');
    renderWithTheme(<PivotTableChart {...rendererProps('pivot_table_v2', births, formData)} theme={dark} />, 'dark');
    const table = screen.getByTestId(testIds.viz.pivotTable);
    expect(getComputedStyle(table).color.toUpperCase()).toBe(dark.colors.text);
    const columnHeader = getComputedStyle(screen.getAllByRole('columnheader')[0] as HTMLElement);
    expect(columnHeader.backgroundColor.toUpperCase()).toBe(dark.colors.surfaceMuted);
    const rowHeader = getComputedStyle(screen.getAllByRole('rowheader')[0] as HTMLElement);
    expect(rowHeader.backgroundColor.toUpperCase()).toBe(dark.colors.surface);
    expect(getComputedStyle(screen.getAllByRole('cell')[0] as HTMLElement).borderTopColor.toUpperCase()).toBe(dark.colors.border);
  });

  it('shows the empty state for a result without rows', () => {
    const empty = queryData(column('state', 1, []), column('SUM(num)', 0, []));
    renderWithTheme(<PivotTableChart {...rendererProps('pivot_table_v2', empty, formData)} />);
    expect(screen.getByTestId(testIds.chart.empty).textContent).toBe(noResultsMessage);
    expect(screen.queryByTestId(testIds.viz.pivotTable)).toBeNull();
  });
});
