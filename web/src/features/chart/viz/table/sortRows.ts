import type { CellValue, ChartColumn } from '@/features/chart/chartColumns';

export type SortDirection = 'ascending' | 'descending';

export interface ColumnSort {
  columnIndex: number;
  direction: SortDirection;
}

function compareNonNull(left: Exclude<CellValue, null>, right: Exclude<CellValue, null>): number {
  const isLeftNumeric = typeof left === 'number' || typeof left === 'bigint';
  const isRightNumeric = typeof right === 'number' || typeof right === 'bigint';
  if (isLeftNumeric && isRightNumeric) return left < right ? -1 : left > right ? 1 : 0;
  if (typeof left === 'boolean' && typeof right === 'boolean') return Number(left) - Number(right);
  return String(left).localeCompare(String(right));
}

/** Orders two cells; nulls sort last whatever the direction. */
export function compareCellValues(left: CellValue, right: CellValue, direction: SortDirection): number {
  if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
  const order = compareNonNull(left, right);
  return direction === 'ascending' ? order : -order;
}

/** Row indexes in display order: unsorted is the query's order; sorting is stable. */
export function sortRowIndexes(columns: readonly ChartColumn[], rowCount: number, sort: ColumnSort | null): number[] {
  const indexes = Array.from({ length: rowCount }, (_unused, index) => index);
  const sortValues = sort === null ? undefined : columns[sort.columnIndex]?.values;
  if (sort === null || sortValues === undefined) return indexes;
  return indexes.sort(
    (left, right) => compareCellValues(sortValues[left] ?? null, sortValues[right] ?? null, sort.direction) || left - right,
  );
}

/** A header click cycles ascending, descending, unsorted. */
export function nextColumnSort(current: ColumnSort | null, clickedColumnIndex: number): ColumnSort | null {
  if (current?.columnIndex !== clickedColumnIndex) return { columnIndex: clickedColumnIndex, direction: 'ascending' };
  return current.direction === 'ascending' ? { columnIndex: clickedColumnIndex, direction: 'descending' } : null;
}
