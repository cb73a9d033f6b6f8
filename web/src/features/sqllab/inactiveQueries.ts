/**
 * Clearing inactive queries (spec 002 section 4, Superset's `CLEAR_INACTIVE_QUERIES`): a run
 * still running or pending whose start is older than the interval and that reports zero progress
 * is dropped; every other run takes its state from the status of its stored results, when it has
 * a results key and those results were read.
 */
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';

/** The states a run may be dropped in when it shows no progress. */
const clearableStates: readonly string[] = ['running', 'pending'];

/** Whether the run is running or pending, started more than `intervalMs` before `nowMs`, with zero progress. */
export function isInactiveQuery(query: SqlLabQuery, intervalMs: number, nowMs: number): boolean {
  if (!clearableStates.includes(query.state) || query.progress !== 0) return false;
  return query.startDttm !== null && nowMs - query.startDttm > intervalMs;
}

/**
 * The runs (by client id) without the inactive ones. `storedResultStatus` holds the status of
 * the stored results read so far, by client id; a run with a results key whose results were read
 * takes that status as its state. A run without a start time is kept: its age is unknown.
 */
export function clearInactiveQueries(
  queries: Readonly<Record<string, SqlLabQuery>>,
  intervalMs: number,
  nowMs: number,
  storedResultStatus: Readonly<Record<string, string>> = {},
): Record<string, SqlLabQuery> {
  const kept: Record<string, SqlLabQuery> = {};
  for (const [clientId, query] of Object.entries(queries)) {
    if (isInactiveQuery(query, intervalMs, nowMs)) continue;
    const resultStatus = storedResultStatus[clientId];
    kept[clientId] = query.resultsKey !== null && resultStatus !== undefined && resultStatus !== '' ? { ...query, state: resultStatus } : query;
  }
  return kept;
}
