import { Schema, Table, tableFromArrays, tableFromIPC, tableToIPC } from 'apache-arrow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartResultMeta } from '@/api/chartDataTestResults';
import { forgetCsrfToken } from '@/api/client';
import type { FormData } from '@/api/generated/FormData';
import type { QueryContext } from '@/api/generated/QueryContext';
import type { QueryObject } from '@/api/generated/QueryObject';
import type { LruCacheHandle } from '@/wasm/lruCache';
import { runDashboardChartQuery } from './api';

function arrowStream(states: string[], sums: number[]): Uint8Array {
  const table = tableFromArrays({ state: states, 'SUM(num)': Float64Array.from(sums) });
  const meta = chartResultMeta(['state', 'SUM(num)'], [1, 0], states.length);
  return tableToIPC(new Table(new Schema(table.schema.fields, new Map([['quiver:result', JSON.stringify(meta)]])), table.batches), 'stream');
}

/** The server's answer: every state. The browser's regrouped answer: CA only. */
const everyState = arrowStream(['CA', 'NY', 'TX'], [30, 20, 10]);
const californiaOnly = arrowStream(['CA'], [30]);

/** Stand-ins for quiver-core: its query building (filters from `extra_form_data`) and its plan. */
function queryContextOf(formData: FormData): QueryContext {
  const extra = (formData as { extra_form_data?: { filters?: unknown[] } }).extra_form_data;
  const query = { columns: ['state'], metrics: ['sum__num'], filters: extra?.filters ?? [], annotation_layers: [], row_limit: 100 };
  return { datasource: { id: 1, type: 'table' }, force: false, queries: [query], form_data: formData, result_format: 'json', result_type: 'full' } as unknown as QueryContext;
}
const planReaggregation = vi.fn((cached: QueryObject, wanted: QueryObject, rowCount: number): unknown => {
  const added = wanted.filters.slice(cached.filters.length);
  const isOnFetchedColumn = added.length > 0 && added.every((filter) => filter.col === 'state');
  return isOnFetchedColumn && rowCount < 100 ? { filters: added } : null;
});
vi.mock('@/wasm/core', () => ({
  loadQuiverCore: () => Promise.resolve({ planReaggregation }),
  buildQueryContext: (formData: FormData) => Promise.resolve(queryContextOf(formData)),
  validateFormData: () => Promise.resolve([]),
}));
const postProcessArrow = vi.fn((ipc: Uint8Array, _rules: unknown[], reaggregation?: unknown) =>
  Promise.resolve(reaggregation === undefined ? ipc : californiaOnly),
);
vi.mock('@/wasm/postProcess', () => ({
  postProcessArrow: (ipc: Uint8Array, rules: unknown[], reaggregation?: unknown) => postProcessArrow(ipc, rules, reaggregation),
}));
vi.mock('@/wasm/lruCache', () => ({
  createLruCache: (): Promise<LruCacheHandle> => {
    const entries = new Map<string, unknown>();
    return Promise.resolve({
      get: (key) => entries.get(key),
      set: (key, value) => {
        entries.set(key, value);
        return true;
      },
      clear: () => entries.clear(),
      size: 0,
      usedBytes: 0,
    });
  },
}));

const chartFormData = { datasource: '1__table', viz_type: 'table', slice_id: 7, groupby: ['state'] } as unknown as FormData;
function filtered(column: string, values: string[]): FormData {
  return { ...chartFormData, extra_form_data: { filters: [{ col: column, op: 'IN', val: values }] } } as unknown as FormData;
}

describe('dashboard filters answered from the cached result', () => {
  let posted: { queries: { filters: unknown[] }[]; force: boolean }[] = [];

  beforeEach(() => {
    forgetCsrfToken();
    posted = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 't' }));
      posted.push(JSON.parse(init.body as string) as (typeof posted)[number]);
      const framed = new Uint8Array(4 + everyState.byteLength);
      new DataView(framed.buffer).setUint32(0, everyState.byteLength, true);
      framed.set(everyState, 4);
      return Promise.resolve(new Response(framed, { status: 200, headers: { 'Content-Type': 'application/vnd.quiver.chart-data+arrow' } }));
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    planReaggregation.mockClear();
  });

  it('filters a fetched column in the browser, and asks the server for other columns and on force', async () => {
    const options = { dashboardId: 3, force: false };
    const unfiltered = await runDashboardChartQuery(chartFormData, options, undefined, chartFormData);
    expect(posted).toHaveLength(1);
    expect(unfiltered[0]?.table.numRows).toBe(3);

    // state IN [CA]: the chart is grouped by state, so the cached rows answer it.
    const california = await runDashboardChartQuery(filtered('state', ['CA']), options, undefined, chartFormData);
    expect(posted).toHaveLength(1);
    expect(planReaggregation).toHaveBeenCalledOnce();
    const [cachedQuery, wantedQuery, rowCount] = planReaggregation.mock.calls[0] ?? [];
    expect(cachedQuery?.filters).toEqual([]);
    expect(wantedQuery?.filters).toEqual([{ col: 'state', op: 'IN', val: ['CA'] }]);
    expect(rowCount).toBe(3);
    expect(postProcessArrow).toHaveBeenCalledWith(everyState, [], { filters: [{ col: 'state', op: 'IN', val: ['CA'] }] });
    expect(california[0]?.table.getChild('state')?.toArray()).toEqual(['CA']);
    expect(california[0]?.meta.is_cached).toBe(true);
    expect(tableFromIPC(california[0]?.sourceIpc ?? new Uint8Array()).numRows).toBe(1);

    // gender was not fetched: the server answers, with the filter.
    await runDashboardChartQuery(filtered('gender', ['boy']), options, undefined, chartFormData);
    expect(posted).toHaveLength(2);
    expect(posted[1]?.queries[0]?.filters).toEqual([{ col: 'gender', op: 'IN', val: ['boy'] }]);

    // Force refresh always asks the server.
    await runDashboardChartQuery(filtered('state', ['CA']), { dashboardId: 3, force: true }, undefined, chartFormData);
    expect(posted).toHaveLength(3);
    expect(posted[2]?.force).toBe(true);
  });
});
