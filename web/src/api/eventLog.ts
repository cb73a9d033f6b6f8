/**
 * The activity log (spec 002 §7, §9): events are queued and sent to `POST /superset/log/?explode=events`
 * in batches of at most 1024, one second after the first event of a batch (or at once when the
 * queue is full).
 */
import { apiFetch } from './client';

/** Events per batch (the queue size). */
export const logQueueSize = 1024;
/** How long a batch waits for more events. */
export const logDelayMs = 1000;
export const logEndpoint = '/superset/log/?explode=events';

/** One event: its name, where it comes from, and any details. */
export interface LogEvent {
  event_name: string;
  source?: 'dashboard' | 'slice' | 'explore' | 'sqlLab';
  source_id?: number;
  [detail: string]: unknown;
}

export interface EventLogger {
  log: (event: LogEvent) => void;
  /** Sends what is queued now. */
  flush: () => void;
}

type Sender = (events: LogEvent[]) => Promise<void>;

async function sendToServer(events: LogEvent[]): Promise<void> {
  await apiFetch(logEndpoint, { method: 'POST', body: { events } });
}

/** A logger batching its events into `send`; a failed batch is dropped (logging never breaks the page). */
export function createEventLogger(send: Sender = sendToServer, delayMs: number = logDelayMs, queueSize: number = logQueueSize): EventLogger {
  let queue: LogEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = (): void => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    while (queue.length > 0) {
      const batch = queue.slice(0, queueSize);
      queue = queue.slice(queueSize);
      send(batch).catch(() => undefined);
    }
  };

  return {
    log: (event) => {
      queue.push({ ts: Date.now(), ...event });
      if (queue.length >= queueSize) flush();
      else timer ??= setTimeout(flush, delayMs);
    },
    flush,
  };
}

/** The app's logger. */
export const eventLogger = createEventLogger();
