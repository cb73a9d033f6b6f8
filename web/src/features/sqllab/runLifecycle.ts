import { ApiError, errorMessage, unknownErrorMessage } from '@/api/errors';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import type { SqlLabResult } from './api';

/**
 * The run of one tab (spec 002 section 4): pending (asynchronous) or running, then fetching its
 * rows (asynchronous), then success, failed or stopped.
 */
export type RunState =
  | { status: 'pending'; clientId: string }
  | {
      status: 'running';
      clientId: string;
      /** Asynchronous: the server's updates carry it on; a synchronous run ends with its answer. */
      isAsync: boolean;
      /** 0-100, as the engine reports it. */
      progress: number;
    }
  | { status: 'fetching'; clientId: string; resultsKey: string }
  | { status: 'success'; result: SqlLabResult }
  | { status: 'stopped' }
  | {
      status: 'failed';
      message: string;
      /** A line above the message ('Failed at retrieving results'). */
      heading?: string;
      /** The server's first error, when it sent one (a 'Parameter error' shows its detail). */
      error?: ErrorItem;
    };

/** Spec 002 section 8: a failed result fetch. */
export const fetchFailedMessage = 'Failed at retrieving results';

/** The run a tab starts: pending when asynchronous, else running. */
export function startedRun(clientId: string, isAsync: boolean): RunState {
  return isAsync ? { status: 'pending', clientId } : { status: 'running', clientId, isAsync: false, progress: 0 };
}

/** Whether Stop applies: the run is pending or running. */
export function isStoppable(run: RunState | undefined): run is Extract<RunState, { status: 'pending' | 'running' }> {
  return run?.status === 'pending' || run?.status === 'running';
}

/** Whether the server's updates are polled for the run: an asynchronous run, pending or running. */
export function isPolledRun(run: RunState | undefined): boolean {
  return run?.status === 'pending' || (run?.status === 'running' && run.isAsync);
}

function isWaitingFor(run: RunState | undefined, clientId: string): run is Extract<RunState, { status: 'pending' | 'running' }> {
  return isStoppable(run) && run.clientId === clientId;
}

/**
 * A refresh of the run from the server (`updated_since`), matched by client id. Rules (spec 002
 * section 4): a stopped or failed run is not overwritten; a server success does not regress a
 * fetching, success or running state: it moves an asynchronous run to fetching its stored rows
 * (`resultsKey`), never straight to success, and leaves a synchronous run to its own answer.
 * Answers `local` itself when nothing changes.
 */
export function applyServerUpdate(local: RunState | undefined, server: SqlLabQuery): RunState | undefined {
  if (!isWaitingFor(local, server.id)) return local;
  const isAsync = local.status === 'pending' || local.isAsync;
  switch (server.state) {
    case 'pending':
      return local;
    case 'running':
    case 'started': {
      const progress = Math.min(100, Math.max(0, Math.round(server.progress)));
      if (local.status === 'running' && local.progress === progress) return local;
      return { status: 'running', clientId: local.clientId, isAsync, progress };
    }
    case 'success':
      if (!isAsync) return local;
      if (server.resultsKey === null) return { status: 'failed', heading: fetchFailedMessage, message: '' };
      return { status: 'fetching', clientId: local.clientId, resultsKey: server.resultsKey };
    case 'stopped':
      return { status: 'stopped' };
    case 'failed':
    case 'timed_out':
      return { status: 'failed', message: server.errorMessage ?? unknownErrorMessage };
    default:
      return local;
  }
}

/**
 * The execute call's answer of a synchronous run. A success arriving after the run was stopped,
 * or after another run started, is ignored (spec 002 section 4).
 */
export function applyRunResult(local: RunState | undefined, clientId: string, result: SqlLabResult): RunState | undefined {
  if (!isWaitingFor(local, clientId)) return local;
  return result.meta.status === 'stopped' ? { status: 'stopped' } : { status: 'success', result };
}

/** A failed execute call: ignored when the run is already stopped (spec 002 section 4). */
export function applyRunFailure(local: RunState | undefined, clientId: string, error: unknown): RunState | undefined {
  if (!isWaitingFor(local, clientId)) return local;
  return { status: 'failed', message: errorMessage(error), error: error instanceof ApiError ? error.errors[0] : undefined };
}

/** The stored rows of a fetching run have arrived. */
export function applyFetchedResults(local: RunState | undefined, clientId: string, result: SqlLabResult): RunState | undefined {
  if (local?.status !== 'fetching' || local.clientId !== clientId) return local;
  return { status: 'success', result };
}

/**
 * The stored rows could not be read: 'Failed at retrieving results', with the server's message
 * under it when it sent one (an expired result answers 410 and says to re-run the query).
 */
export function applyFetchFailure(local: RunState | undefined, clientId: string, error: unknown): RunState | undefined {
  if (local?.status !== 'fetching' || local.clientId !== clientId) return local;
  const serverMessage = error instanceof ApiError && error.isServerMessage ? error.message : '';
  return { status: 'failed', heading: fetchFailedMessage, message: serverMessage };
}

/** Stop: a pending or running run becomes stopped at once; later answers are ignored. */
export function stopRun(local: RunState | undefined): RunState | undefined {
  return isStoppable(local) ? { status: 'stopped' } : local;
}
