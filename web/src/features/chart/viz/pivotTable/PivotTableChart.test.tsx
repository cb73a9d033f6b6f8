import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { PivotTableChart } from './PivotTableChart';

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
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  });
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
    else Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  });

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
});
