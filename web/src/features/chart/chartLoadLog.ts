/**
 * Logs chart loads to the activity log, as Superset's `load_chart` events: each finished update
 * with its duration, a failure with `has_err` and its `error_details` ('timeout' for a query that
 * ran out of time, spec 000 §8), a stopped run as 'abort'.
 */
import { eventLogger, type EventLogger } from '@/api/eventLog';
import { chartLifecycleEvents, type ChartLifecycleEvent, type ChartLifecycleEvents } from './chartLifecycle';

export const loadChartEventName = 'load_chart';
/** Superset's `error_details` of a stopped run. */
export const abortErrorDetails = 'abort';

/** Whether a load failed, and how. */
export interface LoadChartOutcome {
  has_err: boolean;
  error_details?: string;
}

/** The `load_chart` fields of a finished update (null for any other event). */
export function loadChartOutcome(event: ChartLifecycleEvent): LoadChartOutcome | null {
  switch (event.type) {
    case 'updateSucceeded':
      return { has_err: false };
    case 'updateFailed':
      return { has_err: true, error_details: event.errorDetails };
    case 'updateStopped':
      return { has_err: true, error_details: abortErrorDetails };
    default:
      return null;
  }
}

/** Subscribes the logger to the charts' events; returns the unsubscribe. */
export function logChartLoads(
  events: ChartLifecycleEvents = chartLifecycleEvents,
  logger: EventLogger = eventLogger,
  now: () => number = Date.now,
): () => void {
  const startedAtByChart = new Map<string, number>();
  return events.subscribe((event) => {
    const chartKey = `${event.source}:${event.chartId}`;
    if (event.type === 'updateStarted') {
      startedAtByChart.set(chartKey, now());
      return;
    }
    const outcome = loadChartOutcome(event);
    if (outcome === null) return;
    const startedAt = startedAtByChart.get(chartKey);
    startedAtByChart.delete(chartKey);
    logger.log({
      event_name: loadChartEventName,
      source: event.source,
      slice_id: event.chartId,
      ...outcome,
      ...(startedAt === undefined ? {} : { duration: now() - startedAt }),
    });
  });
}
