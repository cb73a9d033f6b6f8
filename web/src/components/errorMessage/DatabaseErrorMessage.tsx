import type { JSX } from 'react';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { ErrorAlert } from './ErrorAlert';
import type { ErrorSource } from './errorSource';
import { hasTriggeredByDetails, TriggeredByDetails, type TriggeredByDetailsProps } from './TriggeredByDetails';

/** "DuckDB Error", "PostgreSQL Error"; "DB engine Error" when the server names no engine. */
export function databaseErrorTitle(engineName: string | undefined): string {
  return `${engineName ?? 'DB engine'} Error`;
}

export interface DatabaseErrorMessageProps {
  error: ErrorItem;
  source: ErrorSource;
  ownerNames: readonly string[];
}

/**
 * '{engine} Error' (spec 001 §8): the first line of the database's message, the rest below it,
 * and behind "See more" the issue codes and the chart owners to contact.
 */
export function DatabaseErrorMessage({ error, source, ownerNames }: DatabaseErrorMessageProps): JSX.Element {
  const triggeredBy: TriggeredByDetailsProps = { issueCodes: error.extra.issue_codes ?? [], source, ownerNames };
  const [firstLine = '', ...remainingLines] = error.message.split('\n');
  return (
    <ErrorAlert
      display="database"
      level={error.level}
      title={databaseErrorTitle(error.extra.engine_name)}
      message={firstLine}
      description={remainingLines.length > 0 ? remainingLines.join('\n') : undefined}
      details={hasTriggeredByDetails(triggeredBy) ? <TriggeredByDetails {...triggeredBy} /> : undefined}
    />
  );
}
