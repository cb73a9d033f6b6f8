import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventLogger, logDelayMs, logQueueSize, type LogEvent } from './eventLog';

describe('event logger', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the events of one second in one batch', () => {
    const batches: LogEvent[][] = [];
    const logger = createEventLogger((events) => {
      batches.push(events);
      return Promise.resolve();
    });
    logger.log({ event_name: 'mount_dashboard', source: 'dashboard', source_id: 3 });
    logger.log({ event_name: 'load_chart', slice_id: 7 });
    vi.advanceTimersByTime(logDelayMs - 1);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((event) => event.event_name)).toEqual(['mount_dashboard', 'load_chart']);
    expect(batches[0]?.[0]?.source_id).toBe(3);
    expect(typeof batches[0]?.[0]?.ts).toBe('number');
  });

  it('sends a full queue at once, in batches of at most 1024', () => {
    const sizes: number[] = [];
    const logger = createEventLogger((events) => {
      sizes.push(events.length);
      return Promise.resolve();
    });
    for (let index = 0; index < logQueueSize + 5; index += 1) logger.log({ event_name: 'x' });
    expect(sizes).toEqual([logQueueSize]);
    vi.advanceTimersByTime(logDelayMs);
    expect(sizes).toEqual([logQueueSize, 5]);
  });

  it('keeps logging after a batch the server refuses', async () => {
    let calls = 0;
    const logger = createEventLogger(() => {
      calls += 1;
      return Promise.reject(new Error('offline'));
    });
    logger.log({ event_name: 'first' });
    logger.flush();
    await Promise.resolve();
    logger.log({ event_name: 'second' });
    vi.advanceTimersByTime(logDelayMs);
    expect(calls).toBe(2);
  });
});
