import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { TableVizRenderer } from './TableVizRenderer';

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
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  });
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
    else Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  });

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
});
