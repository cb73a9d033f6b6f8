import { chartDataPath, postProcessResults, type ChartDataArrowResult } from '@/api/chartData';
import { ChartResultCache, chartResultCache } from '@/api/chartResultCache';
import type { QueryContext } from '@/api/generated/QueryContext';
import { answerLocally, planLocalAnswer } from '@/features/chart/reaggregation';
import { loadQuiverCore } from '@/wasm/core';

/**
 * A dashboard chart's filtered query answered in the browser (spec 001 §2: filters and
 * cross-filters are answered from cached results when possible): when the client's result cache
 * holds the answer to the chart's unfiltered query `unfiltered`, and quiver-core's plan says every
 * filter `filtered` adds is on a column that result is grouped by (with decomposable metrics and
 * a complete result), the cached rows are filtered, and regrouped, in the worker. Null when the
 * server must answer.
 *
 * Example: a table of SUM(num) by state, fetched once; the filter `state IN [CA]` keeps its CA
 * row without a query. The filter `gender IN [boy]` needs the server (gender was not fetched).
 */
export async function answerFromCachedResult(unfiltered: QueryContext, filtered: QueryContext): Promise<ChartDataArrowResult[] | null> {
  const cache = await chartResultCache();
  const frames = cache?.frames(ChartResultCache.keyOf(unfiltered, chartDataPath));
  if (frames === undefined) return null;
  const core = await loadQuiverCore();
  const source = { queryContext: unfiltered, results: await postProcessResults(frames, unfiltered) };
  const answer = planLocalAnswer(core, source, filtered);
  return answer === null ? null : answerLocally(answer);
}
