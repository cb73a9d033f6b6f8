/// <reference lib="webworker" />
/**
 * Runs quiver-core's post-processing off the main thread: Arrow IPC bytes and Superset's rules in,
 * Arrow IPC bytes out (transferred, not copied); a re-aggregation request, when sent, regroups the
 * bytes first. The Wasm module loads on the first message (a warm-up or a request).
 */
import init, { applyPostProcessing, reaggregate } from './pkg/quiver_core.js';
import type { PostProcessMessage, PostProcessReply } from './postProcessMessages';

let ready: Promise<unknown> | null = null;

self.onmessage = async (message: MessageEvent<PostProcessMessage>) => {
  if ('kind' in message.data) {
    ready ??= init();
    return;
  }
  const { id, ipc, rules, reaggregation } = message.data;
  try {
    ready ??= init();
    await ready;
    const regrouped = reaggregation === undefined ? ipc : reaggregate(ipc, reaggregation);
    const result = rules.length === 0 ? regrouped : applyPostProcessing(regrouped, rules);
    const reply: PostProcessReply = { id, ipc: result };
    (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply, [result.buffer]);
  } catch (thrown) {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    const reply: PostProcessReply = { id, error: { name: error.name, message: error.message } };
    (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply);
  }
};
