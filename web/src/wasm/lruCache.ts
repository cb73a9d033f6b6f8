import { loadQuiverCore } from './core';

/** quiver-core's `LruCache` class: string keys, an entry capacity and a byte budget. */
export interface LruCacheHandle {
  /** The value under `key` (undefined when absent), marking it most recently used. */
  get: (key: string) => unknown;
  /** Stores `value` counting `bytes` against the budget; false when it alone exceeds the budget. */
  set: (key: string, value: unknown, bytes?: number | null) => boolean;
  clear: () => void;
  readonly size: number;
  readonly usedBytes: number;
}

/**
 * A new LRU cache of at most `capacity` entries (at least 1, else the core throws
 * `InvalidCapacity`) and `maxBytes` bytes, once the core has loaded.
 */
export async function createLruCache(capacity: number, maxBytes: number): Promise<LruCacheHandle> {
  await loadQuiverCore();
  const corePackage = await import('./pkg/quiver_core.js');
  return new corePackage.LruCache(capacity, maxBytes);
}
