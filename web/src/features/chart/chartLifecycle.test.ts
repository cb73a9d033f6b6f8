import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, networkError } from '@/api/errors';
import {
  chartStatusAfter,
  createChartLifecycleEvents,
  createChartLifecycleTracker,
  errorDetailsOf,
  type ChartEventDetail,
  type ChartLifecycleEvent,
  type ChartStatus,
} from './chartLifecycle';

const failure: ChartEventDetail = { type: 'updateFailed', error: new Error('boom'), errorDetails: 'boom' };

describe('chartStatusAfter', () => {
  it.each<[ChartStatus | null, ChartEventDetail, ChartStatus | null]>([
    [null, { type: 'updateStarted' }, 'loading'],
    ['rendered', { type: 'updateStarted' }, 'loading'],
    ['loading', { type: 'updateSucceeded' }, 'success'],
    ['loading', { type: 'updateStopped' }, 'stopped'],
    ['loading', failure, 'failed'],
    ['success', { type: 'renderingSucceeded' }, 'rendered'],
    ['success', { type: 'renderingFailed', error: new TypeError('x') }, 'failed'],
    ['rendered', { type: 'renderTriggered' }, 'rendered'],
    ['rendered', { type: 'queryTriggered' }, 'rendered'],
    ['rendered', { type: 'annotationQueryStarted', layerName: 'Releases' }, 'rendered'],
    ['failed', { type: 'annotationQueryFailed', layerName: 'Releases', error: 'Query timeout' }, 'failed'],
    [null, { type: 'chartAdded' }, null],
    ['rendered', { type: 'chartIdUpdated', previousChartId: 0 }, 'rendered'],
    ['rendered', { type: 'chartRemoved' }, null],
  ])('%s, then %o, is %s', (status, event, expected) => {
    expect(chartStatusAfter(status, event)).toBe(expected);
  });
});

describe('errorDetailsOf', () => {
  it("is 'timeout' for a request that ran out of time, on the client or on the server", () => {
    expect(errorDetailsOf(new ApiError('Request timed out', { status: null, errorType: 'FRONTEND_TIMEOUT_ERROR' }))).toBe('timeout');
    expect(errorDetailsOf(new ApiError('Query timed out', { status: 408, errorType: 'BACKEND_TIMEOUT_ERROR' }))).toBe('timeout');
  });

  it("is the error's message otherwise", () => {
    expect(errorDetailsOf(networkError())).toBe('Network error');
    expect(errorDetailsOf('Column "nope" does not exist')).toBe('Column "nope" does not exist');
  });
});

describe('chart lifecycle events', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('tells every subscriber until it unsubscribes, even when another subscriber throws', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const events = createChartLifecycleEvents();
    const seen: string[] = [];
    events.subscribe(() => {
      throw new Error('listener broke');
    });
    const unsubscribe = events.subscribe((event) => seen.push(event.type));
    events.emit({ type: 'chartAdded', chartId: 3, source: 'dashboard' });
    unsubscribe();
    events.emit({ type: 'chartRemoved', chartId: 3, source: 'dashboard' });

    expect(seen).toEqual(['chartAdded']);
    expect(console.warn).toHaveBeenCalledTimes(2);
  });
});

describe('createChartLifecycleTracker', () => {
  function trackedChart(): { tracker: ReturnType<typeof createChartLifecycleTracker>; emitted: ChartLifecycleEvent[]; changes: ChartStatus[] } {
    const events = createChartLifecycleEvents();
    const emitted: ChartLifecycleEvent[] = [];
    events.subscribe((event) => emitted.push(event));
    const tracker = createChartLifecycleTracker({ chartId: 0, source: 'explore' }, events);
    const changes: ChartStatus[] = [];
    tracker.subscribe(() => {
      const status = tracker.status();
      if (status !== null) changes.push(status);
    });
    return { tracker, emitted, changes };
  }

  it('keeps the status of the events it reports and sends them on with the chart', () => {
    const { tracker, emitted, changes } = trackedChart();
    tracker.report({ type: 'queryTriggered' });
    tracker.report({ type: 'updateStarted' });
    tracker.report({ type: 'updateSucceeded' });
    tracker.report({ type: 'renderingSucceeded' });
    tracker.report({ type: 'renderTriggered' });

    expect(tracker.status()).toBe('rendered');
    expect(changes).toEqual(['loading', 'success', 'rendered']);
    expect(emitted).toEqual([
      { type: 'queryTriggered', chartId: 0, source: 'explore' },
      { type: 'updateStarted', chartId: 0, source: 'explore' },
      { type: 'updateSucceeded', chartId: 0, source: 'explore' },
      { type: 'renderingSucceeded', chartId: 0, source: 'explore' },
      { type: 'renderTriggered', chartId: 0, source: 'explore' },
    ]);
  });

  it('reports a new id once, and later events carry it', () => {
    const { tracker, emitted } = trackedChart();
    tracker.identify({ chartId: 0, source: 'explore' });
    tracker.identify({ chartId: 42, source: 'explore' });
    tracker.report({ type: 'updateStopped' });

    expect(emitted).toEqual([
      { type: 'chartIdUpdated', previousChartId: 0, chartId: 42, source: 'explore' },
      { type: 'updateStopped', chartId: 42, source: 'explore' },
    ]);
    expect(tracker.status()).toBe('stopped');
  });
});
