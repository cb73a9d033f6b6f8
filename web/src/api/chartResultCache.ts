import type { QueryContext } from '@/api/generated/QueryContext';
import { createLruCache, type LruCacheHandle } from '@/wasm/lruCache';

/**
 * The web client's chart result cache: the raw Arrow frames of `POST /api/v1/chart/data`
 * answers, kept in quiver-core's LRU (the `LruCache` class, the same Rust cache as the server's
 * memory cache) with an entry capacity and a byte budget. A query context asked again (a filter
 * set back, a chart mounted again) is answered from it without a request; `force` skips it.
 */
export const chartResultCacheCapacity = 200;
/** The byte budget of the cached Arrow frames: 64 MiB. */
export const chartResultCacheMaxBytes = 64 * 1024 * 1024;

/** Cached frames per query context, over an LRU with a byte budget. */
export class ChartResultCache {
  private readonly lru: LruCacheHandle;

  constructor(lru: LruCacheHandle) {
    this.lru = lru;
  }

  /**
   * The key of a query context posted to `path`: what decides the rows (datasource, queries,
   * result type), normalized so that the order of object keys does not matter. `force`, the
   * result format and the form data it was built from do not count.
   */
  static keyOf(queryContext: QueryContext, path: string): string {
    return canonicalJson([path, queryContext.datasource, queryContext.queries, queryContext.result_type]);
  }

  /** The frames cached under `key`, or undefined. */
  frames(key: string): Uint8Array[] | undefined {
    const cached = this.lru.get(key);
    return Array.isArray(cached) ? (cached as Uint8Array[]) : undefined;
  }

  /** Keeps `frames` under `key`, evicting the least recently used answers to stay in budget. */
  remember(key: string, frames: Uint8Array[]): boolean {
    const bytes = frames.reduce((total, frame) => total + frame.byteLength, 0);
    return this.lru.set(key, frames, bytes);
  }

  clear(): void {
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }

  get usedBytes(): number {
    return this.lru.usedBytes;
  }
}

/** JSON with the keys of every object sorted: equal values give equal texts. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) => {
    if (nested === null || typeof nested !== 'object' || Array.isArray(nested)) return nested;
    const entries = Object.entries(nested as Record<string, unknown>).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return Object.fromEntries(entries);
  });
}

let cacheLoad: Promise<ChartResultCache | null> | null = null;

/**
 * The page's result cache, once the core has loaded; null when it cannot load (answers are then
 * simply not cached).
 */
export function chartResultCache(): Promise<ChartResultCache | null> {
  cacheLoad ??= createLruCache(chartResultCacheCapacity, chartResultCacheMaxBytes)
    .then((lru) => new ChartResultCache(lru))
    .catch((error: unknown) => {
      console.warn('chart result cache unavailable', error);
      return null;
    });
  return cacheLoad;
}
