import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartColumn } from '@/features/chart/chartColumns';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { TableChart } from './TableChart';

const columns: ChartColumn[] = [
  { name: 'gender', genericType: 1, values: ['boy', 'girl', null] },
  { name: 'SUM(num)', genericType: 0, values: [48133355, 32546308, 1200] },
];

function bodyTexts(): string[][] {
  return screen.getAllByTestId(testIds.tableChart.row).map((row) =>
    within(row).getAllByTestId(testIds.tableChart.cell).map((cell) => cell.textContent),
  );
}

describe('TableChart', () => {
  // happy-dom has no layout: give the scroll area a height so the virtualizer renders rows.
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  });
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
    else Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  });

  it('shows the colnames and formatted rows, with N/A for null', () => {
    renderWithTheme(<TableChart columns={columns} rowCount={3} />);
    expect(screen.getAllByTestId(testIds.tableChart.headerCell).map((cell) => cell.textContent)).toEqual(['gender↕', 'SUM(num)↕']);
    expect(bodyTexts()).toEqual([
      ['boy', '48,133,355'],
      ['girl', '32,546,308'],
      ['N/A', '1,200'],
    ]);
  });

  it('sorts by a column on click: ascending, then descending, then back to the query order', () => {
    renderWithTheme(<TableChart columns={columns} rowCount={3} />);
    const sumHeader = screen.getByRole('button', { name: /SUM\(num\)/ });

    fireEvent.click(sumHeader);
    expect(bodyTexts().map((row) => row[1])).toEqual(['1,200', '32,546,308', '48,133,355']);
    expect(screen.getAllByRole('columnheader')[1]?.getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(sumHeader);
    expect(bodyTexts().map((row) => row[1])).toEqual(['48,133,355', '32,546,308', '1,200']);

    fireEvent.click(sumHeader);
    expect(bodyTexts().map((row) => row[0])).toEqual(['boy', 'girl', 'N/A']);
  });

  it('renders only a window of a large result', () => {
    const manyRows = Array.from({ length: 5000 }, (_unused, index) => index);
    renderWithTheme(<TableChart columns={[{ name: 'n', genericType: 0, values: manyRows }]} rowCount={5000} />);
    const renderedRows = screen.getAllByTestId(testIds.tableChart.row).length;
    expect(renderedRows).toBeGreaterThan(10);
    expect(renderedRows).toBeLessThan(100);
  });
});
