import type { JSX } from 'react';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { ErrorAlert } from './ErrorAlert';
import { isVisualizationSource, type ErrorSource } from './errorSource';
import { hasTriggeredByDetails, TriggeredByDetails, type TriggeredByDetailsProps } from './TriggeredByDetails';

export const timeoutErrorTitle = 'Timeout error';

/**
 * Superset's timeout sentence: "this visualization" on a dashboard or in Explore, "these results"
 * elsewhere (SQL Lab), with the configured timeout in seconds.
 */
export function timeoutMessage(timeoutSeconds: number, source: ErrorSource): string {
  const loading = isVisualizationSource(source) ? 'We’re having trouble loading this visualization.' : 'We’re having trouble loading these results.';
  const unit = timeoutSeconds === 1 ? 'second' : 'seconds';
  return `${loading} Queries are set to timeout after ${timeoutSeconds} ${unit}.`;
}

export interface TimeoutErrorMessageProps {
  error: ErrorItem;
  source: ErrorSource;
  ownerNames: readonly string[];
}

/**
 * 'Timeout error' (spec 001 §8): "Queries are set to timeout after N seconds" when the server says
 * N (else its own message), and behind "See more" the issue codes and the chart owners.
 */
export function TimeoutErrorMessage({ error, source, ownerNames }: TimeoutErrorMessageProps): JSX.Element {
  const triggeredBy: TriggeredByDetailsProps = { issueCodes: error.extra.issue_codes ?? [], source, ownerNames };
  const timeoutSeconds = error.extra.timeout;
  return (
    <ErrorAlert
      display="timeout"
      level={error.level}
      title={timeoutErrorTitle}
      message={timeoutSeconds === undefined ? error.message : timeoutMessage(timeoutSeconds, source)}
      details={hasTriggeredByDetails(triggeredBy) ? <TriggeredByDetails {...triggeredBy} /> : undefined}
    />
  );
}
