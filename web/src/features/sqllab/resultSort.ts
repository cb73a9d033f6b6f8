/**
 * Sorting SQL Lab's results by a clicked column header, with the table chart's rules
 * (`chart/viz/table/sortRows.ts`): a click cycles ascending, descending, unsorted; numbers
 * compare as numbers, times by time, and nulls come last whatever the direction.
 */
import type { CellValue } from '@/features/chart/chartColumns';
import { compareCellValues, type ColumnSort } from '@/features/chart/viz/table/sortRows';
import type { ResultRows } from './resultRows';

/**
 * The row indexes in the sort's order (equal values keep the run's order); null when unsorted,
 * meaning the rows as run. Only the sorted column is read, once per row.
 */
export function sortedRowIndexes(rows: ResultRows, sort: ColumnSort | null): Uint32Array | null {
  if (sort === null || sort.columnIndex < 0 || sort.columnIndex >= rows.columnCount) return null;
  const keys = new Array<CellValue>(rows.rowCount);
  const order = new Uint32Array(rows.rowCount);
  for (let rowIndex = 0; rowIndex < rows.rowCount; rowIndex += 1) {
    keys[rowIndex] = rows.sortKey(rowIndex, sort.columnIndex);
    order[rowIndex] = rowIndex;
  }
  return order.sort((left, right) => compareCellValues(keys[left] ?? null, keys[right] ?? null, sort.direction) || left - right);
}
