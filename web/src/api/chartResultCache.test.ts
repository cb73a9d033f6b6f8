import { Schema, Table, tableFromArrays, tableToIPC } from 'apache-arrow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryContext } from '@/api/generated/QueryContext';
import type { LruCacheHandle } from '@/wasm/lruCache';
import { fetchChartDataThroughCache } from './chartData';
import { chartResultMeta } from './chartDataTestResults';
import { canonicalJson, ChartResultCache, chartResultCacheCapacity, chartResultCacheMaxBytes } from './chartResultCache';
import { forgetCsrfToken } from './client';

/** What the result cache asked of the core's LRU: its size limits and each stored entry's bytes. */
const lruCalls = { created: [] as [number, number][], stored: [] as [string, number, unknown][] };

/** A stand-in for quiver-core's `LruCache` (its eviction is tested in core-wasm/src/lru.rs). */
function recordingLru(): LruCacheHandle {
  const entries = new Map<string, unknown>();
  return {
    get: (key) => entries.get(key),
    set: (key, value, bytes) => {
      lruCalls.stored.push([key, bytes ?? 0, value]);
      entries.set(key, value);
      return true;
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
    get usedBytes() {
      return lruCalls.stored.reduce((total, [, bytes]) => total + bytes, 0);
    },
  };
}

vi.mock('@/wasm/lruCache', () => ({
  createLruCache: (capacity: number, maxBytes: number) => {
    lruCalls.created.push([capacity, maxBytes]);
    return Promise.resolve(recordingLru());
  },
}));

function framedAnswer(births: number): Uint8Array<ArrayBuffer> {
  const table = tableFromArrays({ gender: ['boy'], 'SUM(num)': Float64Array.from([births]) });
  const meta = chartResultMeta(['gender', 'SUM(num)'], [1, 0], 1);
  const stream = tableToIPC(new Table(new Schema(table.schema.fields, new Map([['quiver:result', JSON.stringify(meta)]])), table.batches), 'stream');
  const framed = new Uint8Array(4 + stream.byteLength);
  new DataView(framed.buffer).setUint32(0, stream.byteLength, true);
  framed.set(stream, 4);
  return framed;
}

function queryContext(gender: string, force = false): QueryContext {
  return {
    datasource: { id: 1, type: 'table' },
    force,
    queries: [{ columns: ['gender'], metrics: ['count'], filters: [{ col: 'gender', op: '==', val: gender }] }],
    result_format: 'arrow',
    result_type: 'full',
  } as unknown as QueryContext;
}

describe('the chart result cache', () => {
  let posted: string[] = [];

  beforeEach(() => {
    forgetCsrfToken();
    posted = [];
    let births = 100;
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 't' }));
      posted.push(init.body as string);
      births += 1;
      return Promise.resolve(
        new Response(framedAnswer(births), { status: 200, headers: { 'Content-Type': 'application/vnd.quiver.chart-data+arrow' } }),
      );
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keys a query context by what decides its rows, not by force, the result format or the form data', () => {
    const plain = ChartResultCache.keyOf(queryContext('boy'), '/api/v1/chart/data');
    expect(ChartResultCache.keyOf(queryContext('boy', true), '/api/v1/chart/data')).toBe(plain);
    expect(ChartResultCache.keyOf({ ...queryContext('boy'), result_format: 'json' }, '/api/v1/chart/data')).toBe(plain);
    expect(ChartResultCache.keyOf({ ...queryContext('boy'), form_data: { slice_id: 7 } }, '/api/v1/chart/data')).toBe(plain);
    expect(ChartResultCache.keyOf({ ...queryContext('boy'), result_type: 'samples' }, '/api/v1/chart/data')).not.toBe(plain);
    expect(ChartResultCache.keyOf(queryContext('girl'), '/api/v1/chart/data')).not.toBe(plain);
    expect(ChartResultCache.keyOf(queryContext('boy'), '/api/v1/chart/data?x=1')).not.toBe(plain);
  });

  it('normalizes the query context: the order of object keys does not change the key', () => {
    const reordered = {
      result_type: 'full',
      result_format: 'arrow',
      queries: [{ filters: [{ val: 'boy', op: '==', col: 'gender' }], metrics: ['count'], columns: ['gender'] }],
      force: false,
      datasource: { type: 'table', id: 1 },
    } as unknown as QueryContext;
    expect(ChartResultCache.keyOf(reordered, '/api/v1/chart/data')).toBe(ChartResultCache.keyOf(queryContext('boy'), '/api/v1/chart/data'));
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[{"c":2,"d":1}]}');
  });

  it('answers a query context asked again from the core LRU, counting its Arrow bytes, and refetches on force', async () => {
    const first = await fetchChartDataThroughCache(queryContext('boy'));
    expect(first[0]?.table.getChild('SUM(num)')?.get(0)).toBe(101);
    expect(lruCalls.created).toEqual([[chartResultCacheCapacity, chartResultCacheMaxBytes]]);
    expect(chartResultCacheMaxBytes).toBe(64 * 1024 * 1024);
    const [storedKey, storedBytes, storedFrames] = lruCalls.stored.at(-1) ?? [];
    expect(storedKey).toBe(ChartResultCache.keyOf(queryContext('boy'), '/api/v1/chart/data'));
    const frames = storedFrames as Uint8Array[];
    expect(frames).toHaveLength(1);
    expect(storedBytes).toBeGreaterThan(0);
    expect(storedBytes).toBe(frames[0]?.byteLength);

    const again = await fetchChartDataThroughCache(queryContext('boy'));
    expect(posted).toHaveLength(1);
    expect(again[0]?.table.getChild('SUM(num)')?.get(0)).toBe(101);

    const other = await fetchChartDataThroughCache(queryContext('girl'));
    expect(posted).toHaveLength(2);
    expect(other[0]?.table.getChild('SUM(num)')?.get(0)).toBe(102);

    const forced = await fetchChartDataThroughCache(queryContext('boy', true));
    expect(posted).toHaveLength(3);
    expect(JSON.parse(posted[2] ?? '{}')).toMatchObject({ force: true });
    expect(forced[0]?.table.getChild('SUM(num)')?.get(0)).toBe(103);
    const afterForce = await fetchChartDataThroughCache(queryContext('boy'));
    expect(posted).toHaveLength(3);
    expect(afterForce[0]?.table.getChild('SUM(num)')?.get(0)).toBe(103);
  });
});
