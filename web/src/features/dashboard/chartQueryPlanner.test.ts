// @vitest-environment node
// Node: no Worker, so post-processing and re-aggregation run on the main thread in the real core.
import { Float64, Schema, Table, Utf8, vectorFromArray, tableToIPC, type Vector } from 'apache-arrow';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartDataArrowResult } from '@/api/chartData';
import { chartResultMeta } from '@/api/chartDataTestResults';
import { ChartResultCache } from '@/api/chartResultCache';
import type { QueryContext } from '@/api/generated/QueryContext';
import type { QuiverCore } from '@/wasm/core';
import { loadQuiverCoreInNode } from '@/wasm/loadQuiverCoreInNode';
import { createLruCache } from '@/wasm/lruCache';
import { ChartQueryPlanner } from './chartQueryPlanner';

// The planner with the real quiver-core (the built Wasm module) deciding what can be regrouped,
// the real LRU as the result cache, and a stand-in server grouping six rows.

let core: QuiverCore;

beforeAll(async () => {
  core = await loadQuiverCoreInNode();
});

const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };
const byGenderAndState = {
  datasource: '3__table',
  viz_type: 'table',
  query_mode: 'aggregate',
  groupby: ['gender', 'state'],
  metrics: [sumOfNum],
  row_limit: 1000,
  time_range: 'No filter',
};

function contextOf(formData: Record<string, unknown>): QueryContext {
  return { ...core.buildQueryContext({ ...byGenderAndState, ...formData }), result_format: 'arrow' };
}

/** The rows behind every answer: SUM(num) by gender and state. */
const baseRows = [
  { gender: 'boy', state: 'CA', sum: 40 },
  { gender: 'boy', state: 'NY', sum: 30 },
  { gender: 'girl', state: 'CA', sum: 20 },
  { gender: 'girl', state: 'NY', sum: 10 },
  { gender: 'boy', state: 'TX', sum: 5 },
  { gender: 'girl', state: 'TX', sum: 7 },
];
type GroupColumn = 'gender' | 'state';

/** The server's answer to a query grouped by `columns` (of gender and state): sums, largest first, cut at the row limit. */
function serverFrame(columns: readonly GroupColumn[], rowLimit: number | null): Uint8Array {
  const sums = new Map<string, { values: string[]; sum: number }>();
  for (const row of baseRows) {
    const values = columns.map((column) => row[column]);
    const key = values.join('\u0000');
    sums.set(key, { values, sum: (sums.get(key)?.sum ?? 0) + row.sum });
  }
  const groups = [...sums.values()].sort((left, right) => right.sum - left.sum).slice(0, rowLimit ?? undefined);
  const vectors: Record<string, Vector> = {};
  columns.forEach((column, index) => {
    vectors[column] = vectorFromArray(groups.map((group) => group.values[index] ?? ''), new Utf8());
  });
  vectors['SUM(num)'] = vectorFromArray(groups.map((group) => group.sum), new Float64());
  const table = new Table(vectors);
  const meta = chartResultMeta([...columns, 'SUM(num)'], [...columns.map(() => 1 as const), 0], groups.length);
  return tableToIPC(new Table(new Schema(table.schema.fields, new Map([['quiver:result', JSON.stringify(meta)]])), table.batches), 'stream');
}

/** What the stand-in server answers a posted query context. */
function serverAnswer(queryContext: QueryContext): Uint8Array[] {
  return queryContext.queries.map((query) => serverFrame(query.columns as GroupColumn[], query.row_limit ?? null));
}

type FetchFrames = (queryContext: QueryContext, signal: AbortSignal) => Promise<Uint8Array[]>;

function nextTick(flush: () => void): void {
  setTimeout(flush, 0);
}

async function plannerWith(fetchFrames: FetchFrames, schedule: (flush: () => void) => void = nextTick): Promise<ChartQueryPlanner> {
  const cache = new ChartResultCache(await createLruCache(200, 64 * 1024 * 1024));
  return new ChartQueryPlanner({ fetchFrames, resultCache: () => Promise.resolve(cache), core: () => Promise.resolve(core), schedule });
}

/** Each row of a result as `group values → SUM(num)`. */
function sumsOf(result: ChartDataArrowResult | undefined, columns: readonly GroupColumn[]): Map<string, number> {
  const sums = new Map<string, number>();
  const table = result?.table;
  if (table === undefined) return sums;
  for (let index = 0; index < table.numRows; index += 1) {
    const key = columns.map((column) => String(table.getChild(column)?.get(index))).join('/');
    sums.set(key, Number(table.getChild('SUM(num)')?.get(index)));
  }
  return sums;
}

describe('ChartQueryPlanner', () => {
  it('sends N identical query contexts once and gives every chart the answer; later asks come from the cache', async () => {
    const fetchFrames = vi.fn<FetchFrames>((queryContext) => Promise.resolve(serverAnswer(queryContext)));
    const planner = await plannerWith(fetchFrames);
    const context = contextOf({});

    // Five charts with the same query, each with its own copy of the query context.
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => planner.run(structuredClone(context))));
    expect(fetchFrames).toHaveBeenCalledTimes(1);
    for (const answer of answers) {
      expect(sumsOf(answer[0], ['gender', 'state'])).toEqual(new Map(baseRows.map((row) => [`${row.gender}/${row.state}`, row.sum])));
    }
    expect(planner.pendingCount).toBe(0);

    await planner.run(structuredClone(context));
    expect(fetchFrames).toHaveBeenCalledTimes(1);
    // A forced query (Force refresh) goes to the server, once for all who force it together.
    await Promise.all([planner.run({ ...context, force: true }), planner.run({ ...context, force: true })]);
    expect(fetchFrames).toHaveBeenCalledTimes(2);
    expect(fetchFrames.mock.calls[1]?.[0].force).toBe(true);
  });

  it("leaves a shared request running while others wait, and aborts it at the last waiter's abort", async () => {
    const releases: (() => void)[] = [];
    const fetchFrames = vi.fn<FetchFrames>(
      (queryContext, signal) =>
        new Promise((resolve, reject) => {
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
          releases.push(() => resolve(serverAnswer(queryContext)));
        }),
    );
    const planner = await plannerWith(fetchFrames);
    const context = contextOf({});

    const waiters = [new AbortController(), new AbortController(), new AbortController()];
    const runs = waiters.map((waiter) => planner.run(structuredClone(context), waiter.signal));
    await vi.waitFor(() => expect(fetchFrames).toHaveBeenCalledTimes(1));
    const sharedSignal = fetchFrames.mock.calls[0]?.[1];
    waiters[0]?.abort();
    await expect(runs[0]).rejects.toMatchObject({ name: 'AbortError' });
    expect(sharedSignal?.aborted).toBe(false);
    releases[0]?.();
    const [second, third] = await Promise.all([runs[1], runs[2]]);
    expect(second?.[0]?.table.numRows).toBe(6);
    expect(third?.[0]?.table.numRows).toBe(6);

    // Another query (by name: not regrouped from the first): both waiters leave, the request is aborted.
    const byName = contextOf({ groupby: ['name'] });
    const leaving = [new AbortController(), new AbortController()];
    const leavingRuns = leaving.map((waiter) => planner.run(structuredClone(byName), waiter.signal));
    await vi.waitFor(() => expect(fetchFrames).toHaveBeenCalledTimes(2));
    const abandonedSignal = fetchFrames.mock.calls[1]?.[1];
    leaving[0]?.abort();
    await expect(leavingRuns[0]).rejects.toMatchObject({ name: 'AbortError' });
    expect(abandonedSignal?.aborted).toBe(false);
    leaving[1]?.abort();
    await expect(leavingRuns[1]).rejects.toMatchObject({ name: 'AbortError' });
    expect(abandonedSignal?.aborted).toBe(true);
    expect(planner.pendingCount).toBe(0);

  });

  it('never sends a query abandoned before the tick planning it ends', async () => {
    const fetchFrames = vi.fn<FetchFrames>((queryContext) => Promise.resolve(serverAnswer(queryContext)));
    const flushes: (() => void)[] = [];
    const planner = await plannerWith(fetchFrames, (flush) => flushes.push(flush));
    const early = new AbortController();
    const earlyRun = planner.run(contextOf({}), early.signal);
    await vi.waitFor(() => expect(planner.pendingCount).toBe(1));
    early.abort();
    await expect(earlyRun).rejects.toMatchObject({ name: 'AbortError' });
    expect(planner.pendingCount).toBe(0);
    flushes.forEach((flush) => flush());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchFrames).not.toHaveBeenCalled();
  });

  it('answers a coarser chart from the finer chart of the same tick with no request, with the values the finer result regroups to', async () => {
    const fetchFrames = vi.fn<FetchFrames>((queryContext) => Promise.resolve(serverAnswer(queryContext)));
    const planner = await plannerWith(fetchFrames);

    const [byGender, byGenderAndStateAnswer] = await Promise.all([
      planner.run(contextOf({ groupby: ['gender'] })),
      planner.run(contextOf({})),
    ]);
    expect(fetchFrames).toHaveBeenCalledTimes(1);
    expect(fetchFrames.mock.calls[0]?.[0].queries[0]?.columns).toEqual(['gender', 'state']);

    // What the finer result regroups to, summed here from its rows.
    const expected = new Map<string, number>();
    for (const [key, sum] of sumsOf(byGenderAndStateAnswer[0], ['gender', 'state'])) {
      const gender = key.split('/')[0] ?? '';
      expected.set(gender, (expected.get(gender) ?? 0) + sum);
    }
    expect(expected).toEqual(new Map([['boy', 75], ['girl', 37]]));
    expect(sumsOf(byGender[0], ['gender'])).toEqual(expected);
    expect(byGender[0]?.meta.is_cached).toBe(true);

    // A chart loaded later (the total, no group-by) comes from the result already in the browser.
    const total = await planner.run(contextOf({ groupby: [] }));
    expect(fetchFrames).toHaveBeenCalledTimes(1);
    expect(Number(total[0]?.table.getChild('SUM(num)')?.get(0))).toBe(112);

    // A state filter on a fetched column: filtered in the browser too.
    const california = await planner.run(
      contextOf({ groupby: ['gender'], adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: 'IN', comparator: ['CA'] }] }),
    );
    expect(fetchFrames).toHaveBeenCalledTimes(1);
    expect(sumsOf(california[0], ['gender'])).toEqual(new Map([['boy', 40], ['girl', 20]]));
  });

  it('sends the coarser chart itself when the finer result turns out cut by its row limit', async () => {
    const fetchFrames = vi.fn<FetchFrames>((queryContext) => Promise.resolve(serverAnswer(queryContext)));
    const planner = await plannerWith(fetchFrames);

    // Six rows answer a limit of 6: the result may miss groups, so it cannot be regrouped.
    const [byGender] = await Promise.all([planner.run(contextOf({ groupby: ['gender'] })), planner.run(contextOf({ row_limit: 6 }))]);
    expect(fetchFrames).toHaveBeenCalledTimes(2);
    expect(fetchFrames.mock.calls[1]?.[0].queries[0]?.columns).toEqual(['gender']);
    expect(sumsOf(byGender[0], ['gender'])).toEqual(new Map([['boy', 75], ['girl', 37]]));
    expect(byGender[0]?.meta.is_cached).toBe(false);
  });
});
