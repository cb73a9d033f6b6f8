/**
 * Sorting SQL Lab's results by a clicked column header, with the table chart's rules
 * (`chart/viz/table/sortRows.ts`): a click cycles ascending, descending, unsorted; numbers
 * compare as numbers, and nulls come last whatever the direction.
 */
import type { SqlLabColumn } from '@/api/generated/SqlLabColumn';
import { compareCellValues, type ColumnSort } from '@/features/chart/viz/table/sortRows';
import { resultCellValue } from './resultText';

export type ResultRow = Record<string, unknown>;

/** The rows in the sort's order (equal values keep the query's order); the rows as run when unsorted. */
export function sortResultRows(columns: readonly Pick<SqlLabColumn, 'name'>[], rows: readonly ResultRow[], sort: ColumnSort | null): readonly ResultRow[] {
  const columnName = sort === null ? undefined : columns[sort.columnIndex]?.name;
  if (sort === null || columnName === undefined) return rows;
  return rows
    .map((row, index) => ({ row, index, value: resultCellValue(row[columnName]) }))
    .sort((left, right) => compareCellValues(left.value, right.value, sort.direction) || left.index - right.index)
    .map(({ row }) => row);
}

