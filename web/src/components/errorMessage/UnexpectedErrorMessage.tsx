import type { JSX } from 'react';
import { genericErrorMessage } from '@/api/errors';
import { ErrorAlert } from './ErrorAlert';

export const unexpectedErrorTitle = 'Unexpected error';
export const requestAccessLabel = 'Request Access';

export interface UnexpectedErrorMessageProps {
  /** What went wrong; "An error occurred" when there is nothing to say. */
  message?: string | null;
  /** A page where the user may ask for access (permission errors). */
  requestAccessLink?: string | null;
  /** The stack trace or component stack, behind "See more". */
  stackTrace?: string | null;
  title?: string;
}

/**
 * Generic 'Unexpected error' (spec 001 §8, Superset's `ErrorMessageWithStackTrace`): the message,
 * and behind "See more" a request-access link and the stack trace when there are any.
 */
export function UnexpectedErrorMessage({
  message,
  requestAccessLink = null,
  stackTrace = null,
  title = unexpectedErrorTitle,
}: UnexpectedErrorMessageProps): JSX.Element {
  const hasLink = requestAccessLink !== null && requestAccessLink !== '';
  const hasStackTrace = stackTrace !== null && stackTrace.trim() !== '';
  const details =
    hasLink || hasStackTrace ? (
      <>
        {hasLink && (
          <p>
            <a href={requestAccessLink} target="_blank" rel="noopener noreferrer">
              {requestAccessLabel}
            </a>
          </p>
        )}
        {hasStackTrace && <pre>{stackTrace}</pre>}
      </>
    ) : undefined;
  const shownMessage = message === undefined || message === null || message === '' ? genericErrorMessage : message;
  return <ErrorAlert display="unexpected" title={title} message={shownMessage} details={details} />;
}
