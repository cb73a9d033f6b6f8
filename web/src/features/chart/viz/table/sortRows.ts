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
  return sortRowIndexesBy(columns, rowCount, sort === null ? [] : [sort]);
}

/**
 * Row indexes ordered by several sorts, the first deciding and each next one breaking its ties;
 * rows equal on every sort keep the query's order. No sorts: the query's order.
 */
export function sortRowIndexesBy(columns: readonly ChartColumn[], rowCount: number, sorts: readonly ColumnSort[]): number[] {
  const indexes = Array.from({ length: rowCount }, (_unused, index) => index);
  const sortKeys = sorts.flatMap((sort) => {
    const values = columns[sort.columnIndex]?.values;
    return values === undefined ? [] : [{ values, direction: sort.direction }];
  });
  if (sortKeys.length === 0) return indexes;
  return indexes.sort((left, right) => {
    for (const { values, direction } of sortKeys) {
      const order = compareCellValues(values[left] ?? null, values[right] ?? null, direction);
      if (order !== 0) return order;
    }
    return left - right;
  });
}

/** A header click cycles ascending, descending, unsorted. */
export function nextColumnSort(current: ColumnSort | null, clickedColumnIndex: number): ColumnSort | null {
  if (current?.columnIndex !== clickedColumnIndex) return { columnIndex: clickedColumnIndex, direction: 'ascending' };
  return current.direction === 'ascending' ? { columnIndex: clickedColumnIndex, direction: 'descending' } : null;
}

/**
 * Spec 001 section 4, as Superset's table chart (react-table's `useSortBy`): a click sorts by the
 * clicked column alone, cycling ascending, descending, unsorted while it is the only sort (a click on
 * one of several sorts starts it over at ascending, alone). A shift-click (multi-sort) keeps the
 * other sorts: it appends the column ascending, or moves it to descending, or removes it.
 *
 * Example: [] click b => [b asc]; shift-click a => [b asc, a asc]; shift-click a => [b asc, a desc];
 * shift-click a => [b asc]; click b => [b desc].
 */
export function nextColumnSorts(current: readonly ColumnSort[], clickedColumnIndex: number, isMultiSort: boolean): ColumnSort[] {
  const existing = current.find((sort) => sort.columnIndex === clickedColumnIndex);
  const isOnlySort = current.length === 1 && existing !== undefined;
  if (!isMultiSort && !isOnlySort) return [{ columnIndex: clickedColumnIndex, direction: 'ascending' }];
  if (existing === undefined) return [...current, { columnIndex: clickedColumnIndex, direction: 'ascending' }];
  if (existing.direction === 'descending') return current.filter((sort) => sort !== existing);
  return current.map((sort) => (sort === existing ? { columnIndex: clickedColumnIndex, direction: 'descending' } : sort));
}
