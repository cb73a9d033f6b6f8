import type { LimitingFactor } from './api';
import { falseDisplay, nullDisplay, trueDisplay } from '@/features/chart/viz/table/formatCellValue';

/** One cell of the results grid: spec 002 section 9's null and boolean displays, numbers and text as they are. */
export function sqlLabCellText(value: unknown): string {
  if (value === null || value === undefined) return nullDisplay;
  if (typeof value === 'boolean') return value ? trueDisplay : falseDisplay;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
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
