import { Utf8, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import {
  canMove,
  finishedQueryStates,
  inProgressQueryStates,
  isFinished,
  isInProgress,
  isQueryState,
  queryStateMoves,
  queryStates,
  startState,
  type QueryState,
} from './queryStates';
import {
  applyFetchedResults,
  applyFetchFailure,
  applyRunFailure,
  applyRunResult,
  applyServerUpdate,
  runQueryState,
  startedRun,
  stopRun,
  type RunState,
} from './runLifecycle';
import { resultColumn, resultMeta, sqlLabResult } from './sqlLabResultFixtures';

const clientId = 'abcdefghijk';
const result = sqlLabResult([{ column: resultColumn('name', 'STRING', 1), vector: vectorFromArray(['Ada'], new Utf8()) }]);

function serverRun(state: string, changes: Partial<SqlLabQuery> = {}): SqlLabQuery {
  return { ...resultMeta([], 0).query, id: clientId, state, progress: 0, resultsKey: null, endDttm: null, ...changes };
}

/**
 * Folds the steps over a run and answers the query state after each; fails when a step moves the
 * run somewhere the state machine does not allow.
 */
function walk(start: RunState, steps: readonly ((run: RunState | undefined) => RunState | undefined)[]): QueryState[] {
  const seen: QueryState[] = [runQueryState(start)];
  let run: RunState = start;
  for (const step of steps) {
    const next = step(run) ?? run;
    const from = runQueryState(run);
    const to = runQueryState(next);
    expect(canMove(from, to), `${from} -> ${to}`).toBe(true);
    if (to !== from) seen.push(to);
    run = next;
  }
  return seen;
}

describe('query states (spec 002 section 3)', () => {
  it('lists the nine states, in progress and finished as the spec groups them', () => {
    expect(queryStates).toEqual(['pending', 'running', 'fetching', 'success', 'failed', 'stopped', 'scheduled', 'timed_out', 'started']);
    expect([...inProgressQueryStates].sort()).toEqual(['fetching', 'pending', 'running', 'scheduled', 'started']);
    expect([...finishedQueryStates].sort()).toEqual(['failed', 'stopped', 'success', 'timed_out']);
    // Every state is either in progress or finished, never both.
    for (const state of queryStates) expect(isInProgress(state) !== isFinished(state), state).toBe(true);
    expect(isQueryState('offline')).toBe(false);
    expect(isInProgress('offline')).toBe(false);
    expect(isFinished('offline')).toBe(false);
  });

  it('never moves a finished run, and lets every unfinished one end as failed, stopped or timed_out', () => {
    for (const state of finishedQueryStates) {
      expect(queryStateMoves[state]).toEqual([]);
      for (const other of queryStates) expect(canMove(state, other)).toBe(other === state);
    }
    for (const state of inProgressQueryStates) {
      expect(canMove(state, 'failed')).toBe(true);
      expect(canMove(state, 'stopped')).toBe(true);
    }
    // Fetching has its rows computed already: it cannot time out or go back.
    expect(canMove('fetching', 'timed_out')).toBe(false);
    expect(canMove('fetching', 'running')).toBe(false);
    // Success is reached from running (synchronous) or fetching (asynchronous), never from pending.
    expect(queryStates.filter((state) => canMove(state, 'success') && state !== 'success')).toEqual(['running', 'fetching']);
  });

  it('starts pending when asynchronous, running when not', () => {
    expect(startState(true)).toBe('pending');
    expect(startState(false)).toBe('running');
    expect(runQueryState(startedRun(clientId, true, 0))).toBe(startState(true));
    expect(runQueryState(startedRun(clientId, false, 0))).toBe(startState(false));
  });
});

describe('run lifecycle through the state machine (spec 002 section 4)', () => {
  it('a synchronous run: running, then success with its answer', () => {
    const states = walk(startedRun(clientId, false, 0), [
      (run) => applyServerUpdate(run, serverRun('running', { progress: 40 })),
      (run) => applyRunResult(run, clientId, result),
    ]);
    expect(states).toEqual(['running', 'success']);
  });

  it('a synchronous run: running, then failed; a stop before the answer keeps it stopped', () => {
    expect(walk(startedRun(clientId, false, 0), [(run) => applyRunFailure(run, clientId, new ApiError('boom', { status: 500 }))])).toEqual([
      'running',
      'failed',
    ]);
    expect(
      walk(startedRun(clientId, false, 0), [
        stopRun,
        (run) => applyRunResult(run, clientId, result),
        (run) => applyRunFailure(run, clientId, new Error('late')),
      ]),
    ).toEqual(['running', 'stopped']);
  });

  it('an asynchronous run: pending (also while scheduled), running, fetching its stored rows, success', () => {
    const states = walk(startedRun(clientId, true, 0), [
      (run) => applyServerUpdate(run, serverRun('pending')),
      (run) => applyServerUpdate(run, serverRun('scheduled')),
      (run) => applyServerUpdate(run, serverRun('started')),
      (run) => applyServerUpdate(run, serverRun('running', { progress: 50 })),
      (run) => applyServerUpdate(run, serverRun('success', { progress: 100, resultsKey: 'key-1' })),
      // A repeated server success does not regress the fetch.
      (run) => applyServerUpdate(run, serverRun('success', { progress: 100, resultsKey: 'key-1' })),
      (run) => applyFetchedResults(run, clientId, result),
    ]);
    expect(states).toEqual(['pending', 'running', 'fetching', 'success']);
  });

  it('an asynchronous run that fails, times out, is stopped, or whose rows cannot be read', () => {
    expect(walk(startedRun(clientId, true, 0), [(run) => applyServerUpdate(run, serverRun('failed', { errorMessage: 'no such table' }))])).toEqual([
      'pending',
      'failed',
    ]);
    // A timeout shows as failed with SQL Lab's timeout error.
    const timedOut = applyServerUpdate(startedRun(clientId, true, 0), serverRun('timed_out', { errorMessage: 'Query exceeded the 2 second timeout.' }));
    expect(timedOut?.status === 'failed' ? timedOut.error?.error_type : null).toBe('SQLLAB_TIMEOUT_ERROR');
    expect(
      walk(startedRun(clientId, true, 0), [
        (run) => applyServerUpdate(run, serverRun('running', { progress: 10 })),
        stopRun,
        (run) => applyServerUpdate(run, serverRun('success', { resultsKey: 'key-1' })),
      ]),
    ).toEqual(['pending', 'running', 'stopped']);
    expect(
      walk(startedRun(clientId, true, 0), [
        (run) => applyServerUpdate(run, serverRun('success', { resultsKey: 'key-1' })),
        (run) => applyFetchFailure(run, clientId, new ApiError('gone', { status: 410 })),
      ]),
    ).toEqual(['pending', 'fetching', 'failed']);
  });
});
