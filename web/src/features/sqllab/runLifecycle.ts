import { ApiError, sessionTimedOutMessage, unknownErrorMessage } from '@/api/errors';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import type { SqlLabResult } from './api';
import type { QueryState } from './queryStates';

/**
 * The run of one tab (spec 002 section 4): pending (asynchronous) or running, then fetching its
 * rows (asynchronous), then success, failed or stopped.
 */
export type RunState =
  | {
      status: 'pending';
      clientId: string;
      /** When the run started (epoch ms); null when unknown (a run taken up without it). */
      startDttm: number | null;
    }
  | {
      status: 'running';
      clientId: string;
      startDttm: number | null;
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
      /** The run's SIP-40 errors, from the failed answer or the server's query dict. */
      errors?: readonly ErrorItem[];
      /** The SQL that was run, for the caret under a parse error's line. */
      sql?: string;
    };

/**
 * The query state of a tab's run (`queryStates`): a timed-out run shows as failed with SQL Lab's
 * timeout error, so the client never holds timed_out, scheduled or started itself.
 */
export function runQueryState(run: RunState): QueryState {
  return run.status;
}

/** Spec 002 section 8: a failed result fetch. */
export const fetchFailedMessage = 'Failed at retrieving results';

/** The run a tab starts at `startDttm` (epoch ms): pending when asynchronous, else running. */
export function startedRun(clientId: string, isAsync: boolean, startDttm: number): RunState {
  return isAsync ? { status: 'pending', clientId, startDttm } : { status: 'running', clientId, startDttm, isAsync: false, progress: 0 };
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
    case 'scheduled':
      return local;
    case 'running':
    case 'started': {
      const progress = Math.min(100, Math.max(0, Math.round(server.progress)));
      if (local.status === 'running' && local.progress === progress) return local;
      return { status: 'running', clientId: local.clientId, startDttm: local.startDttm, isAsync, progress };
    }
    case 'success':
      if (!isAsync) return local;
      if (server.resultsKey === null) return { status: 'failed', heading: fetchFailedMessage, message: '' };
      return { status: 'fetching', clientId: local.clientId, resultsKey: server.resultsKey };
    case 'stopped':
      return { status: 'stopped' };
    case 'failed':
    case 'timed_out':
      return failedOnServer(server);
    default:
      return local;
  }
}

/**
 * A run the server recorded as failed or timed out, with the errors the server kept for it. A
 * timeout without them shows as SQL Lab's 'Timeout error' (a typed `SQLLAB_TIMEOUT_ERROR`), as
 * the execute call's answer does.
 */
function failedOnServer(server: SqlLabQuery): RunState {
  const message = server.errorMessage ?? unknownErrorMessage;
  const [firstError] = server.errors;
  if (firstError !== undefined) return { status: 'failed', message, error: firstError, errors: server.errors };
  if (server.state !== 'timed_out') return { status: 'failed', message };
  return { status: 'failed', message, error: { message, error_type: 'SQLLAB_TIMEOUT_ERROR', level: 'error', extra: {} } };
}

/**
 * The run a tab shows again after the page was reloaded, from the tab's latest query as the
 * server keeps it: an asynchronous run still pending or running is followed again (polled), one
 * that succeeded fetches its kept rows by `resultsKey`, a failed or stopped one shows its end.
 * A synchronous success (no kept rows) shows nothing: its rows are gone with the page.
 */
export function resumedRun(query: SqlLabQuery): RunState | undefined {
  switch (query.state) {
    case 'pending':
    case 'scheduled':
      return { status: 'pending', clientId: query.id, startDttm: query.startDttm };
    case 'running':
    case 'started':
      return {
        status: 'running',
        clientId: query.id,
        startDttm: query.startDttm,
        isAsync: true,
        progress: Math.min(100, Math.max(0, Math.round(query.progress))),
      };
    case 'success':
      return query.resultsKey === null ? undefined : { status: 'fetching', clientId: query.id, resultsKey: query.resultsKey };
    case 'stopped':
      return { status: 'stopped' };
    case 'failed':
    case 'timed_out':
      return failedOnServer(query);
    default:
      return undefined;
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

/**
 * Spec 002 section 8's message of a failed run: the server's error (its first typed error), else
 * the answer's message, else the status text, else 'Unknown error'. A message mentioning a CSRF
 * token becomes the session-timed-out message.
 */
export function runFailureMessage(error: unknown): string {
  const serverError = error instanceof ApiError ? error.errors[0]?.message : undefined;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const shown = [serverError, message].find((text) => text !== undefined && text !== '') ?? unknownErrorMessage;
  return /csrf/i.test(shown) ? sessionTimedOutMessage : shown;
}

/**
 * A failed execute call: ignored when the run is already stopped (spec 002 section 4). The message
 * is `runFailureMessage`'s.
 */
export function applyRunFailure(local: RunState | undefined, clientId: string, error: unknown, sql?: string): RunState | undefined {
  if (!isWaitingFor(local, clientId)) return local;
  const errors = error instanceof ApiError && error.errors.length > 0 ? error.errors : undefined;
  return { status: 'failed', message: runFailureMessage(error), error: errors?.[0], errors, sql };
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

/** The runs of the tabs still open: a closed tab's runs go with it (spec 002 section 4). */
export function runsOfTabs(runs: Readonly<Record<string, RunState>>, tabIds: readonly string[]): Readonly<Record<string, RunState>> {
  const open = new Set(tabIds);
  const kept = Object.entries(runs).filter(([tabId]) => open.has(tabId));
  return kept.length === Object.keys(runs).length ? runs : Object.fromEntries(kept);
}
