import type { ChartColumn } from '@/features/chart/chartColumns';
import { formatCellValue } from './formatCellValue';
import { genericDataTypes } from '@/features/chart/chartColumns';
import type { CellFormatter } from './tableCellFormat';

/** The text a cell is searched by: its value (temporal cells as shown), nothing for null. */
function searchText(column: ChartColumn, rowIndex: number, formatters: ReadonlyMap<string, CellFormatter> | undefined): string {
  const value = column.values[rowIndex] ?? null;
  if (value === null) return '';
  if (column.genericType === genericDataTypes.temporal) return (formatters?.get(column.name) ?? ((cell) => formatCellValue(cell, column.genericType)))(value);
  return String(value);
}

/**
 * The rows whose cells, joined, contain the search, case-insensitively (Superset's table search
 * box). An empty search keeps every row. Temporal cells are searched as `formatters` show them.
 */
export function searchRowIndexes(
  columns: readonly ChartColumn[],
  rowIndexes: readonly number[],
  search: string,
  formatters?: ReadonlyMap<string, CellFormatter>,
): number[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...rowIndexes];
  return rowIndexes.filter((rowIndex) =>
    columns
      .map((column) => searchText(column, rowIndex, formatters))
      .join('\n')
      .toLowerCase()
      .includes(needle),
  );
}
