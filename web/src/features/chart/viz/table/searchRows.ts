import type { ChartColumn } from '@/features/chart/chartColumns';
import { formatCellValue } from './formatCellValue';
import { genericDataTypes } from '@/features/chart/chartColumns';

/** The text a cell is searched by: its value (temporal cells as shown), nothing for null. */
function searchText(column: ChartColumn, rowIndex: number): string {
  const value = column.values[rowIndex] ?? null;
  if (value === null) return '';
  if (column.genericType === genericDataTypes.temporal) return formatCellValue(value, column.genericType);
  return String(value);
}

/**
 * The rows whose cells, joined, contain the search, case-insensitively (Superset's table search
 * box). An empty search keeps every row.
 */
export function searchRowIndexes(columns: readonly ChartColumn[], rowIndexes: readonly number[], search: string): number[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...rowIndexes];
  return rowIndexes.filter((rowIndex) =>
    columns
      .map((column) => searchText(column, rowIndex))
      .join('\n')
      .toLowerCase()
      .includes(needle),
  );
}
