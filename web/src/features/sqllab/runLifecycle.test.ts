import { Utf8, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '@/api/errors';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import {
  startedRun,
  stopRun,
  isPolledRun,
  isStoppable,
  applyServerUpdate,
  applyRunResult,
  applyRunFailure,
  applyFetchedResults,
  applyFetchFailure,
  fetchFailedMessage,
  resumedRun,
  runFailureMessage,
  runsOfTabs,
  type RunState,
} from './runLifecycle';
import { resultColumn, resultMeta, sqlLabResult } from './sqlLabResultFixtures';

const clientId = 'abcdefghijk';

/** The run as `updated_since` reports it. */
function serverRun(state: string, changes: Partial<SqlLabQuery> = {}): SqlLabQuery {
  return { ...resultMeta([], 0).query, id: clientId, state, progress: 0, resultsKey: null, endDttm: null, ...changes };
}

const result = sqlLabResult([{ column: resultColumn('name', 'STRING', 1), vector: vectorFromArray(['Ada'], new Utf8()) }]);
/** The fixture's start time (epoch ms), kept through the updates. */
const startDttm = 0;
const pending: RunState = { status: 'pending', clientId, startDttm };
const asyncRunning: RunState = { status: 'running', clientId, startDttm, isAsync: true, progress: 50 };
const syncRunning: RunState = { status: 'running', clientId, startDttm, isAsync: false, progress: 0 };
const fetching: RunState = { status: 'fetching', clientId, resultsKey: 'key-1' };
const success: RunState = { status: 'success', result };
const stopped: RunState = { status: 'stopped' };
const failed: RunState = { status: 'failed', message: 'division by zero' };

describe('run lifecycle', () => {
  it('starts pending when asynchronous, running when not', () => {
    expect(startedRun(clientId, true, startDttm)).toEqual(pending);
    expect(startedRun(clientId, false, startDttm)).toEqual(syncRunning);
  });

  it('follows the server from pending to running with its progress, then to fetching the stored rows', () => {
    const running = applyServerUpdate(pending, serverRun('running', { progress: 50 }));
    expect(running).toEqual(asyncRunning);
    expect(applyServerUpdate(running, serverRun('running', { progress: 75.4 }))).toEqual({ ...asyncRunning, progress: 75 });
    expect(applyServerUpdate(running, serverRun('success', { progress: 100, resultsKey: 'key-1' }))).toEqual(fetching);
    // A success straight from pending fetches too.
    expect(applyServerUpdate(pending, serverRun('success', { resultsKey: 'key-1' }))).toEqual(fetching);
  });

  it('answers the same run when an update changes nothing', () => {
    expect(applyServerUpdate(pending, serverRun('pending'))).toBe(pending);
    expect(applyServerUpdate(asyncRunning, serverRun('running', { progress: 50 }))).toBe(asyncRunning);
  });

  it('ignores the updates of other runs', () => {
    expect(applyServerUpdate(asyncRunning, { ...serverRun('failed', { errorMessage: 'boom' }), id: 'otherrun000' })).toBe(asyncRunning);
    expect(applyServerUpdate(undefined, serverRun('running'))).toBeUndefined();
  });

  it('shows the error of a failed or timed out run', () => {
    expect(applyServerUpdate(asyncRunning, serverRun('failed', { errorMessage: 'division by zero' }))).toEqual(failed);
    expect(applyServerUpdate(pending, serverRun('timed_out', { errorMessage: 'Query exceeded the 2 second timeout.' }))).toEqual({
      status: 'failed',
      message: 'Query exceeded the 2 second timeout.',
      error: { message: 'Query exceeded the 2 second timeout.', error_type: 'SQLLAB_TIMEOUT_ERROR', level: 'error', extra: {} },
    });
    expect(applyServerUpdate(pending, serverRun('failed'))).toEqual({ status: 'failed', message: 'Unknown error' });
    // The errors the server kept for the run (its query dict's `errors`) give its typed display.
    const engineError = { message: 'DuckDB Error: no such column', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error', extra: {} } as const;
    expect(applyServerUpdate(asyncRunning, serverRun('failed', { errorMessage: engineError.message, errors: [engineError] }))).toEqual({
      status: 'failed',
      message: engineError.message,
      error: engineError,
      errors: [engineError],
    });
    expect(applyServerUpdate(asyncRunning, serverRun('stopped'))).toEqual(stopped);
  });

  it('a server refresh does not overwrite stopped or failed runs', () => {
    for (const state of ['running', 'success', 'failed', 'stopped']) {
      const update = serverRun(state, { resultsKey: 'key-1', errorMessage: 'late' });
      expect(applyServerUpdate(stopped, update)).toBe(stopped);
      expect(applyServerUpdate(failed, update)).toBe(failed);
    }
  });

  it('a server success does not regress a fetching, success or running state', () => {
    const serverSuccess = serverRun('success', { resultsKey: 'key-2', progress: 100 });
    expect(applyServerUpdate(fetching, serverSuccess)).toBe(fetching);
    expect(applyServerUpdate(success, serverSuccess)).toBe(success);
    // A synchronous run's rows come with its own answer: the server's success leaves it running.
    expect(applyServerUpdate(syncRunning, serverSuccess)).toBe(syncRunning);
    // Older updates arriving while fetching (the poll overlaps) do not move it back either.
    expect(applyServerUpdate(fetching, serverRun('running', { progress: 90 }))).toBe(fetching);
  });

  it('a success without stored rows is a failed result fetch', () => {
    expect(applyServerUpdate(asyncRunning, serverRun('success'))).toEqual({ status: 'failed', heading: fetchFailedMessage, message: '' });
  });

  it('the fetched rows end a fetching run as success, only the same run', () => {
    expect(applyFetchedResults(fetching, clientId, result)).toEqual(success);
    expect(applyFetchedResults(fetching, 'otherrun000', result)).toBe(fetching);
    expect(applyFetchedResults(stopped, clientId, result)).toBe(stopped);
  });

  it("a failed fetch shows 'Failed at retrieving results' with the server's message when it sent one", () => {
    const expired = new ApiError('Data could not be retrieved from the results backend. You need to re-run the original query.', {
      status: 410,
      isServerMessage: true,
    });
    expect(applyFetchFailure(fetching, clientId, expired)).toEqual({
      status: 'failed',
      heading: 'Failed at retrieving results',
      message: 'Data could not be retrieved from the results backend. You need to re-run the original query.',
    });
    expect(applyFetchFailure(fetching, clientId, networkError())).toEqual({ status: 'failed', heading: 'Failed at retrieving results', message: '' });
    expect(applyFetchFailure(stopped, clientId, expired)).toBe(stopped);
  });

  it('a success arriving after stop is ignored; a failure when already stopped is ignored', () => {
    const afterStop = stopRun(asyncRunning);
    expect(afterStop).toEqual(stopped);
    expect(applyRunResult(afterStop, clientId, result)).toBe(afterStop);
    expect(applyRunFailure(afterStop, clientId, new ApiError('canceling statement', { status: 500, isServerMessage: true }))).toBe(afterStop);
    expect(applyServerUpdate(afterStop, serverRun('success', { resultsKey: 'key-1' }))).toBe(afterStop);
    expect(applyFetchedResults(afterStop, clientId, result)).toBe(afterStop);
  });

  it("the execute call's answer ends the run it started", () => {
    expect(applyRunResult(syncRunning, clientId, result)).toEqual(success);
    const stoppedAnswer = { ...result, meta: { ...result.meta, status: 'stopped' } };
    expect(applyRunResult(syncRunning, clientId, stoppedAnswer)).toEqual(stopped);
    expect(applyRunResult(syncRunning, 'otherrun000', result)).toBe(syncRunning);
    const templateError = new ApiError('Parameter error', {
      status: 400,
      isServerMessage: true,
      errors: [{ message: 'Parameter error', error_type: 'MISSING_TEMPLATE_PARAMS_ERROR', level: 'error', extra: {} }],
    });
    expect(applyRunFailure(pending, clientId, templateError)).toEqual({
      status: 'failed',
      message: 'Parameter error',
      error: templateError.errors[0],
      errors: templateError.errors,
    });
  });

  it('stops only pending or running runs; polls only asynchronous ones', () => {
    expect(stopRun(pending)).toEqual(stopped);
    expect(stopRun(fetching)).toBe(fetching);
    expect(stopRun(success)).toBe(success);
    expect([pending, asyncRunning, syncRunning, fetching, success].map(isStoppable)).toEqual([true, true, true, false, false]);
    expect([pending, asyncRunning, syncRunning, fetching, success, stopped, failed].map(isPolledRun)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('takes the latest query of a tab up again after a reload', () => {
    expect(resumedRun(serverRun('pending'))).toEqual(pending);
    expect(resumedRun(serverRun('running', { progress: 50 }))).toEqual(asyncRunning);
    expect(resumedRun(serverRun('success', { resultsKey: 'key-1' }))).toEqual({ status: 'fetching', clientId, resultsKey: 'key-1' });
    expect(resumedRun(serverRun('success'))).toBeUndefined();
    expect(resumedRun(serverRun('stopped'))).toEqual(stopped);
    expect(resumedRun(serverRun('failed', { errorMessage: 'division by zero' }))).toEqual(failed);
    // A resumed pending or running run is polled.
    expect(isPolledRun(resumedRun(serverRun('running')))).toBe(true);
  });

  it("a failed run's message: the server's error, else the message, else the status text, else 'Unknown error'", () => {
    const typed = new ApiError('Bad request', {
      status: 400,
      isServerMessage: true,
      errors: [{ message: 'Only SELECT statements are allowed against this database.', error_type: 'DML_NOT_ALLOWED_ERROR', level: 'error', extra: {} }],
    });
    expect(runFailureMessage(typed)).toBe('Only SELECT statements are allowed against this database.');
    expect(runFailureMessage(new ApiError('division by zero', { status: 400, isServerMessage: true }))).toBe('division by zero');
    expect(runFailureMessage(new ApiError('Server error', { status: 500 }))).toBe('Server error');
    expect(runFailureMessage(new ApiError('', { status: 500 }))).toBe('Unknown error');
    expect(runFailureMessage(undefined)).toBe('Unknown error');
    expect(runFailureMessage(new ApiError('The CSRF token is missing.', { status: 400, isServerMessage: true }))).toBe(
      'Your session timed out, please refresh your page and try again.',
    );
  });

  it("drops a closed tab's runs and answers the same runs when every tab is still open", () => {
    const runs = { a: pending, b: success, c: failed };
    expect(runsOfTabs(runs, ['a', 'b', 'c', 'd'])).toBe(runs);
    expect(runsOfTabs(runs, ['a', 'c'])).toEqual({ a: pending, c: failed });
    expect(runsOfTabs(runs, [])).toEqual({});
  });
});
