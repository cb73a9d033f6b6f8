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

/** How a run answers `queryContext` from `source`: one quiver-core re-aggregation request per query. */
export interface LocalAnswer {
  source: ReaggregationSource;
  queryContext: QueryContext;
  requests: readonly unknown[];
}

/**
 * The local answer to `wanted` from `source`, or null when any query needs the server (quiver-core
 * decides per query object: a coarser group-by of a complete result with decomposable metrics).
 */
export function planLocalAnswer(core: QuiverCore, source: ReaggregationSource, wanted: QueryContext): LocalAnswer | null {
  const cachedQueries = source.queryContext.queries;
  const isSameDatasource = source.queryContext.datasource.id === wanted.datasource.id && source.queryContext.datasource.type === wanted.datasource.type;
  if (!isSameDatasource || cachedQueries.length !== wanted.queries.length || source.results.length !== wanted.queries.length) return null;
  const requests: unknown[] = [];
  for (const [index, wantedQuery] of wanted.queries.entries()) {
    const cachedQuery = cachedQueries[index];
    const cachedResult = source.results[index];
    if (cachedQuery === undefined || cachedResult?.sourceIpc === undefined || cachedResult.meta.error !== null) return null;
    const request = core.planReaggregation(cachedQuery, wantedQuery, tableFromIPC(cachedResult.sourceIpc).numRows);
    if (request === null || request === undefined) return null;
    requests.push(request);
  }
  return { source, queryContext: wanted, requests };
}

/**
 * Regroups each fetched result with its request, then applies the wanted query's post-processing,
 * both in the worker. Each answer keeps its regrouped stream, so a later change can regroup again.
 */
export async function answerLocally(answer: LocalAnswer): Promise<ChartDataArrowResult[]> {
  return Promise.all(
    answer.requests.map(async (request, index) => {
      const cached = answer.source.results[index];
      if (cached?.sourceIpc === undefined) throw new Error(`No fetched result ${index} to regroup`);
      const regrouped = await postProcessArrow(cached.sourceIpc, [], request);
      const rules = answer.queryContext.queries[index]?.post_processing ?? [];
      const table = tableFromIPC(await postProcessArrow(regrouped, rules));
      return { meta: { ...describeColumns(cached.meta, table), is_cached: true }, table, sourceIpc: regrouped };
    }),
  );
}
