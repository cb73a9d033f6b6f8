import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ChartDataArrowResult } from '@/api/chartData';
import {
  createChartLifecycleTracker,
  errorDetailsOf,
  type ChartEventDetail,
  type ChartEventSource,
  type ChartStatus,
} from './chartLifecycle';

/** Where the chart's query stands, read from React Query and the run (no run: `none`). */
export type ChartUpdate =
  | { phase: 'none' }
  | { phase: 'started' }
  | { phase: 'stopped' }
  | { phase: 'succeeded'; results: readonly ChartDataArrowResult[] }
  | { phase: 'failed'; error: unknown };

/** The first query result the server answered with an error (its `meta.error`), if any. */
export function failedResultOf(results: readonly ChartDataArrowResult[] | undefined): ChartDataArrowResult | undefined {
  return results?.find((queryResult) => queryResult.meta.error !== null);
}

/**
 * The update phase of a chart: stopped by the user, started while its request runs, failed on a
 * failed request or a result carrying an error, succeeded with the results. A query that waits
 * (not enabled yet) has no phase.
 */
export function chartUpdateOf(chartData: UseQueryResult<ChartDataArrowResult[]>, hasRun: boolean, isStopped: boolean): ChartUpdate {
  if (!hasRun) return { phase: 'none' };
  if (isStopped) return { phase: 'stopped' };
  if (chartData.isFetching) return { phase: 'started' };
  if (chartData.isError) return { phase: 'failed', error: chartData.error };
  const results = chartData.data;
  if (results === undefined) return { phase: 'none' };
  const resultError = failedResultOf(results)?.meta.error;
  // The message itself (a string) is the error: the same failure stays the same update.
  if (resultError !== undefined && resultError !== null) return { phase: 'failed', error: resultError };
  return { phase: 'succeeded', results };
}

function isSameUpdate(previous: ChartUpdate, next: ChartUpdate): boolean {
  if (previous.phase === 'succeeded' && next.phase === 'succeeded') return previous.results === next.results;
  if (previous.phase === 'failed' && next.phase === 'failed') return previous.error === next.error;
  return previous.phase === next.phase;
}

function updateEventOf(update: ChartUpdate): ChartEventDetail | null {
  switch (update.phase) {
    case 'none':
      return null;
    case 'started':
      return { type: 'updateStarted' };
    case 'stopped':
      return { type: 'updateStopped' };
    case 'succeeded':
      return { type: 'updateSucceeded' };
    case 'failed':
      return { type: 'updateFailed', error: update.error, errorDetails: errorDetailsOf(update.error) };
  }
}

export interface ChartLifecycleOptions {
  /** The saved chart's id; 0 for an unsaved Explore chart. */
  chartId: number;
  source: ChartEventSource;
  /** Names the run asked for; a new value reports `queryTriggered`. Undefined: no run asked. */
  runKey?: string | number;
  update: ChartUpdate;
  /** The form data drawn, as text: a change with the same results reports `renderTriggered`. */
  drawnFormDataText: string;
}

export interface ChartLifecycle {
  status: ChartStatus | null;
  /** The renderer painted the current results. */
  onRendered: () => void;
  /** Drawing the results threw. */
  onRenderFailed: (error: unknown) => void;
  /** An annotation query of the chart started, succeeded or failed. */
  reportAnnotationQuery: (detail: Extract<ChartEventDetail, { layerName: string }>) => void;
}

/**
 * Reports a chart's lifecycle events (spec 000 §4) as its query and drawing go, and answers its
 * status. The update events are reported in layout effects, so they come before the renderer's
 * `onRendered` (a passive effect) of the same commit.
 */
export function useChartLifecycle({ chartId, source, runKey, update, drawnFormDataText }: ChartLifecycleOptions): ChartLifecycle {
  const [tracker] = useState(() => createChartLifecycleTracker({ chartId, source }));
  const status = useSyncExternalStore(tracker.subscribe, tracker.status);
  const previousUpdate = useRef<ChartUpdate>({ phase: 'none' });
  const previousFormDataText = useRef(drawnFormDataText);

  useLayoutEffect(() => {
    tracker.identify({ chartId, source });
  }, [tracker, chartId, source]);

  useLayoutEffect(() => {
    tracker.report({ type: 'chartAdded' });
    return () => {
      tracker.report({ type: 'chartRemoved' });
      // Added again (React's strict mode remounts): the update is reported again.
      previousUpdate.current = { phase: 'none' };
    };
  }, [tracker]);

  useLayoutEffect(() => {
    if (runKey !== undefined) tracker.report({ type: 'queryTriggered' });
  }, [tracker, runKey]);

  useLayoutEffect(() => {
    const previous = previousUpdate.current;
    const isRedrawn = previousFormDataText.current !== drawnFormDataText;
    previousUpdate.current = update;
    previousFormDataText.current = drawnFormDataText;
    if (!isSameUpdate(previous, update)) {
      const detail = updateEventOf(update);
      if (detail !== null) tracker.report(detail);
      return;
    }
    if (isRedrawn && update.phase === 'succeeded') tracker.report({ type: 'renderTriggered' });
  });

  const onRendered = useCallback(() => {
    // As Superset: only a fresh success becomes rendered (a resize or a redraw changes nothing).
    if (tracker.status() === 'success') tracker.report({ type: 'renderingSucceeded' });
  }, [tracker]);
  const onRenderFailed = useCallback((error: unknown) => tracker.report({ type: 'renderingFailed', error }), [tracker]);
  return { status, onRendered, onRenderFailed, reportAnnotationQuery: tracker.report };
}
