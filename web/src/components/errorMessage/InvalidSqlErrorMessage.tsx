import type { JSX } from 'react';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { ErrorAlert } from './ErrorAlert';

export const invalidSqlTitle = 'Unable to parse SQL';

/** The caret line under the offending SQL line: `column` is 1-based, as the parser counts. */
export function caretLine(column: number): string {
  return `${' '.repeat(Math.max(column - 1, 0))}^`;
}

/** The SQL line the parser stopped at (1-based), or null when the server did not say or it is out of range. */
export function offendingSqlLine(sql: string | undefined, line: number | undefined): string | null {
  if (sql === undefined || line === undefined || line < 1) return null;
  return sql.split('\n')[line - 1] ?? null;
}

export interface InvalidSqlErrorMessageProps {
  error: ErrorItem;
  /** The SQL that was sent, when the error's `extra.sql` does not carry it (SQL Lab's editor). */
  sql?: string;
}

/**
 * 'Unable to parse SQL' (spec 001 §8): the parser's message, then the offending line with a caret
 * under the column when the server sends `extra.line` (and `extra.column`).
 */
export function InvalidSqlErrorMessage({ error, sql }: InvalidSqlErrorMessageProps): JSX.Element {
  const { line, column } = error.extra;
  const sqlLine = offendingSqlLine(error.extra.sql ?? sql, line);
  const description =
    sqlLine === null ? undefined : (
      <>
        <pre data-sql-line={line}>{sqlLine}</pre>
        {column !== undefined && column >= 1 && <pre data-sql-caret={column}>{caretLine(column)}</pre>}
      </>
    );
  return <ErrorAlert display="invalid-sql" level={error.level} title={invalidSqlTitle} message={error.message} description={description} />;
}
