import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { Float64, Table, Utf8, vectorFromArray } from 'apache-arrow';
import { describe, expect, it, vi } from 'vitest';
import type { ChartDataArrowResult } from '@/api/chartData';
import { chartResultMeta } from '@/api/chartDataTestResults';
import type { FormData } from '@/api/generated/FormData';
import { ChartPanel } from '@/features/chart/ChartPanel';
import type { ChartContextMenuTarget } from '@/features/chart/viz/chartRendererProps';
import { PieChart } from '@/features/chart/viz/pie/PieChart';
import { column, queryData, rendererProps } from '@/features/chart/viz/rendererTestProps';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { drillToDetailByHint } from './ChartContextMenu';
import { giveElementsHeight } from '@/testLayout';

/** A table chart's answer: births by state and gender. */
const stateGenderResult: ChartDataArrowResult = {
  meta: chartResultMeta(['state', 'gender', 'SUM(num)'], [1, 1, 0], 2),
  table: new Table({
    state: vectorFromArray(['CA', 'NY'], new Utf8()),
    gender: vectorFromArray(['boy', null], new Utf8()),
    'SUM(num)': vectorFromArray([10, 20], new Float64()),
  }),
};

const answered = {
  data: [stateGenderResult],
  error: null,
  isError: false,
  isFetching: false,
  isPending: false,
  isSuccess: true,
} as unknown as UseQueryResult<ChartDataArrowResult[]>;

function renderTableChart(formData: Record<string, unknown>, onDrillToDetail = vi.fn()): ReturnType<typeof vi.fn> {
  renderWithTheme(
    <ChartPanel
      chartData={answered}
      hasRun
      formData={{ datasource: '3__table', viz_type: 'table', ...formData }}
      onDrillToDetail={onDrillToDetail}
    />,
  );
  return onDrillToDetail;
}

function menuItemTexts(): string[] {
  return within(screen.getByTestId(testIds.drillToDetail.contextMenu))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('chart context menu', () => {
  giveElementsHeight();

  it("offers drilling by each group-by value of a table row, and by all of them; chosen values go to the panel's owner", () => {
    const onDrillToDetail = renderTableChart({ groupby: ['state', 'gender'], metrics: ['SUM(num)'] });
    const secondRow = screen.getAllByTestId(testIds.tableChart.row)[1];
    if (secondRow === undefined) throw new Error('no second row');

    const notPrevented = fireEvent.contextMenu(within(secondRow).getAllByTestId(testIds.tableChart.cell)[2] as HTMLElement, { clientX: 40, clientY: 60 });

    expect(notPrevented).toBe(false);
    expect(menuItemTexts()).toEqual([
      'Drill to detail',
      'Drill to detail by state = NY',
      'Drill to detail by gender = <NULL>',
      'Drill to detail by all',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Drill to detail by gender = <NULL>' }));
    expect(onDrillToDetail).toHaveBeenCalledWith([{ column: 'gender', value: null, label: '<NULL>' }]);
    expect(screen.queryByTestId(testIds.drillToDetail.contextMenu)).toBeNull();
  });

  it('drills by every value with "Drill to detail by all", and by none with "Drill to detail"', () => {
    const onDrillToDetail = renderTableChart({ groupby: ['state', 'gender'], metrics: ['SUM(num)'] });
    const firstCell = screen.getAllByTestId(testIds.tableChart.cell)[0] as HTMLElement;

    fireEvent.contextMenu(firstCell);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Drill to detail by all' }));
    expect(onDrillToDetail).toHaveBeenLastCalledWith([
      { column: 'state', value: 'CA', label: 'CA' },
      { column: 'gender', value: 'boy', label: 'boy' },
    ]);

    fireEvent.contextMenu(firstCell);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Drill to detail' }));
    expect(onDrillToDetail).toHaveBeenLastCalledWith([]);
  });

  it('offers only "Drill to detail" where no dimension value was clicked (raw records), and Escape closes it', () => {
    renderTableChart({ query_mode: 'raw', all_columns: ['state', 'gender'] });
    fireEvent.contextMenu(screen.getAllByTestId(testIds.tableChart.cell)[0] as HTMLElement);

    expect(menuItemTexts()).toEqual(['Drill to detail', 'Drill to detail by']);
    const drillBy = screen.getByRole<HTMLButtonElement>('menuitem', { name: 'Drill to detail by' });
    expect(drillBy.disabled).toBe(true);
    expect(drillBy.title).toBe(drillToDetailByHint);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId(testIds.drillToDetail.contextMenu)).toBeNull();
  });

  it("leaves the browser's menu alone when drilling is off", () => {
    renderWithTheme(<ChartPanel chartData={answered} hasRun formData={{ datasource: '3__table', viz_type: 'table', groupby: ['state'] } as FormData} />);
    const notPrevented = fireEvent.contextMenu(screen.getAllByTestId(testIds.tableChart.cell)[0] as HTMLElement);
    expect(notPrevented).toBe(true);
    expect(screen.queryByTestId(testIds.drillToDetail.contextMenu)).toBeNull();
  });

  it('tells the raw group-by value of a right-clicked pie slice, not its label', () => {
    const targets: ChartContextMenuTarget[] = [];
    const props = rendererProps('pie', queryData(column('year', 0, [2001, 2002]), column('SUM(num)', 0, [5, 9])), {
      groupby: ['year'],
      metric: 'SUM(num)',
    });
    renderWithTheme(<PieChart {...props} onMarkContextMenu={(target) => targets.push(target)} />);
    const slice = screen.getAllByTestId(testIds.viz.mark).find((mark) => mark.getAttribute('data-series') === '2001');
    if (slice === undefined) throw new Error('no 2001 slice');

    fireEvent.contextMenu(slice, { clientX: 12, clientY: 34 });

    expect(targets).toEqual([{ clientX: 12, clientY: 34, drillValues: [{ column: 'year', value: 2001, label: '2001' }] }]);
  });
});
