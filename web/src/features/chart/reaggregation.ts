import { tableFromIPC } from 'apache-arrow';
import { describeColumns, type ChartDataArrowResult } from '@/api/chartData';
import type { QueryContext } from '@/api/generated/QueryContext';
import type { QuiverCore } from '@/wasm/core';
import { postProcessArrow } from '@/wasm/postProcess';

/** Spec-free wording of the chart's indicator: the chart was computed from the fetched result. */
export const reaggregatedLabel = 'Computed in the browser';
export const reaggregatedTitle = 'Regrouped from the previous result without a new query';

/** The results a run fetched (or computed) and the query context they answer. */
export interface ReaggregationSource {
  queryContext: QueryContext;
  results: readonly ChartDataArrowResult[];
}

/**
 * How one wanted query is answered: from the fetched result `sourceIndex`, as it is (`request`
 * null: the same query was run) or regrouped with quiver-core's re-aggregation `request`.
 */
export interface LocalStep {
  sourceIndex: number;
  request: unknown;
}

/** How a run answers `queryContext` from `source`: one step per wanted query. */
export interface LocalAnswer {
  source: ReaggregationSource;
  queryContext: QueryContext;
  steps: readonly LocalStep[];
}

function isSameQuery(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/** The step answering `wanted` (the query at `wantedIndex`) from one of `source`'s results, or null. */
function stepFor(core: QuiverCore, source: ReaggregationSource, wanted: QueryContext['queries'][number], wantedIndex: number): LocalStep | null {
  const cachedQueries = source.queryContext.queries;
  // The query at the same place first: it is the one a change most likely kept.
  const candidates = [wantedIndex, ...cachedQueries.keys()].filter((index, at, all) => index < cachedQueries.length && all.indexOf(index) === at);
  for (const sourceIndex of candidates) {
    const cachedResult = source.results[sourceIndex];
    if (cachedResult === undefined || cachedResult.meta.error !== null) continue;
    if (isSameQuery(cachedQueries[sourceIndex], wanted)) return { sourceIndex, request: null };
  }
  for (const sourceIndex of candidates) {
    const cachedQuery = cachedQueries[sourceIndex];
    const cachedResult = source.results[sourceIndex];
    if (cachedQuery === undefined || cachedResult?.sourceIpc === undefined || cachedResult.meta.error !== null) continue;
    const request = core.planReaggregation(cachedQuery, wanted, tableFromIPC(cachedResult.sourceIpc).numRows);
    if (request !== null && request !== undefined) return { sourceIndex, request };
  }
  return null;
}

/**
 * The local answer to `wanted` from `source`, or null when any query needs the server. Each
 * wanted query is a fetched one (the table's totals toggled off keep the main query) or is
 * regrouped from one: quiver-core decides (a coarser group-by of a complete result with
 * decomposable metrics, such as the table's totals query from its main query, or filters added on
 * fetched columns). The same queries as fetched are no new answer: null.
 */
export function planLocalAnswer(core: QuiverCore, source: ReaggregationSource, wanted: QueryContext): LocalAnswer | null {
  const isSameDatasource = source.queryContext.datasource.id === wanted.datasource.id && source.queryContext.datasource.type === wanted.datasource.type;
  if (!isSameDatasource || source.results.length !== source.queryContext.queries.length || wanted.queries.length === 0) return null;
  const steps: LocalStep[] = [];
  for (const [index, wantedQuery] of wanted.queries.entries()) {
    const step = stepFor(core, source, wantedQuery, index);
    if (step === null) return null;
    steps.push(step);
  }
  const isUnchanged = steps.length === source.results.length && steps.every((step, index) => step.request === null && step.sourceIndex === index);
  return isUnchanged ? null : { source, queryContext: wanted, steps };
}

/**
 * Each wanted query's answer: a fetched result as it is, or one regrouped with its request and
 * then the wanted query's post-processing, both in the worker. A regrouped answer keeps its
 * regrouped stream, so a later change can regroup again.
 */
export async function answerLocally(answer: LocalAnswer): Promise<ChartDataArrowResult[]> {
  return Promise.all(
    answer.steps.map(async ({ sourceIndex, request }, index) => {
      const cached = answer.source.results[sourceIndex];
      if (cached === undefined) throw new Error(`No fetched result ${sourceIndex} to answer from`);
      if (request === null) return cached;
      if (cached.sourceIpc === undefined) throw new Error(`No fetched result ${sourceIndex} to regroup`);
      const regrouped = await postProcessArrow(cached.sourceIpc, [], request);
      const rules = answer.queryContext.queries[index]?.post_processing ?? [];
      const table = tableFromIPC(await postProcessArrow(regrouped, rules));
      return { meta: { ...describeColumns(cached.meta, table), is_cached: true }, table, sourceIpc: regrouped };
    }),
  );
}
