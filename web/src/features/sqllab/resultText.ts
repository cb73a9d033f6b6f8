import type { SqlLabColumn } from '@/api/generated/SqlLabColumn';
import type { CellValue } from '@/features/chart/chartColumns';
import { allRowIndexes, cellsAsTabSeparatedText, resultCellCopyText, resultCellText } from '@/features/explore/dataPane/resultTableText';
import type { LimitingFactor } from './api';
import type { ResultRows } from './resultRows';

/** One cell of the results grid: spec 002 section 9's null and boolean displays, numbers and text as they are. */
export function sqlLabCellText(value: CellValue): string {
  // No generic type: times arrive as the text the grid shows (see resultRows.ts).
  return resultCellText(value, null);
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

/**
 * "Copy to Clipboard" of the results, with the data pane's copy rules: a line of column names,
 * then one tab-separated line per row in the run's order; a null is empty.
 */
export function resultsAsTabSeparatedText(columns: readonly Pick<SqlLabColumn, 'name'>[], rows: ResultRows): string {
  // No generic type: the cells are copied as the grid shows them, times included.
  return cellsAsTabSeparatedText(
    columns.map((column) => column.name),
    allRowIndexes(rows.rowCount),
    (rowIndex, columnIndex) => resultCellCopyText(rows.cell(rowIndex, columnIndex), null),
  );
}
