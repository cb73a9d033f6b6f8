import { Schema, Table, tableFromArrays, tableToIPC } from 'apache-arrow';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartResultMeta } from '@/api/chartDataTestResults';
import { chartResultCache } from '@/api/chartResultCache';
import { forgetCsrfToken } from '@/api/client';
import type { Dataset } from '@/api/generated/Dataset';
import { runChartQuery } from '@/features/chart/api';
import type { ControlDefinition } from '@/wasm/controlPanel';
import type { QuiverCore } from '@/wasm/core';
import { loadQuiverCoreInNode } from '@/wasm/loadQuiverCoreInNode';
import { defaultExploreFormData, initialExploreFormData, type ExploreFormData } from './exploreFormData';

// Explore with the real quiver-core (the built Wasm module): a new chart's form data and Run's
// answers from the browser's result cache (the core's LruCache).

const dataset = { id: 3, table_name: 'birth_names' } as Dataset;
let core: QuiverCore;

beforeAll(async () => {
  core = await loadQuiverCoreInNode();
});

describe("a new chart's initial form data", () => {
  it("comes from the core's defaultFormData for the dataset", () => {
    const defaultFormData = vi.spyOn(core, 'defaultFormData');
    const formData = initialExploreFormData(dataset, { datasource: '', viz_type: '' });
    expect(defaultFormData).toHaveBeenCalledWith('3__table');
    expect(formData).toEqual({
      datasource: '3__table',
      viz_type: 'table',
      query_mode: 'aggregate',
      groupby: [],
      metrics: [],
      row_limit: 1000,
      time_range: 'No filter',
    });
    defaultFormData.mockRestore();
  });

  it("keeps the server's keys over the core's defaults", () => {
    const formData = initialExploreFormData(dataset, { datasource: '3__table', viz_type: 'pie', row_limit: 50 } as never, core);
    expect(formData).toMatchObject({ datasource: '3__table', viz_type: 'pie', row_limit: 50, time_range: 'No filter' });
  });

  it('stands in with the same values while the core has not loaded', () => {
    expect(defaultExploreFormData('3__table', null)).toEqual(core.defaultFormData('3__table'));
  });
});

function framedAnswer(births: number): Uint8Array<ArrayBuffer> {
  const table = tableFromArrays({ gender: ['boy'], count: Float64Array.from([births]) });
  const meta = chartResultMeta(['gender', 'count'], [1, 0], 1);
  const stream = tableToIPC(new Table(new Schema(table.schema.fields, new Map([['quiver:result', JSON.stringify(meta)]])), table.batches), 'stream');
  const framed = new Uint8Array(4 + stream.byteLength);
  new DataView(framed.buffer).setUint32(0, stream.byteLength, true);
  framed.set(stream, 4);
  return framed;
}

describe("Explore's Run through the browser result cache", () => {
  let posted: Record<string, unknown>[] = [];

  beforeEach(() => {
    forgetCsrfToken();
    posted = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 't' }));
      posted.push(JSON.parse(init.body as string) as Record<string, unknown>);
      return Promise.resolve(
        new Response(framedAnswer(100 + posted.length), {
          status: 200,
          headers: { 'Content-Type': 'application/vnd.quiver.chart-data+arrow' },
        }),
      );
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const byGender: ExploreFormData = {
    datasource: '3__table',
    viz_type: 'table',
    query_mode: 'aggregate',
    groupby: ['gender'],
    metrics: ['count'],
    row_limit: 1000,
    time_range: 'No filter',
  };

  it('answers the same query from the cache without a request, and asks again on force', async () => {
    const first = await runChartQuery(byGender);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ datasource: { id: 3, type: 'table' }, force: false, result_format: 'arrow' });
    expect(first[0]?.table.getChild('count')?.get(0)).toBe(101);
    expect((await chartResultCache())?.size).toBe(1);

    // The same controls in another order build the same normalized query context.
    const reordered: ExploreFormData = { time_range: 'No filter', metrics: ['count'], groupby: ['gender'], row_limit: 1000, query_mode: 'aggregate', viz_type: 'table', datasource: '3__table' };
    const again = await runChartQuery(reordered);
    expect(posted).toHaveLength(1);
    expect(again[0]?.table.getChild('count')?.get(0)).toBe(101);

    // A render-only control (the table's timestamp format) does not change the query either.
    const withTimestampFormat: ExploreFormData = { ...byGender, table_timestamp_format: '%Y' };
    await runChartQuery(withTimestampFormat);
    expect(posted).toHaveLength(1);

    const tenRows: ExploreFormData = { ...byGender, row_limit: 10 };
    const otherQuery = await runChartQuery(tenRows);
    expect(posted).toHaveLength(2);
    expect(otherQuery[0]?.table.getChild('count')?.get(0)).toBe(102);

    const forcedFormData: ExploreFormData = { ...byGender, force: true };
    const forced = await runChartQuery(forcedFormData);
    expect(posted).toHaveLength(3);
    expect(posted[2]).toMatchObject({ force: true });
    expect(forced[0]?.table.getChild('count')?.get(0)).toBe(103);

    // The forced answer replaced the cached one.
    const afterForce = await runChartQuery(byGender);
    expect(posted).toHaveLength(3);
    expect(afterForce[0]?.table.getChild('count')?.get(0)).toBe(103);
  });
});

describe("the line chart's time comparison (Advanced analytics) through the core", () => {
  const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };
  const lineByYear = {
    datasource: '3__table',
    viz_type: 'echarts_timeseries_line',
    x_axis: 'ds',
    time_grain_sqla: 'P1Y',
    metrics: [sumOfNum],
    groupby: [],
    time_range: 'No filter',
    row_limit: 10000,
  };

  it("offers Superset's time shifts and calculation types in the Advanced analytics section", () => {
    const section = core.controlPanel('echarts_timeseries_line').sections.find((candidate) => candidate.label === 'Advanced analytics');
    const control = (name: string): ControlDefinition | undefined => section?.controls.find((candidate) => candidate.name === name);
    expect(control('time_compare')).toMatchObject({ label: 'Time shift', multi: true, freeForm: true });
    expect(control('time_compare')?.choices?.map(([value]) => value)).toEqual([
      '1 day ago',
      '1 week ago',
      '28 days ago',
      '30 days ago',
      '52 weeks ago',
      '1 year ago',
      '104 weeks ago',
      '2 years ago',
      '156 weeks ago',
      '3 years ago',
    ]);
    expect(control('comparison_type')?.choices).toEqual([
      ['values', 'Actual values'],
      ['difference', 'Difference'],
      ['percentage', 'Percentage change'],
      ['ratio', 'Ratio'],
    ]);
    expect(control('comparison_type')?.default).toBe('values');
  });

  it("sends time_compare as the query's time_offsets and pivots each shifted metric as 'SUM(num)__1 year ago'", () => {
    const context = core.buildQueryContext({ ...lineByYear, time_compare: ['1 year ago', '2 years ago'], comparison_type: 'values' } as never);
    const [query] = context.queries;
    expect(query?.time_offsets).toEqual(['1 year ago', '2 years ago']);
    const pivot = query?.post_processing.find((rule) => (rule as { operation: string }).operation === 'pivot') as { options: { aggregates: Record<string, unknown> } };
    expect(Object.keys(pivot.options.aggregates)).toEqual(['SUM(num)', 'SUM(num)__1 year ago', 'SUM(num)__2 years ago']);
  });

  it("a Difference compares each metric with its shifted column, and without a shift nothing is offset", () => {
    const context = core.buildQueryContext({ ...lineByYear, time_compare: ['1 year ago'], comparison_type: 'difference' } as never);
    const compare = context.queries[0]?.post_processing.find((rule) => (rule as { operation: string }).operation === 'compare');
    expect(compare).toEqual({
      operation: 'compare',
      options: { source_columns: ['SUM(num)'], compare_columns: ['SUM(num)__1 year ago'], compare_type: 'difference', drop_original_columns: true },
    });
    expect(core.buildQueryContext({ ...lineByYear, comparison_type: 'values' } as never).queries[0]?.time_offsets).toEqual([]);
  });
});
