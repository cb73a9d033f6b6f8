import { describe, expect, it } from 'vitest';
import { column, queryData } from '../rendererTestProps';
import { buildPivotTable, pivotCellValue, visiblePivotRows, type PivotOptions } from './buildPivotTable';

const births = queryData(
  column('state', 1, ['CA', 'CA', 'NY', 'NY', 'TX']),
  column('gender', 1, ['boy', 'girl', 'boy', 'girl', 'boy']),
  column('year', 0, [2000, 2000, 2000, 2001, 2001]),
  column('SUM(num)', 0, [10, 20, 30, 40, 50]),
);

const options = (overrides: Partial<PivotOptions>): PivotOptions => ({
  rowDimensions: ['state', 'gender'],
  columnDimensions: ['year'],
  aggregateFunction: 'Sum',
  rowTotals: true,
  colTotals: true,
  rowSubTotals: true,
  colSubTotals: false,
  metricsLayout: 'COLUMNS',
  combineMetric: false,
  isRowOrderDescending: false,
  isColumnOrderDescending: false,
  ...overrides,
});

/** Rows as "label: cells" strings, for readable expectations. */
function table(pivotOptions: PivotOptions, collapsed: ReadonlySet<string> = new Set()): string[] {
  const pivot = buildPivotTable(births, pivotOptions);
  return visiblePivotRows(pivot, collapsed).map(
    (row) => `${'  '.repeat(row.depth)}${row.label}: ${pivot.columns.map((column) => String(pivotCellValue(pivot, row, column))).join(' | ')}`,
  );
}

describe('buildPivotTable', () => {
  it('sums cells, subtotals, row totals and the grand total', () => {
    expect(table(options({}))).toEqual([
      'CA: 30 | null | 30',
      '  boy: 10 | null | 10',
      '  girl: 20 | null | 20',
      'NY: 30 | 40 | 70',
      '  boy: 30 | null | 30',
      '  girl: null | 40 | 40',
      'TX: null | 50 | 50',
      '  boy: null | 50 | 50',
      'Total: 60 | 90 | 150',
    ]);
  });

  it('builds the column headers: metric, then years, then the total', () => {
    const pivot = buildPivotTable(births, options({}));
    expect(pivot.headerRows).toEqual([
      [{ label: 'SUM(num)', colSpan: 2 }, { label: 'SUM(num)', colSpan: 1 }],
      [
        { label: '2000', colSpan: 1 },
        { label: '2001', colSpan: 1 },
        { label: 'Total', colSpan: 1 },
      ],
    ]);
  });

  it('averages totals over the input rows, not over the cells', () => {
    const pivot = buildPivotTable(births, options({ aggregateFunction: 'Average', columnDimensions: [] }));
    expect(pivot.valueAt('SUM(num)', [], [])).toBe(30);
    expect(pivot.valueAt('SUM(num)', ['NY'], [])).toBe(35);
  });

  it('computes fractions of the total', () => {
    const pivot = buildPivotTable(births, options({ aggregateFunction: 'Sum as Fraction of Total' }));
    expect(pivot.valueAt('SUM(num)', ['TX'], [])).toBeCloseTo(50 / 150);
  });

  it('hides a collapsed group and keeps its aggregate', () => {
    const pivot = buildPivotTable(births, options({ rowSubTotals: false }));
    const californiaKey = visiblePivotRows(pivot, new Set())[0]?.key ?? '';
    expect(table(options({ rowSubTotals: false }), new Set([californiaKey])).slice(0, 2)).toEqual([
      'CA: 30 | null | 30',
      'NY: null | null | null',
    ]);
  });

  it('puts metrics in row groups and sorts keys descending', () => {
    const rows = table(options({ metricsLayout: 'ROWS', rowDimensions: ['state'], isRowOrderDescending: true }));
    expect(rows).toEqual(['SUM(num): 60 | 90 | 150', '  TX: null | 50 | 50', '  NY: 30 | 40 | 70', '  CA: 30 | null | 30']);
  });
});
