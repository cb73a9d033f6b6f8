import type { JSX, ReactNode } from 'react';
import type { ErrorDisplay } from './errorDisplay';
import type { ErrorSource } from './errorSource';
import { FieldValidationErrorMessage } from './FieldValidationErrorMessage';
import { TypedErrorMessage } from './TypedErrorMessage';
import { UnexpectedErrorMessage } from './UnexpectedErrorMessage';

export interface ErrorMessageProps {
  /** What to show; `errorDisplayOf(error)` reads it from anything thrown. */
  display: ErrorDisplay;
  source: ErrorSource;
  /** The chart's owners, named by database and timeout errors on a dashboard or in Explore. */
  ownerNames?: readonly string[];
  /** Offered by 'Unexpected error' (permission errors). */
  requestAccessLink?: string | null;
  /** The SQL sent, for 'Unable to parse SQL' when the error does not carry it. */
  sql?: string;
  /** Replaces 'Unexpected error' when no display fits. */
  fallback?: ReactNode;
}

/** The error display family's entry: the typed display, the field list or 'Unexpected error'. */
export function ErrorMessage({ display, source, ownerNames = [], requestAccessLink, sql, fallback }: ErrorMessageProps): JSX.Element {
  switch (display.kind) {
    case 'typed':
      return (
        <TypedErrorMessage
          error={display.error}
          source={source}
          ownerNames={ownerNames}
          requestAccessLink={requestAccessLink}
          sql={sql}
          fallback={fallback}
        />
      );
    case 'fieldValidation':
      return <FieldValidationErrorMessage message={display.message} fields={display.fields} />;
    case 'unexpected':
      if (fallback !== undefined) return <>{fallback}</>;
      return <UnexpectedErrorMessage message={display.message} stackTrace={display.stackTrace} requestAccessLink={requestAccessLink} />;
  }
}
