import type { SqlLabColumn } from '@/api/generated/SqlLabColumn';
import type { CellValue, ChartColumn } from '@/features/chart/chartColumns';
import { allRowIndexes, resultCellText, rowsAsTabSeparatedText } from '@/features/explore/dataPane/resultTableText';
import type { LimitingFactor } from './api';

/** One cell of the results grid: spec 002 section 9's null and boolean displays, numbers and text as they are. */
export function sqlLabCellText(value: unknown): string {
  // No generic type: times are shown as the server sent them.
  return resultCellText(resultCellValue(value), null);
}

/** The warning shown when a limit cut the rows; null when nothing was cut. */
export function truncationWarning(limitingFactor: LimitingFactor, rows: number): string | null {
  const shown = rows.toLocaleString('en-US');
  switch (limitingFactor) {
    case 'DROPDOWN':
      return `The number of rows displayed is limited to ${shown} by the limit dropdown.`;
    case 'QUERY':
      return `The number of rows displayed is limited to ${shown} by the query.`;
    case 'QUERY_AND_DROPDOWN':
      return `The number of rows displayed is limited to ${shown} by the query and limit dropdown.`;
    default:
      return null;
  }
}

/** A JSON cell of the results as a typed cell: arrays and objects as their JSON text. */
export function resultCellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/**
 * "Copy to Clipboard" of the results, with the data pane's copy rules: a line of column names,
 * then one tab-separated line per row in the run's order; a null is empty.
 */
export function resultsAsTabSeparatedText(columns: readonly Pick<SqlLabColumn, 'name'>[], rows: readonly Record<string, unknown>[]): string {
  // No generic type: the cells are copied as the grid shows them, times included.
  const chartColumns: ChartColumn[] = columns.map((column) => ({
    name: column.name,
    genericType: null,
    values: rows.map((row) => resultCellValue(row[column.name])),
  }));
  return rowsAsTabSeparatedText(chartColumns, allRowIndexes(rows.length));
}
