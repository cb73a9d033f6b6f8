import type { AsyncJobResponse } from '@/api/generated/AsyncJobResponse';
import type { AsyncEventsResponse } from '@/api/generated/AsyncEventsResponse';
import { ApiError } from './errors';

/**
 * Async chart data (spec 000 sections 4 and 9): a 202 answer names a job; the job's final event
 * arrives by polling `GET /api/v1/async_event/?last_id=` every 500 ms (default) or over the
 * websocket, which reconnects every 2.5 s up to 6 times before falling back to polling. An event
 * for a job nobody waits for yet is retried after 100 ms times the attempt, up to 6 attempts. The
 * last event id is kept in local storage.
 */
export const asyncEventPath = '/api/v1/async_event/';
export const asyncEventWebsocketPath = '/api/v1/async_event/ws';
export const lastEventIdStorageKey = 'last_async_event_id';
export const defaultPollingDelayMs = 500;
export const eventRetryDelayMs = 100;
export const eventRetryAttempts = 6;
export const websocketReconnectDelayMs = 2500;
export const websocketReconnectAttempts = 6;

export type AsyncTransport = 'polling' | 'ws';

type Listener = (event: AsyncJobResponse) => void;

/** The pieces of the browser the manager uses, replaceable in tests. */
export interface AsyncEventEnvironment {
  fetchEvents: (lastId: string | null) => Promise<AsyncJobResponse[]>;
  openWebSocket: (url: string) => WebSocket;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  setTimeout: (callback: () => void, delayMs: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  warn: (message: string) => void;
}

async function fetchEventsOverHttp(lastId: string | null): Promise<AsyncJobResponse[]> {
  const query = lastId === null ? '' : `?last_id=${encodeURIComponent(lastId)}`;
  const response = await fetch(`${asyncEventPath}${query}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) {
    throw new ApiError(`Received unexpected response status (${response.status}) while fetching async events`, {
      status: response.status,
    });
  }
  return ((await response.json()) as AsyncEventsResponse).result;
}

function browserEnvironment(): AsyncEventEnvironment {
  return {
    fetchEvents: fetchEventsOverHttp,
    openWebSocket: (url) => new WebSocket(url),
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    setTimeout: (callback, delayMs) => window.setTimeout(callback, delayMs),
    clearTimeout: (handle) => {
      window.clearTimeout(handle as number);
    },
    warn: (message) => {
      console.warn(message);
    },
  };
}

/** Receives job events and hands each to the job waiting for it. */
export class AsyncEventManager {
  private readonly listeners = new Map<string, Listener>();
  private readonly retries = new Map<string, number>();
  private readonly environment: AsyncEventEnvironment;
  private readonly pollingDelayMs: number;
  private transport: AsyncTransport;
  private pollHandle: unknown = null;
  private socket: WebSocket | null = null;
  private reconnects = 0;

  constructor(options: { transport?: AsyncTransport; pollingDelayMs?: number; environment?: Partial<AsyncEventEnvironment> } = {}) {
    this.environment = { ...browserEnvironment(), ...options.environment };
    this.pollingDelayMs = options.pollingDelayMs ?? defaultPollingDelayMs;
    this.transport = options.transport ?? 'polling';
  }

  get activeTransport(): AsyncTransport {
    return this.transport;
  }

  private lastEventId(): string | null {
    return this.environment.storage?.getItem(lastEventIdStorageKey) ?? null;
  }

  private rememberEventId(id: string): void {
    this.environment.storage?.setItem(lastEventIdStorageKey, id);
  }

  /** Waits for the job's event: resolves with a `done` event, rejects with an `error` one. */
  waitForJob(job: AsyncJobResponse, signal?: AbortSignal): Promise<AsyncJobResponse> {
    return new Promise((resolve, reject) => {
      const stop = (): void => {
        this.listeners.delete(job.job_id);
        this.stopWhenIdle();
      };
      signal?.addEventListener('abort', () => {
        stop();
        reject(new DOMException('Updating chart was stopped', 'AbortError'));
      });
      this.listeners.set(job.job_id, (event) => {
        stop();
        if (event.status === 'done') {
          resolve(event);
        } else if (event.status === 'error') {
          const first = event.errors[0];
          reject(
            new ApiError(first?.message ?? 'An error occurred', {
              status: null,
              errorType: first?.error_type ?? null,
              errors: event.errors,
            }),
          );
        } else {
          this.environment.warn(`received event with status ${event.status}`);
        }
      });
      this.start();
    });
  }

  /** Hands events to their listeners; an event without one is retried, then dropped. */
  processEvents(events: readonly AsyncJobResponse[]): void {
    for (const event of events) {
      const listener = this.listeners.get(event.job_id);
      if (listener !== undefined) {
        this.retries.delete(event.job_id);
        listener(event);
      } else {
        const attempt = (this.retries.get(event.job_id) ?? 0) + 1;
        if (attempt <= eventRetryAttempts) {
          this.retries.set(event.job_id, attempt);
          this.environment.setTimeout(() => {
            this.processEvents([event]);
          }, eventRetryDelayMs * attempt);
        } else {
          this.retries.delete(event.job_id);
          this.environment.warn(`listener not found for job_id ${event.job_id}`);
        }
      }
      if (event.id !== undefined) this.rememberEventId(event.id);
    }
  }

  private start(): void {
    if (this.transport === 'ws') {
      if (this.socket === null) this.connect();
    } else if (this.pollHandle === null) {
      this.schedulePoll();
    }
  }

  private stopWhenIdle(): void {
    if (this.listeners.size > 0) return;
    if (this.pollHandle !== null) {
      this.environment.clearTimeout(this.pollHandle);
      this.pollHandle = null;
    }
  }

  private schedulePoll(): void {
    this.pollHandle = this.environment.setTimeout(() => {
      void this.poll();
    }, this.pollingDelayMs);
  }

  private async poll(): Promise<void> {
    try {
      this.processEvents(await this.environment.fetchEvents(this.lastEventId()));
    } catch (error) {
      this.environment.warn(`async event polling failed: ${String(error)}`);
    }
    if (this.listeners.size > 0 && this.transport === 'polling') {
      this.schedulePoll();
    } else {
      this.pollHandle = null;
    }
  }

  private connect(): void {
    const last = this.lastEventId();
    const query = last === null ? '' : `?last_id=${encodeURIComponent(last)}`;
    const scheme = typeof location !== 'undefined' && location.protocol === 'https:' ? 'wss' : 'ws';
    const host = typeof location === 'undefined' ? '127.0.0.1:8088' : location.host;
    let socket: WebSocket;
    try {
      socket = this.environment.openWebSocket(`${scheme}://${host}${asyncEventWebsocketPath}${query}`);
    } catch {
      this.reconnect();
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.reconnects = 0;
    });
    socket.addEventListener('message', (message: MessageEvent) => {
      if (typeof message.data === 'string') {
        this.processEvents([JSON.parse(message.data) as AsyncJobResponse]);
      }
    });
    socket.addEventListener('close', () => {
      this.socket = null;
      this.reconnect();
    });
  }

  private reconnect(): void {
    if (this.reconnects >= websocketReconnectAttempts) {
      this.environment.warn('websocket unavailable: falling back to polling');
      this.transport = 'polling';
      if (this.listeners.size > 0) this.schedulePoll();
      return;
    }
    this.reconnects += 1;
    this.environment.setTimeout(() => {
      this.connect();
    }, websocketReconnectDelayMs);
  }
}

let sharedManager: AsyncEventManager | null = null;

/** The page's one manager (polling, as Superset's default transport). */
export function asyncEventManager(): AsyncEventManager {
  sharedManager ??= new AsyncEventManager();
  return sharedManager;
}
