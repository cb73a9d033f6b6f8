/** Messages between the page and the post-processing worker. */
export interface PostProcessRequest {
  id: number;
  ipc: Uint8Array;
  rules: unknown[];
  /** A re-aggregation request (quiver-core's `planReaggregation`) applied before the rules. */
  reaggregation?: unknown;
}

/** Loads the Wasm module in the worker ahead of the first request (no reply). */
export interface PostProcessWarmUp {
  kind: 'warmUp';
}

export type PostProcessMessage = PostProcessRequest | PostProcessWarmUp;

export type PostProcessReply =
  | { id: number; ipc: Uint8Array; error?: undefined }
  | { id: number; ipc?: undefined; error: { name: string; message: string } };
