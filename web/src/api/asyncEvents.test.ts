import { describe, expect, it } from 'vitest';
import type { AsyncJobResponse } from '@/api/generated/AsyncJobResponse';
import {
  AsyncEventManager,
  type AsyncEventEnvironment,
  defaultPollingDelayMs,
  lastEventIdStorageKey,
  websocketReconnectDelayMs,
} from './asyncEvents';
import { ApiError } from './errors';

interface Timer {
  callback: () => void;
  delayMs: number;
}

interface FakeEnvironment {
  environment: Partial<AsyncEventEnvironment>;
  timers: Timer[];
  stored: Map<string, string>;
  asked: (string | null)[];
  warnings: string[];
  tick: () => Promise<Timer | undefined>;
}

/** A hand-driven clock, a memory storage and scripted event answers. */
function fakeEnvironment(eventBatches: AsyncJobResponse[][] = []): FakeEnvironment {
  const timers: Timer[] = [];
  const stored = new Map<string, string>();
  const asked: (string | null)[] = [];
  const warnings: string[] = [];
  const environment: Partial<AsyncEventEnvironment> = {
    fetchEvents: (lastId) => {
      asked.push(lastId);
      return Promise.resolve(eventBatches.shift() ?? []);
    },
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => {
        stored.set(key, value);
      },
    },
    setTimeout: (callback, delayMs) => {
      const timer = { callback, delayMs };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const index = timers.indexOf(handle as Timer);
      if (index >= 0) timers.splice(index, 1);
    },
    warn: (message) => {
      warnings.push(message);
    },
  };
  /** Runs the oldest pending timer and lets its promises settle. */
  async function tick(): Promise<Timer | undefined> {
    const timer = timers.shift();
    timer?.callback();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return timer;
  }
  return { environment, timers, stored, asked, warnings, tick };
}

function job(jobId: string): AsyncJobResponse {
  return { channel_id: 'user-1', job_id: jobId, user_id: '1', status: 'pending', errors: [], result_url: null };
}

function event(id: string, jobId: string, status: AsyncJobResponse['status'], resultUrl: string | null = null): AsyncJobResponse {
  return { ...job(jobId), id, status, result_url: resultUrl };
}

describe('AsyncEventManager', () => {
  it('polls every 500 ms, resolves on done and keeps the last event id', async () => {
    const fake = fakeEnvironment([[], [event('10-0', 'job-a', 'done', '/api/v1/chart/data/k')]]);
    const manager = new AsyncEventManager({ environment: fake.environment });
    const waiting = manager.waitForJob(job('job-a'));
    expect(fake.timers[0]?.delayMs).toBe(defaultPollingDelayMs);
    await fake.tick();
    await fake.tick();
    const done = await waiting;
    expect(done.result_url).toBe('/api/v1/chart/data/k');
    expect(fake.stored.get(lastEventIdStorageKey)).toBe('10-0');
    expect(fake.asked).toEqual([null, null]);
    // Nobody waits any more: polling stops.
    expect(fake.timers).toHaveLength(0);
  });

  it('sends the stored last event id and rejects on an error event', async () => {
    const failure = {
      ...event('12-0', 'job-b', 'error'),
      errors: [{ message: 'DuckDB Error: boom', error_type: 'GENERIC_DB_ENGINE_ERROR' as const, level: 'error' as const, extra: { issue_codes: [] } }],
    };
    const fake = fakeEnvironment([[failure]]);
    fake.stored.set(lastEventIdStorageKey, '11-3');
    const manager = new AsyncEventManager({ environment: fake.environment });
    const waiting = manager.waitForJob(job('job-b')).catch((error: unknown) => error);
    await fake.tick();
    const error = await waiting;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('DuckDB Error: boom');
    expect((error as ApiError).errorType).toBe('GENERIC_DB_ENGINE_ERROR');
    expect(fake.asked).toEqual(['11-3']);
  });

  it('retries an event without a listener 6 times, 100 ms times the attempt, then drops it', async () => {
    const fake = fakeEnvironment();
    const manager = new AsyncEventManager({ environment: fake.environment });
    manager.processEvents([event('13-0', 'unknown', 'done')]);
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const timer = await fake.tick();
      if (timer !== undefined) delays.push(timer.delayMs);
    }
    expect(delays).toEqual([100, 200, 300, 400, 500, 600]);
    expect(fake.warnings).toEqual(['listener not found for job_id unknown']);
  });

  it('delivers an early event once the job starts waiting', async () => {
    const fake = fakeEnvironment();
    const manager = new AsyncEventManager({ environment: fake.environment });
    manager.processEvents([event('14-0', 'job-c', 'done', '/r')]);
    const waiting = manager.waitForJob(job('job-c'));
    // The retry timer (100 ms) comes before the first poll (500 ms).
    const retry = fake.timers.find((timer) => timer.delayMs === 100);
    expect(retry).toBeDefined();
    retry?.callback();
    await expect(waiting).resolves.toMatchObject({ result_url: '/r' });
  });

  it('falls back to polling after 6 failed websocket reconnects', async () => {
    const sockets: EventTarget[] = [];
    const fake = fakeEnvironment([[event('15-0', 'job-d', 'done', '/r')]]);
    const manager = new AsyncEventManager({
      transport: 'ws',
      environment: {
        ...fake.environment,
        openWebSocket: () => {
          const socket = new EventTarget();
          sockets.push(socket);
          return socket as unknown as WebSocket;
        },
      },
    });
    const waiting = manager.waitForJob(job('job-d'));
    for (let attempt = 0; attempt < 6; attempt += 1) {
      sockets.at(-1)?.dispatchEvent(new Event('close'));
      expect(fake.timers.at(-1)?.delayMs).toBe(websocketReconnectDelayMs);
      await fake.tick();
    }
    sockets.at(-1)?.dispatchEvent(new Event('close'));
    expect(sockets).toHaveLength(7);
    expect(manager.activeTransport).toBe('polling');
    expect(fake.warnings).toContain('websocket unavailable: falling back to polling');
    await fake.tick();
    await expect(waiting).resolves.toMatchObject({ status: 'done' });
  });

  it('hands websocket messages to their job', async () => {
    const sockets: EventTarget[] = [];
    const fake = fakeEnvironment();
    const manager = new AsyncEventManager({
      transport: 'ws',
      environment: {
        ...fake.environment,
        openWebSocket: () => {
          const socket = new EventTarget();
          sockets.push(socket);
          return socket as unknown as WebSocket;
        },
      },
    });
    const waiting = manager.waitForJob(job('job-e'));
    const message = new MessageEvent('message', { data: JSON.stringify(event('16-0', 'job-e', 'done', '/x')) });
    sockets[0]?.dispatchEvent(message);
    await expect(waiting).resolves.toMatchObject({ result_url: '/x' });
    expect(fake.stored.get(lastEventIdStorageKey)).toBe('16-0');
  });
});
