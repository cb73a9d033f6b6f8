import type { JSX } from 'react';
import { Navigate, useLocation } from 'react-router';

/**
 * A legacy path's redirect to its current page, keeping the query string and the hash (Superset
 * 6's `/superset/sqllab/` → `/sqllab/`, `/superset/sqllab/history/` → `/sqllab/history/`).
 */
export function RedirectKeepingQuery({ to }: { to: string }): JSX.Element {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}
