import { fireEvent, screen } from '@testing-library/react';
import { useState, type JSX } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { buildTheme } from '@/theme/tokens';
import { noResultsMessage } from '../ChartEmptyState';
import { ChartColumnFilterContext, toggledColumnFilter } from '../chartColumnFilterContext';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { totalsTooltip } from './tableTotals';
import { TableVizRenderer } from './TableVizRenderer';
import { giveElementsHeight } from '@/testLayout';

const births = queryData(
  column('gender', 1, ['boy', 'girl', 'boy', 'girl']),
  column('year', 0, [2000, 2000, 2001, 2001]),
  column('SUM(num)', 0, [40, 30, 20, 10]),
);

function barColumns(): string[] {
  return screen
    .getAllByTestId(testIds.tableChart.cellBar)
    .map((bar) => bar.closest(`[data-testid="${testIds.tableChart.cell}"]`)?.getAttribute('data-column') ?? '');
}

describe('TableVizRenderer', () => {
  giveElementsHeight();

  it('draws bars on the metrics only, not on numeric group-by columns', () => {
    renderWithTheme(<TableVizRenderer {...rendererProps('table', births, { groupby: ['gender', 'year'], metrics: ['SUM(num)'] })} />);
    expect(barColumns()).toEqual(['SUM(num)', 'SUM(num)', 'SUM(num)', 'SUM(num)']);
  });

  it('draws bars on every numeric column of raw records', () => {
    renderWithTheme(<TableVizRenderer {...rendererProps('table', births, { query_mode: 'raw', groupby: ['year'] })} />);
    expect(new Set(barColumns())).toEqual(new Set(['year', 'SUM(num)']));
  });

  it('reads page_length, include_search and conditional_formatting from the form data', () => {
    renderWithTheme(
      <TableVizRenderer
        {...rendererProps('table', births, {
          groupby: ['gender', 'year'],
          page_length: 2,
          include_search: true,
          conditional_formatting: [{ column: 'SUM(num)', operator: '≥', targetValue: 30, colorScheme: '#EFA1AA' }],
        })}
      />,
    );
    expect(screen.getAllByTestId(testIds.tableChart.row)).toHaveLength(2);
    expect(screen.getAllByTestId(testIds.tableChart.pageButton)).toHaveLength(2);
    const coloured = screen.getAllByTestId(testIds.tableChart.cell).filter((cell) => cell.style.backgroundColor !== '');
    expect(coloured.map((cell) => cell.textContent)).toEqual(['40', '30']);

    fireEvent.change(screen.getByTestId(testIds.tableChart.search), { target: { value: 'girl' } });
    expect(screen.getAllByTestId(testIds.tableChart.row).map((row) => row.textContent)).toEqual(['girl2,00030', 'girl2,00110']);
  });

  it("shows show_totals' last query as a 'Summary' row under the rows, the metrics' totals formatted", () => {
    const totals = queryData(column('SUM(num)', 0, [100000]));
    const formData = { groupby: ['gender', 'year'], metrics: ['SUM(num)'], show_totals: true };
    const { unmount } = renderWithTheme(<TableVizRenderer {...rendererProps('table', [births, totals], formData)} />);
    const totalsRow = screen.getByTestId(testIds.tableChart.totalsRow);
    expect([...totalsRow.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Summary', '', '100,000']);
    expect(totalsRow.querySelector('td')?.getAttribute('title')).toBe(totalsTooltip);
    expect(screen.getAllByTestId(testIds.tableChart.row)).toHaveLength(4);
    unmount();
    // Without show_totals (or for raw records) the extra query shows nothing.
    renderWithTheme(<TableVizRenderer {...rendererProps('table', [births, totals], { ...formData, show_totals: false })} />);
    expect(screen.queryByTestId(testIds.tableChart.totalsRow)).toBeNull();
  });

  const months = [Date.UTC(2008, 0, 1), Date.UTC(2008, 2, 1)];
  const monthly = queryData(column('ds', 2, months), column('SUM(num)', 0, [1234.5, 98765]));

  function cellTexts(columnName: string): (string | null)[] {
    return screen.getAllByTestId(testIds.tableChart.cell).flatMap((cell) => (cell.getAttribute('data-column') === columnName ? [cell.textContent] : []));
  }

  it("shows an aggregated table's adaptive timestamps in the time grain's format", () => {
    renderWithTheme(<TableVizRenderer {...rendererProps('table', monthly, { groupby: ['ds'], time_grain_sqla: 'P1M', table_timestamp_format: 'smart_date' })} />);
    expect(cellTexts('ds')).toEqual(['Jan 2008', 'Mar 2008']);
  });

  it('applies table_timestamp_format and the formats of column_config', () => {
    const { unmount } = renderWithTheme(
      <TableVizRenderer {...rendererProps('table', monthly, { groupby: ['ds'], time_grain_sqla: 'P1M', table_timestamp_format: '%d/%m/%Y' })} />,
    );
    expect(cellTexts('ds')).toEqual(['01/01/2008', '01/03/2008']);
    unmount();
    const columnConfig = { ds: { d3TimeFormat: '%Y' }, 'SUM(num)': { d3NumberFormat: ',.2f' } };
    renderWithTheme(<TableVizRenderer {...rendererProps('table', monthly, { groupby: ['ds'], column_config: columnConfig })} />);
    expect(cellTexts('ds')).toEqual(['2008', '2008']);
    expect(cellTexts('SUM(num)')).toEqual(['1,234.50', '98,765.00']);
  });

  it("formats a column's numbers between -1 and 1 with column_config's small number format", () => {
    const shares = queryData(column('state', 1, ['CA', 'NY', 'TX']), column('share', 0, [0.1234, 12.5, 0.5]));
    const columnConfig = { share: { d3NumberFormat: ',.1f', d3SmallNumberFormat: '.1%' } };
    renderWithTheme(<TableVizRenderer {...rendererProps('table', shares, { groupby: ['state'], metrics: ['share'], column_config: columnConfig })} />);
    expect(cellTexts('share')).toEqual(['12.3%', '12.5', '50.0%']);
  });

  it('searches timestamps as they are shown', () => {
    renderWithTheme(
      <TableVizRenderer {...rendererProps('table', monthly, { groupby: ['ds'], time_grain_sqla: 'P1M', include_search: true })} />,
    );
    fireEvent.change(screen.getByTestId(testIds.tableChart.search), { target: { value: 'mar' } });
    expect(cellTexts('ds')).toEqual(['Mar 2008']);
  });

  it('shows raw records as they are: timestamps without a grain, numbers grouped, null as N/A', () => {
    const records = queryData(
      column('ds', 2, [Date.UTC(2008, 0, 1), Date.UTC(2008, 0, 1, 13, 5)]),
      column('name', 1, ['Aaron', null]),
      column('num', 0, [12345, 7]),
    );
    renderWithTheme(<TableVizRenderer {...rendererProps('table', records, { query_mode: 'raw', all_columns: ['ds', 'name', 'num'], time_grain_sqla: 'P1M' })} />);
    expect(screen.getAllByTestId(testIds.tableChart.headerCell).map((cell) => cell.textContent)).toEqual(['ds↕', 'name↕', 'num↕']);
    expect(screen.getAllByTestId(testIds.tableChart.row).map((row) => row.textContent)).toEqual(['2008-01-01Aaron12,345', '2008-01-01 13:05:00N/A7']);
  });

  describe.each([
    { mode: 'aggregate', formData: { groupby: ['gender', 'year'], metrics: ['SUM(num)'] } },
    { mode: 'raw', formData: { query_mode: 'raw', all_columns: ['gender', 'year', 'SUM(num)'] } },
  ])('$mode mode', ({ formData }) => {
    it('shows the empty state for a result without rows', () => {
      const empty = queryData(column('gender', 1, []), column('SUM(num)', 0, []));
      renderWithTheme(<TableVizRenderer {...rendererProps('table', empty, formData)} />);
      expect(screen.getByTestId(testIds.chart.empty).textContent).toBe(noResultsMessage);
      expect(screen.queryByTestId(testIds.tableChart.table)).toBeNull();
    });

    it('takes its header and cell colours from the dark tokens', () => {
      const dark = buildTheme('dark');
      renderWithTheme(<TableVizRenderer {...rendererProps('table', births, formData)} theme={dark} />, 'dark');
      expect(getComputedStyle(screen.getAllByTestId(testIds.tableChart.headerCell)[0] as HTMLElement).backgroundColor.toUpperCase()).toBe(dark.colors.surface);
      expect(getComputedStyle(screen.getAllByTestId(testIds.tableChart.cell)[0] as HTMLElement).borderBottomColor.toUpperCase()).toBe(dark.colors.border);
      expect(getComputedStyle(screen.getByTestId(testIds.tableChart.table)).color.toUpperCase()).toBe(dark.colors.text);
    });
  });
});

describe('TableVizRenderer with table_filter on a dashboard', () => {
  giveElementsHeight();

  /** A dashboard's column filter state for one chart: what the table emits comes back as its selection. */
  function FilteringTable({ formData, onAddFilter }: { formData: Record<string, unknown>; onAddFilter: (values: Record<string, unknown[]>, merge: boolean) => void }): JSX.Element {
    const [selectedValues, setSelectedValues] = useState<Record<string, unknown>>({});
    const hooks = {
      selectedValues,
      onAddFilter: (values: Readonly<Record<string, unknown[]>>, merge: boolean) => {
        onAddFilter({ ...values }, merge);
        setSelectedValues((current) => ({ ...current, ...values }));
      },
    };
    return (
      <ChartColumnFilterContext.Provider value={hooks}>
        <TableVizRenderer {...rendererProps('table', births, formData)} />
      </ChartColumnFilterContext.Provider>
    );
  }

  function cell(columnName: string, text: string, index = 0): HTMLElement {
    const cells = screen.getAllByTestId(testIds.tableChart.cell).filter((candidate) => candidate.getAttribute('data-column') === columnName && candidate.textContent === text);
    const found = cells[index];
    if (found === undefined) throw new Error(`no ${columnName} cell ${text}`);
    return found;
  }

  it('emits the clicked value of a group-by column, toggled, replacing the chart filter', () => {
    const onAddFilter = vi.fn();
    renderWithTheme(<FilteringTable formData={{ groupby: ['gender', 'year'], metrics: ['SUM(num)'], table_filter: true }} onAddFilter={onAddFilter} />);
    fireEvent.click(cell('gender', 'boy'));
    expect(onAddFilter).toHaveBeenLastCalledWith({ gender: ['boy'] }, false);
    expect(cell('gender', 'boy').getAttribute('data-selected')).toBe('true');
    expect(cell('gender', 'boy', 1).getAttribute('data-selected')).toBe('true');
    expect(cell('gender', 'girl').getAttribute('data-selected')).toBe('false');

    fireEvent.click(cell('year', '2,001'));
    expect(onAddFilter).toHaveBeenLastCalledWith({ gender: ['boy'], year: [2001] }, false);
    fireEvent.click(cell('gender', 'girl'));
    expect(onAddFilter).toHaveBeenLastCalledWith({ gender: ['boy', 'girl'], year: [2001] }, false);
    // A selected value clicked again leaves the filter; the last one leaves an empty list.
    fireEvent.click(cell('gender', 'boy'));
    expect(onAddFilter).toHaveBeenLastCalledWith({ gender: ['girl'], year: [2001] }, false);
    fireEvent.click(cell('year', '2,001'));
    expect(onAddFilter).toHaveBeenLastCalledWith({ gender: ['girl'], year: [] }, false);

    // Metric cells do not filter.
    const calls = onAddFilter.mock.calls.length;
    fireEvent.click(cell('SUM(num)', '40'));
    expect(onAddFilter).toHaveBeenCalledTimes(calls);
    expect(cell('SUM(num)', '40').getAttribute('data-selected')).toBeNull();
  });

  it('filters on any column of raw records', () => {
    const onAddFilter = vi.fn();
    renderWithTheme(<FilteringTable formData={{ query_mode: 'raw', all_columns: ['gender', 'year', 'SUM(num)'], table_filter: true }} onAddFilter={onAddFilter} />);
    fireEvent.click(cell('SUM(num)', '30'));
    expect(onAddFilter).toHaveBeenLastCalledWith({ 'SUM(num)': [30] }, false);
  });

  it('emits nothing without table_filter, or outside a dashboard', () => {
    const onAddFilter = vi.fn();
    const { unmount } = renderWithTheme(<FilteringTable formData={{ groupby: ['gender'], metrics: ['SUM(num)'] }} onAddFilter={onAddFilter} />);
    fireEvent.click(cell('gender', 'boy'));
    expect(onAddFilter).not.toHaveBeenCalled();
    expect(cell('gender', 'boy').getAttribute('data-selected')).toBeNull();
    unmount();
    renderWithTheme(<TableVizRenderer {...rendererProps('table', births, { groupby: ['gender'], table_filter: true })} />);
    expect(cell('gender', 'boy').getAttribute('data-selected')).toBeNull();
  });

  it("toggles a value in the chart's selection", () => {
    expect(toggledColumnFilter({}, 'state', 'CA')).toEqual({ state: ['CA'] });
    expect(toggledColumnFilter({ state: ['CA'], name: ['Aaron'] }, 'state', 'NY')).toEqual({ state: ['CA', 'NY'], name: ['Aaron'] });
    expect(toggledColumnFilter({ state: ['CA', 'NY'] }, 'state', 'CA')).toEqual({ state: ['NY'] });
    expect(toggledColumnFilter({ state: ['NY'] }, 'state', 'NY')).toEqual({ state: [] });
    // Values that are not lists (a time range) are not carried.
    expect(toggledColumnFilter({ __time_range: 'Last week' }, 'state', 'CA')).toEqual({ state: ['CA'] });
  });
});
