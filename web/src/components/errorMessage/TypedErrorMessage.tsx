import type { JSX, ReactNode } from 'react';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import type { ErrorType } from '@/api/generated/ErrorType';
import { DatabaseErrorMessage } from './DatabaseErrorMessage';
import { DatasetNotFoundErrorMessage } from './DatasetNotFoundErrorMessage';
import type { ErrorDisplayName } from './ErrorAlert';
import { isVisualizationSource, type ErrorSource } from './errorSource';
import { InvalidSqlErrorMessage } from './InvalidSqlErrorMessage';
import { NetworkErrorMessage } from './NetworkErrorMessage';
import { ParameterErrorMessage } from './ParameterErrorMessage';
import { TimeoutErrorMessage } from './TimeoutErrorMessage';
import { UnexpectedErrorMessage } from './UnexpectedErrorMessage';

/**
 * The display of each server error type, as Superset registers them (`setupErrorMessages`).
 * `OBJECT_DOES_NOT_EXIST_ERROR` is what Quiver's chart data sends for a deleted dataset; it is
 * 'Missing dataset' in a chart's area only. Template parameter errors are 'Parameter error' with
 * 'Did you mean' suggestions wherever they stand (SQL Lab, Explore, a dashboard). Types without a
 * display of their own (permissions, payloads) are 'Unexpected error'.
 */
const displayByErrorType: Readonly<Record<ErrorType, ErrorDisplayName>> = {
  GENERIC_DB_ENGINE_ERROR: 'database',
  COLUMN_DOES_NOT_EXIST_ERROR: 'database',
  TABLE_DOES_NOT_EXIST_ERROR: 'database',
  DATABASE_NOT_FOUND_ERROR: 'database',
  DML_NOT_ALLOWED_ERROR: 'database',
  INVALID_CTAS_QUERY_ERROR: 'database',
  INVALID_CVAS_QUERY_ERROR: 'database',
  RESULTS_BACKEND_ERROR: 'database',
  ASYNC_WORKERS_ERROR: 'database',
  CONNECTION_MISSING_PARAMETERS_ERROR: 'database',
  CONNECTION_INVALID_PORT_ERROR: 'database',
  CONNECTION_INVALID_HOSTNAME_ERROR: 'database',
  CONNECTION_PORT_CLOSED_ERROR: 'database',
  CONNECTION_UNKNOWN_DATABASE_ERROR: 'database',
  CONNECTION_INVALID_USERNAME_ERROR: 'database',
  CONNECTION_INVALID_PASSWORD_ERROR: 'database',
  CONNECTION_ACCESS_DENIED_ERROR: 'database',
  BACKEND_TIMEOUT_ERROR: 'timeout',
  SQLLAB_TIMEOUT_ERROR: 'timeout',
  FRONTEND_TIMEOUT_ERROR: 'timeout',
  INVALID_SQL_ERROR: 'invalid-sql',
  SYNTAX_ERROR: 'invalid-sql',
  OBJECT_DOES_NOT_EXIST_ERROR: 'missing-dataset',
  FRONTEND_NETWORK_ERROR: 'network',
  ADHOC_SUBQUERY_NOT_ALLOWED_ERROR: 'unexpected',
  INVALID_PAYLOAD_FORMAT_ERROR: 'unexpected',
  INVALID_PAYLOAD_SCHEMA_ERROR: 'unexpected',
  GENERIC_COMMAND_ERROR: 'unexpected',
  GENERIC_BACKEND_ERROR: 'unexpected',
  DATABASE_SECURITY_ACCESS_ERROR: 'unexpected',
  DATASOURCE_SECURITY_ACCESS_ERROR: 'unexpected',
  CHART_SECURITY_ACCESS_ERROR: 'unexpected',
  DASHBOARD_SECURITY_ACCESS_ERROR: 'unexpected',
  QUERY_SECURITY_ACCESS_ERROR: 'unexpected',
  MISSING_OWNERSHIP_ERROR: 'unexpected',
  MISSING_TEMPLATE_PARAMS_ERROR: 'parameter',
  INVALID_TEMPLATE_PARAMS_ERROR: 'parameter',
  FRONTEND_CSRF_ERROR: 'unexpected',
};

/** The display an error gets where it stands. */
export function errorDisplayNameOf(errorType: ErrorType, source: ErrorSource): ErrorDisplayName {
  const display = displayByErrorType[errorType];
  if (display === 'missing-dataset' && !isVisualizationSource(source)) return 'unexpected';
  return display;
}

export interface TypedErrorMessageProps {
  error: ErrorItem;
  source: ErrorSource;
  ownerNames: readonly string[];
  /** Where to ask for access; the error's own `extra.link` (a datasource access error) when not given. */
  requestAccessLink?: string | null;
  /** The SQL sent, for a parse error whose `extra` does not carry it. */
  sql?: string;
  /** Replaces 'Unexpected error' for types without a display of their own. */
  fallback?: ReactNode;
}

/** Picks the display of a server's typed error (spec 001 §8 "Error displays by type"). */
export function TypedErrorMessage({ error, source, ownerNames, requestAccessLink, sql, fallback }: TypedErrorMessageProps): JSX.Element {
  switch (errorDisplayNameOf(error.error_type, source)) {
    case 'database':
      return <DatabaseErrorMessage error={error} source={source} ownerNames={ownerNames} />;
    case 'timeout':
      return <TimeoutErrorMessage error={error} source={source} ownerNames={ownerNames} />;
    case 'invalid-sql':
      return <InvalidSqlErrorMessage error={error} sql={sql} />;
    case 'missing-dataset':
      return <DatasetNotFoundErrorMessage error={error} />;
    case 'network':
      return <NetworkErrorMessage error={error} />;
    case 'parameter':
      return <ParameterErrorMessage error={error} />;
    case 'field-validation':
    case 'unexpected':
      if (fallback !== undefined) return <>{fallback}</>;
      return <UnexpectedErrorMessage message={error.message} requestAccessLink={requestAccessLink ?? error.extra.link ?? null} />;
  }
}
