import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import type { EventLogger, LogEvent } from '@/api/eventLog';
import { createChartLifecycleEvents, errorDetailsOf, type ChartLifecycleEvent } from './chartLifecycle';
import { logChartLoads } from './chartLoadLog';

function loggedLoads(events: ChartLifecycleEvent[]): LogEvent[] {
  const stream = createChartLifecycleEvents();
  const logged: LogEvent[] = [];
  const logger: EventLogger = { log: (event) => logged.push(event), flush: () => undefined };
  let clock = 1000;
  const unsubscribe = logChartLoads(stream, logger, () => (clock += 250));
  for (const event of events) stream.emit(event);
  unsubscribe();
  return logged;
}

describe('logChartLoads', () => {
  it("logs a chart query that ran out of time as 'load_chart' with error_details 'timeout'", () => {
    const timeout = new ApiError('Request timed out', { status: null, errorType: 'FRONTEND_TIMEOUT_ERROR' });
    const logged = loggedLoads([
      { type: 'updateStarted', chartId: 7, source: 'dashboard' },
      { type: 'updateFailed', chartId: 7, source: 'dashboard', error: timeout, errorDetails: errorDetailsOf(timeout) },
    ]);

    expect(logged).toEqual([{ event_name: 'load_chart', source: 'dashboard', slice_id: 7, has_err: true, error_details: 'timeout', duration: 250 }]);
  });

  it("logs a success without error, a stop as 'abort', and nothing for the other events", () => {
    const logged = loggedLoads([
      { type: 'chartAdded', chartId: 0, source: 'explore' },
      { type: 'queryTriggered', chartId: 0, source: 'explore' },
      { type: 'updateStarted', chartId: 0, source: 'explore' },
      { type: 'updateSucceeded', chartId: 0, source: 'explore' },
      { type: 'renderingSucceeded', chartId: 0, source: 'explore' },
      { type: 'updateStopped', chartId: 0, source: 'explore' },
    ]);

    expect(logged).toEqual([
      { event_name: 'load_chart', source: 'explore', slice_id: 0, has_err: false, duration: 250 },
      { event_name: 'load_chart', source: 'explore', slice_id: 0, has_err: true, error_details: 'abort' },
    ]);
  });
});
