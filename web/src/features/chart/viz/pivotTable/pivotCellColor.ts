import { cellBackgroundColor, type CellColorFunction } from '../table/conditionalFormatting';
import type { PivotColumn, PivotRow, PivotTable } from './buildPivotTable';

/**
 * Whether a cell holds one group's value, as opposed to a subtotal or total: the pivot table's
 * conditional formatting colours these only (Superset's pivot table shows subtotals in bold and
 * totals plain). Without row dimensions the single row holds the groups' values; with metrics on
 * the rows, a metric's own row is a subtotal unless no row dimension is under it.
 */
export function isGroupValueCell(pivot: PivotTable, row: PivotRow, column: PivotColumn): boolean {
  if (column.kind !== 'data') return false;
  switch (row.kind) {
    case 'data':
      return true;
    case 'metric':
      return !row.isCollapsible;
    case 'total':
      return pivot.rowTree.length === 0;
    case 'group':
      return false;
  }
}

/**
 * A cell's background under `conditional_formatting`: the rules of the cell's metric (their
 * `column`), with the table chart's operators, colours and opacities, over the ranges of the
 * query's records. Undefined when no rule matches or the cell is a subtotal or total.
 */
export function pivotCellColor(
  pivot: PivotTable,
  colorFunctions: ReadonlyMap<string, readonly CellColorFunction[]>,
  row: PivotRow,
  column: PivotColumn,
  value: number | null,
): string | undefined {
  const metric = row.metric ?? column.metric;
  if (metric === null || value === null || !isGroupValueCell(pivot, row, column)) return undefined;
  return cellBackgroundColor(colorFunctions.get(metric), value);
}
