import type { PostProcessReply, PostProcessRequest, PostProcessWarmUp } from './postProcessMessages';

/**
 * Post-processing of Arrow results in a Web Worker (quiver-core in Wasm), so a 1M-row pivot never
 * blocks the page. Where workers are unavailable (unit tests), it runs on the main thread.
 */
interface Pending {
  resolve: (ipc: Uint8Array) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/** The error a failed rule gives: its name (InvalidPostProcessing, InvalidInput) and message. */
export class PostProcessingError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

function startWorker(): Worker {
  const started = new Worker(new URL('./postProcess.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (message: MessageEvent<PostProcessReply>) => {
    const reply = message.data;
    const waiting = pending.get(reply.id);
    if (waiting === undefined) return;
    pending.delete(reply.id);
    if (reply.error !== undefined) {
      waiting.reject(new PostProcessingError(reply.error.name, reply.error.message));
    } else {
      waiting.resolve(reply.ipc);
    }
  };
  started.onerror = (event) => {
    // A worker that cannot start fails everything waiting; the next call starts a new one.
    for (const waiting of pending.values()) waiting.reject(new Error(event.message || 'The post-processing worker failed'));
    pending.clear();
    worker = null;
  };
  return started;
}

async function onMainThread(ipc: Uint8Array, rules: unknown[], reaggregation: unknown): Promise<Uint8Array> {
  const corePackage = await import('./pkg/quiver_core.js');
  await corePackage.default();
  try {
    const regrouped = reaggregation === undefined ? ipc : corePackage.reaggregate(ipc, reaggregation);
    return rules.length === 0 ? regrouped : corePackage.applyPostProcessing(regrouped, rules);
  } catch (thrown) {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    throw new PostProcessingError(error.name, error.message);
  }
}

/**
 * Starts the worker and its Wasm module now, so that the first chart to post-process does not
 * wait for them (a dashboard calls it while its own API calls run). Without workers: nothing.
 */
export function preloadPostProcessing(): void {
  if (typeof Worker === 'undefined' || worker !== null) return;
  worker = startWorker();
  const warmUp: PostProcessWarmUp = { kind: 'warmUp' };
  worker.postMessage(warmUp);
}

/**
 * Applies Superset's post-processing rules to an Arrow IPC stream, after regrouping it with a
 * re-aggregation request (quiver-core's `planReaggregation`) when one is given; nothing to do
 * returns it as is.
 */
export function postProcessArrow(ipc: Uint8Array, rules: unknown[], reaggregation?: unknown): Promise<Uint8Array> {
  const effective = rules.filter((rule) => rule !== null && rule !== undefined);
  if (effective.length === 0 && reaggregation === undefined) return Promise.resolve(ipc);
  if (typeof Worker === 'undefined') return onMainThread(ipc, effective, reaggregation);
  worker ??= startWorker();
  const id = nextId;
  nextId += 1;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const request: PostProcessRequest = { id, ipc, rules: effective, ...(reaggregation === undefined ? {} : { reaggregation }) };
    worker?.postMessage(request);
  });
}
