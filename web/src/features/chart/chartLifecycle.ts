/**
 * The chart lifecycle (spec 000 §4): the events a chart goes through and the status they leave it
 * in. Explore and dashboard charts report their events here (`useChartLifecycle`); anyone may
 * subscribe (the activity log does, `chartLoadLog.ts`).
 *
 * Status example: updateStarted (loading) > updateSucceeded (success) > renderingSucceeded
 * (rendered). A stopped run is `stopped`; a failed query or a failed drawing is `failed`.
 */
import { ApiError } from '@/api/errors';

export type ChartStatus = 'loading' | 'success' | 'stopped' | 'rendered' | 'failed';

/** Spec 000 §4: what a stopped chart says. */
export const stoppedMessage = 'Updating chart was stopped';

/** What a failed query is logged as when it ran out of time (spec 000 §8). */
export const timeoutErrorDetails = 'timeout';

/** One event of a chart, without the chart it belongs to. */
export type ChartEventDetail =
  /** The chart appeared on the page (Explore's chart, or a dashboard chart once near the viewport). */
  | { type: 'chartAdded' }
  /** The chart left the page. */
  | { type: 'chartRemoved' }
  /** The chart got another id (an unsaved Explore chart, id 0, saved as a new chart). */
  | { type: 'chartIdUpdated'; previousChartId: number }
  /** A new run was asked for: Run in Explore, a refresh or a filter change on a dashboard. */
  | { type: 'queryTriggered' }
  /** A render-only control changed: the chart draws again from the same result. */
  | { type: 'renderTriggered' }
  | { type: 'updateStarted' }
  | { type: 'updateSucceeded' }
  /** The user stopped the run; nothing failed. */
  | { type: 'updateStopped' }
  /** `errorDetails` is 'timeout' when the request ran out of time, else the error's message. */
  | { type: 'updateFailed'; error: unknown; errorDetails: string }
  /** The renderer painted the result. */
  | { type: 'renderingSucceeded' }
  /** Drawing the result threw (caught by the render boundary). */
  | { type: 'renderingFailed'; error: unknown }
  | { type: 'annotationQueryStarted'; layerName: string }
  | { type: 'annotationQuerySucceeded'; layerName: string }
  | { type: 'annotationQueryFailed'; layerName: string; error: string };

/** An event of one chart: its id (0 for an unsaved Explore chart) and where it stands. */
export type ChartLifecycleEvent = ChartEventDetail & {
  chartId: number;
  source: ChartEventSource;
};

export type ChartEventSource = 'explore' | 'dashboard';

export type ChartLifecycleEventType = ChartLifecycleEvent['type'];

/**
 * The status after `event` (spec 000 §4): loading on update start; success on update succeeded;
 * stopped; rendered; failed on update failure or render failure. A removed chart has none; other
 * events keep the status.
 */
export function chartStatusAfter(status: ChartStatus | null, event: ChartEventDetail): ChartStatus | null {
  switch (event.type) {
    case 'updateStarted':
      return 'loading';
    case 'updateSucceeded':
      return 'success';
    case 'updateStopped':
      return 'stopped';
    case 'updateFailed':
    case 'renderingFailed':
      return 'failed';
    case 'renderingSucceeded':
      return 'rendered';
    case 'chartRemoved':
      return null;
    default:
      return status;
  }
}

/** Whether a request failed because it ran out of time (the client's or the server's timeout). */
export function isTimeoutError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.errorType === 'FRONTEND_TIMEOUT_ERROR' || error.errorType === 'BACKEND_TIMEOUT_ERROR';
}

/** Superset's `error_details` of a failed chart query: 'timeout', else the error's message. */
export function errorDetailsOf(error: unknown): string {
  if (isTimeoutError(error)) return timeoutErrorDetails;
  if (error instanceof Error) return error.message;
  return String(error);
}

export type ChartLifecycleListener = (event: ChartLifecycleEvent) => void;

export interface ChartLifecycleEvents {
  /** Calls `listener` with every event from now on; returns the unsubscribe. */
  subscribe: (listener: ChartLifecycleListener) => () => void;
  emit: (event: ChartLifecycleEvent) => void;
}

/** An event stream; a listener that throws does not stop the others or the chart. */
export function createChartLifecycleEvents(): ChartLifecycleEvents {
  const listeners = new Set<ChartLifecycleListener>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit: (event) => {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          console.warn('chart lifecycle listener failed', error);
        }
      }
    },
  };
}

/** The page's one stream of chart events. */
export const chartLifecycleEvents = createChartLifecycleEvents();

/** Which chart a tracker reports for. */
export interface ChartIdentity {
  chartId: number;
  source: ChartEventSource;
}

/**
 * One chart's status, kept from the events it reports; the events go on to the stream. React
 * reads it with `useSyncExternalStore` (`subscribe`, `status`).
 */
export interface ChartLifecycleTracker {
  status: () => ChartStatus | null;
  report: (detail: ChartEventDetail) => void;
  /** The chart got another id: later events carry it; a changed id reports `chartIdUpdated`. */
  identify: (identity: ChartIdentity) => void;
  subscribe: (onChange: () => void) => () => void;
}

export function createChartLifecycleTracker(identity: ChartIdentity, events: ChartLifecycleEvents = chartLifecycleEvents): ChartLifecycleTracker {
  let current = identity;
  let status: ChartStatus | null = null;
  const onChanges = new Set<() => void>();
  const report = (detail: ChartEventDetail): void => {
    const previous = status;
    status = chartStatusAfter(previous, detail);
    events.emit({ ...detail, ...current });
    if (status === previous) return;
    for (const onChange of [...onChanges]) onChange();
  };
  return {
    status: () => status,
    report,
    identify: (next) => {
      const previousChartId = current.chartId;
      current = next;
      if (next.chartId !== previousChartId) report({ type: 'chartIdUpdated', previousChartId });
    },
    subscribe: (onChange) => {
      onChanges.add(onChange);
      return () => {
        onChanges.delete(onChange);
      };
    },
  };
}
