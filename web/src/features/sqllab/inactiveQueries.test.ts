import { describe, expect, it } from 'vitest';
import { clearInactiveRuns, inactiveQueryIntervalMs, isInactiveRun } from './inactiveQueries';
import type { RunState } from './runLifecycle';
import { resultMeta } from './sqlLabResultFixtures';
import type { SqlLabResult } from './api';

const now = 1_800_000_000_000;
const interval = inactiveQueryIntervalMs;
const longAgo = now - 10_000;

function result(status: string, errorMessage: string | null = null): SqlLabResult {
  const meta = resultMeta([], 0);
  return { meta: { ...meta, status, query: { ...meta.query, errorMessage } }, rows: { rowCount: 0, columnCount: 0, cell: () => null, sortKey: () => null } };
}

describe('clearing inactive queries (spec 002 section 4)', () => {
  it("waits Superset's 2000 ms (QUERY_UPDATE_FREQ)", () => {
    expect(inactiveQueryIntervalMs).toBe(2000);
  });

  it('drops followed runs, running or pending, older than the interval with zero progress', () => {
    const runs: Record<string, RunState> = {
      stuckRunning: { status: 'running', clientId: 'a', startDttm: longAgo, isAsync: true, progress: 0 },
      stuckPending: { status: 'pending', clientId: 'b', startDttm: longAgo },
      moving: { status: 'running', clientId: 'c', startDttm: longAgo, isAsync: true, progress: 40 },
      recent: { status: 'running', clientId: 'd', startDttm: now - interval, isAsync: true, progress: 0 },
      synchronous: { status: 'running', clientId: 'e', startDttm: longAgo, isAsync: false, progress: 0 },
      unknownStart: { status: 'pending', clientId: 'f', startDttm: null },
      fetching: { status: 'fetching', clientId: 'g', resultsKey: 'key' },
      stopped: { status: 'stopped' },
    };
    const cleared = clearInactiveRuns(runs, interval, now);
    expect(Object.keys(cleared).sort()).toEqual(['fetching', 'moving', 'recent', 'stopped', 'synchronous', 'unknownStart']);
    expect(cleared.moving).toBe(runs.moving);
    const recent = runs.recent as RunState;
    expect(isInactiveRun(recent, interval, now)).toBe(false);
    expect(isInactiveRun(recent, interval, now + 1)).toBe(true);
  });

  it('gives the others the status of their stored results', () => {
    const succeeded = { status: 'success', result: result('success') } as const;
    const runs: Record<string, RunState> = {
      succeeded,
      stoppedInResults: { status: 'success', result: result('stopped') },
      failedInResults: { status: 'success', result: result('failed', 'division by zero') },
    };
    const cleared = clearInactiveRuns(runs, interval, now);
    expect(cleared.succeeded).toBe(succeeded);
    expect(cleared.stoppedInResults).toEqual({ status: 'stopped' });
    expect(cleared.failedInResults).toEqual({ status: 'failed', message: 'division by zero' });
  });

  it('answers the same record when nothing changes', () => {
    const runs: Record<string, RunState> = { moving: { status: 'running', clientId: 'c', startDttm: longAgo, isAsync: true, progress: 40 } };
    expect(clearInactiveRuns(runs, interval, now)).toBe(runs);
    expect(clearInactiveRuns({}, interval, now)).toEqual({});
  });
});
