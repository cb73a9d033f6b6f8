/**
 * The states of a SQL Lab run (spec 002 section 3) and the moves between them (section 4): a run
 * starts pending (asynchronous) or running, may wait as scheduled or started, moves to fetching
 * its stored rows, and ends as success, failed, stopped or timed_out. Finished states never change.
 */

/** Every state a run can be in, in the spec's order. */
export const queryStates = ['pending', 'running', 'fetching', 'success', 'failed', 'stopped', 'scheduled', 'timed_out', 'started'] as const;

export type QueryState = (typeof queryStates)[number];

/** The states of a run still in progress: running, started, pending, fetching, scheduled. */
export const inProgressQueryStates: ReadonlySet<QueryState> = new Set<QueryState>(['running', 'started', 'pending', 'fetching', 'scheduled']);

/** The states of a finished run: stopped, failed, success, timed_out. */
export const finishedQueryStates: ReadonlySet<QueryState> = new Set<QueryState>(['stopped', 'failed', 'success', 'timed_out']);

export function isQueryState(state: string): state is QueryState {
  return (queryStates as readonly string[]).includes(state);
}

export function isInProgress(state: string): boolean {
  return isQueryState(state) && inProgressQueryStates.has(state);
}

export function isFinished(state: string): boolean {
  return isQueryState(state) && finishedQueryStates.has(state);
}

/** The ends every unfinished run can reach: a stop, a failure or a timeout. */
const endings: readonly QueryState[] = ['failed', 'stopped', 'timed_out'];

/**
 * Where each state may move. A synchronous run goes from running straight to success (its answer
 * carries the rows); an asynchronous one goes through fetching its stored rows. A fetch that fails
 * ends as failed ('Failed at retrieving results').
 */
export const queryStateMoves: Readonly<Record<QueryState, readonly QueryState[]>> = {
  pending: ['scheduled', 'started', 'running', 'fetching', ...endings],
  scheduled: ['pending', 'started', 'running', ...endings],
  started: ['running', 'fetching', ...endings],
  running: ['fetching', 'success', ...endings],
  fetching: ['success', 'failed', 'stopped'],
  success: [],
  failed: [],
  stopped: [],
  timed_out: [],
};

/** Whether a run may move from `from` to `to`; staying in the same state is no move and allowed. */
export function canMove(from: QueryState, to: QueryState): boolean {
  return from === to || queryStateMoves[from].includes(to);
}

/** The states a run may start in: pending when asynchronous, else running. */
export function startState(isAsync: boolean): QueryState {
  return isAsync ? 'pending' : 'running';
}
