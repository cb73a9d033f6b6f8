/**
 * Clearing inactive queries (spec 002 section 4, Superset's `CLEAR_INACTIVE_QUERIES`): when a poll
 * of `updated_since` answers no change, a followed run still pending or running whose start is
 * older than the interval and that reports zero progress is dropped; every other run takes its
 * state from the status of its stored results, when those were read.
 *
 * The server touches a waiting or running asynchronous run every second (decision 0052), so a run
 * missing from a poll is one whose worker is gone: it would otherwise be polled for ever.
 */
import { unknownErrorMessage } from '@/api/errors';
import { isPolledRun, type RunState } from './runLifecycle';

/** Superset's `QUERY_UPDATE_FREQ`: the age past which a silent run without progress is inactive. */
export const inactiveQueryIntervalMs = 2000;

/**
 * Whether the run is followed (asynchronous, pending or running), started more than `intervalMs`
 * before `nowMs`, with zero progress. A synchronous run waits for its own answer instead, and a
 * run without a known start is kept: its age is unknown.
 */
export function isInactiveRun(run: RunState, intervalMs: number, nowMs: number): boolean {
  if (!isPolledRun(run) || (run.status !== 'pending' && run.status !== 'running')) return false;
  const progress = run.status === 'running' ? run.progress : 0;
  return progress === 0 && run.startDttm !== null && nowMs - run.startDttm > intervalMs;
}

/** A run whose stored results were read takes their status: 'stopped' or 'failed' end it so. */
function withStoredResultsState(run: RunState): RunState {
  if (run.status !== 'success') return run;
  switch (run.result.meta.status) {
    case 'stopped':
      return { status: 'stopped' };
    case 'failed':
      return { status: 'failed', message: run.result.meta.query.errorMessage ?? unknownErrorMessage };
    default:
      return run;
  }
}

/**
 * The runs (by tab id) without the inactive ones, the others with the state of their stored
 * results. Answers `runs` itself when nothing changes.
 */
export function clearInactiveRuns(runs: Record<string, RunState>, intervalMs: number, nowMs: number): Record<string, RunState> {
  const kept: Record<string, RunState> = {};
  let isChanged = false;
  for (const [tabId, run] of Object.entries(runs)) {
    if (isInactiveRun(run, intervalMs, nowMs)) {
      isChanged = true;
      continue;
    }
    const cleared = withStoredResultsState(run);
    isChanged ||= cleared !== run;
    kept[tabId] = cleared;
  }
  return isChanged ? kept : runs;
}
