import { tableFromIPC } from 'apache-arrow';
import { chartDataPath, fetchChartDataFrames, postProcessResults, type ChartDataArrowResult } from '@/api/chartData';
import { ChartResultCache, chartResultCache, chartResultCacheCapacity } from '@/api/chartResultCache';
import type { QueryContext } from '@/api/generated/QueryContext';
import { answerLocally, planLocalAnswer } from '@/features/chart/reaggregation';
import { loadQuiverCore, type QuiverCore } from '@/wasm/core';

/**
 * The dashboard's chart query planner (issue #6, decision 0088). Charts ask it for their query
 * context's results instead of posting `POST /api/v1/chart/data` themselves. The queries asked
 * within one tick (the charts a dashboard is about to load) are planned together:
 *
 * 1. a query context already answered in this page comes from the client's result cache;
 * 2. identical query contexts (the same `ChartResultCache.keyOf`) are one request, whatever
 *    chart asked and whenever it asked while that request runs;
 * 3. a query context that quiver-core can regroup from a result already in the browser (same
 *    datasource, filters, time range and metrics, a coarser group-by or added filters on fetched
 *    columns, decomposable metrics, a complete result) is answered in the browser;
 * 4. one that another query of the batch (or one in flight) can answer that way waits for it and
 *    is regrouped from its answer; if that answer cannot serve it after all (the row limit cut
 *    it, it failed), it is sent;
 * 5. everything else is sent, once.
 *
 * A waiter's abort leaves the shared request to the others; the request is aborted when its last
 * waiter (a chart, or a query waiting to be regrouped from it) leaves.
 */
export interface ChartQueryPlannerDeps {
  /** Sends one query context (the chart data request) and answers its raw Arrow frames. */
  fetchFrames: (queryContext: QueryContext, signal: AbortSignal) => Promise<Uint8Array[]>;
  /** The client's result cache; null when it cannot load. */
  resultCache: () => Promise<ChartResultCache | null>;
  /** quiver-core, which decides what can be regrouped. */
  core: () => Promise<QuiverCore>;
  /** Runs the planning of the queries collected so far after the current tick. */
  schedule: (flush: () => void) => void;
}

/** A result kept in the client's result cache that later queries may be regrouped from. */
interface KnownResult {
  cacheKey: string;
  queryContext: QueryContext;
  /** The row count of each query's result before post-processing (re-aggregation needs complete results). */
  rowCounts: readonly number[];
}

type Outcome = { results: ChartDataArrowResult[] } | { error: unknown };

/** One query context the planner answers, shared by every waiter asking for it. */
interface PlannedQuery {
  /** Its key in the planner's table: the cache key, prefixed for a forced query. */
  entryKey: string;
  cacheKey: string;
  queryContext: QueryContext;
  isForced: boolean;
  controller: AbortController;
  /** The charts waiting for it, and the planned queries waiting to be regrouped from it. */
  waiters: number;
  state: 'planned' | 'sent' | 'derived' | 'settled';
  /** The planned query it waits for, to be regrouped from its answer. */
  heldSource: PlannedQuery | null;
  answer: Promise<ChartDataArrowResult[]>;
  resolve: (results: ChartDataArrowResult[]) => void;
  reject: (error: unknown) => void;
}

function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('The chart query was aborted', 'AbortError');
}

function isSameQuery(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * Whether every query of `wanted` is one of `source`'s or can be regrouped from one of them, as
 * quiver-core plans it; `rowCounts` are the source results' row counts, or null before the
 * source has answered (its completeness is then checked again on its answer).
 */
export function canAnswerFrom(core: QuiverCore, source: QueryContext, rowCounts: readonly number[] | null, wanted: QueryContext): boolean {
  const isSameSource =
    source.datasource.id === wanted.datasource.id && source.datasource.type === wanted.datasource.type && source.result_type === wanted.result_type;
  if (!isSameSource || wanted.queries.length === 0) return false;
  return wanted.queries.every((wantedQuery) =>
    source.queries.some((sourceQuery, index) => {
      if (isSameQuery(sourceQuery, wantedQuery)) return true;
      try {
        const plan = core.planReaggregation(sourceQuery, wantedQuery, rowCounts?.[index] ?? 0);
        return plan !== null && plan !== undefined;
      } catch {
        return false;
      }
    }),
  );
}

export class ChartQueryPlanner {
  private readonly deps: ChartQueryPlannerDeps;
  /** The queries planned, sent or waiting for a source, by entry key. */
  private readonly entries = new Map<string, PlannedQuery>();
  /** The queries asked since the last planning. */
  private batch: PlannedQuery[] = [];
  private isFlushScheduled = false;
  /** The results this planner fetched and cached, most recent first. */
  private known: KnownResult[] = [];

  constructor(deps: ChartQueryPlannerDeps) {
    this.deps = deps;
  }

  /**
   * The results of `queryContext` (post-processed), planned with the other queries asked in the
   * same tick. `signal` aborts this waiter only.
   */
  async run(queryContext: QueryContext, signal?: AbortSignal): Promise<ChartDataArrowResult[]> {
    const cacheKey = ChartResultCache.keyOf(queryContext, chartDataPath);
    const isForced = queryContext.force;
    const cache = await this.deps.resultCache();
    if (signal?.aborted === true) throw abortError(signal);
    const cachedFrames = isForced ? undefined : cache?.frames(cacheKey);
    if (cachedFrames !== undefined) return postProcessResults(cachedFrames, queryContext);
    return this.wait(this.join(cacheKey, queryContext, isForced), signal);
  }

  /** How many queries are planned or running (for tests and diagnostics). */
  get pendingCount(): number {
    return this.entries.size;
  }

  /** The running or planned query for the same key (a forced query joins forced ones only), else a new one in the batch. */
  private join(cacheKey: string, queryContext: QueryContext, isForced: boolean): PlannedQuery {
    const forcedKey = `force\n${cacheKey}`;
    const existing = isForced ? this.entries.get(forcedKey) : (this.entries.get(cacheKey) ?? this.entries.get(forcedKey));
    if (existing !== undefined) {
      existing.waiters += 1;
      return existing;
    }
    let resolve: (results: ChartDataArrowResult[]) => void = () => undefined;
    let reject: (error: unknown) => void = () => undefined;
    const answer = new Promise<ChartDataArrowResult[]>((onResolve, onReject) => {
      resolve = onResolve;
      reject = onReject;
    });
    // Waiters handle the outcome; a query nobody waits for any more must not be an unhandled rejection.
    answer.catch(() => undefined);
    const entry: PlannedQuery = {
      entryKey: isForced ? forcedKey : cacheKey,
      cacheKey,
      queryContext,
      isForced,
      controller: new AbortController(),
      waiters: 1,
      state: 'planned',
      heldSource: null,
      answer,
      resolve,
      reject,
    };
    this.entries.set(entry.entryKey, entry);
    this.batch.push(entry);
    if (!this.isFlushScheduled) {
      this.isFlushScheduled = true;
      this.deps.schedule(() => {
        this.isFlushScheduled = false;
        void this.flush();
      });
    }
    return entry;
  }

  /** The entry's answer for one waiter, who may leave early through `signal`. */
  private wait(entry: PlannedQuery, signal?: AbortSignal): Promise<ChartDataArrowResult[]> {
    if (signal === undefined) return entry.answer;
    if (signal.aborted) {
      this.release(entry);
      return Promise.reject(abortError(signal));
    }
    let onAbort = (): void => undefined;
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => {
        reject(abortError(signal));
        this.release(entry);
      };
    });
    signal.addEventListener('abort', onAbort, { once: true });
    const stopListening = (): void => signal.removeEventListener('abort', onAbort);
    entry.answer.then(stopListening, stopListening);
    return Promise.race([entry.answer, aborted]);
  }

  /** One waiter left: the last one's leaving aborts the query (and releases its source). */
  private release(entry: PlannedQuery): void {
    entry.waiters -= 1;
    if (entry.waiters > 0 || entry.state === 'settled') return;
    this.settle(entry, { error: abortError() });
    entry.controller.abort();
  }

  private settle(entry: PlannedQuery, outcome: Outcome): void {
    if (entry.state === 'settled') return;
    entry.state = 'settled';
    if (this.entries.get(entry.entryKey) === entry) this.entries.delete(entry.entryKey);
    this.batch = this.batch.filter((planned) => planned !== entry);
    if ('results' in outcome) entry.resolve(outcome.results);
    else entry.reject(outcome.error);
    this.releaseSource(entry);
  }

  private releaseSource(entry: PlannedQuery): void {
    const source = entry.heldSource;
    entry.heldSource = null;
    if (source !== null) this.release(source);
  }

  /** Plans the batch: answered from known results, regrouped from another query, or sent. */
  private async flush(): Promise<void> {
    const asked = this.batch;
    this.batch = [];
    if (asked.length === 0) return;
    const core = await this.deps.core().catch((error: unknown) => {
      console.warn('quiver core unavailable: every dashboard query goes to the server', error);
      return null;
    });
    const cache = await this.deps.resultCache();
    const planned = asked.filter((entry) => entry.state === 'planned');
    if (core === null) {
      planned.forEach((entry) => this.send(entry));
      return;
    }
    // 1. From a result already in the browser.
    for (const entry of planned) {
      const known = entry.isForced ? undefined : this.known.find((candidate) => canAnswerFrom(core, candidate.queryContext, candidate.rowCounts, entry.queryContext));
      if (known === undefined) continue;
      entry.state = 'derived';
      void this.answerFromKnown(core, cache, entry, known);
    }
    // 2. From another query of the batch or one in flight (at least as fresh: a forced query is
    // regrouped only from a forced one). A query is never its own source, even through others.
    const remaining = planned.filter((entry) => entry.state === 'planned');
    const inFlight = [...this.entries.values()].filter((entry) => entry.state === 'sent');
    const sources = [...remaining, ...inFlight];
    const sourceOf = new Map<PlannedQuery, PlannedQuery>();
    const dependsOn = (from: PlannedQuery, target: PlannedQuery): boolean => {
      for (let current: PlannedQuery | undefined = from; current !== undefined; current = sourceOf.get(current)) {
        if (current === target) return true;
      }
      return false;
    };
    for (const entry of remaining) {
      const source = sources.find(
        (candidate) =>
          candidate !== entry &&
          (candidate.isForced || !entry.isForced) &&
          !dependsOn(candidate, entry) &&
          canAnswerFrom(core, candidate.queryContext, null, entry.queryContext),
      );
      if (source !== undefined) sourceOf.set(entry, source);
    }
    // 3. The rest is sent, then the regrouped ones wait for their sources.
    for (const entry of remaining) {
      if (!sourceOf.has(entry)) this.send(entry);
    }
    for (const [entry, source] of sourceOf) {
      entry.state = 'derived';
      entry.heldSource = source;
      source.waiters += 1;
      void this.answerFromPlanned(core, entry, source);
    }
  }

  private async answerFromKnown(core: QuiverCore, cache: ChartResultCache | null, entry: PlannedQuery, known: KnownResult): Promise<void> {
    try {
      const frames = cache?.frames(known.cacheKey);
      if (frames === undefined) {
        this.known = this.known.filter((candidate) => candidate !== known);
        this.send(entry);
        return;
      }
      const results = await postProcessResults(frames, known.queryContext);
      await this.answerFromResults(core, entry, known.queryContext, results);
    } catch (error) {
      console.warn('regrouping a cached result failed; asking the server', error);
      this.send(entry);
    }
  }

  private async answerFromPlanned(core: QuiverCore, entry: PlannedQuery, source: PlannedQuery): Promise<void> {
    try {
      const results = await source.answer;
      await this.answerFromResults(core, entry, source.queryContext, results);
    } catch {
      // The source failed or was aborted: this query asks the server itself.
      this.send(entry);
    }
  }

  /** Regroups `results` (of `sourceContext`) into the entry's answer, or sends the entry when they cannot serve it. */
  private async answerFromResults(core: QuiverCore, entry: PlannedQuery, sourceContext: QueryContext, results: ChartDataArrowResult[]): Promise<void> {
    if (entry.state === 'settled') return;
    const answer = planLocalAnswer(core, { queryContext: sourceContext, results }, entry.queryContext);
    if (answer === null) {
      this.send(entry);
      return;
    }
    const regrouped = await answerLocally(answer);
    this.settle(entry, { results: regrouped });
  }

  /** Posts the entry's query context once; its answer is cached and known for later regrouping. */
  private send(entry: PlannedQuery): void {
    if (entry.state === 'settled' || entry.state === 'sent') return;
    entry.state = 'sent';
    this.releaseSource(entry);
    const { queryContext, controller, cacheKey } = entry;
    this.deps
      .fetchFrames(queryContext, controller.signal)
      .then(async (frames) => {
        const results = await postProcessResults(frames, queryContext);
        if (results.every((result) => result.meta.error === null)) {
          const cache = await this.deps.resultCache();
          if (cache?.remember(cacheKey, frames) === true) this.know(cacheKey, queryContext, frames);
        }
        this.settle(entry, { results });
      })
      .catch((error: unknown) => this.settle(entry, { error }));
  }

  private know(cacheKey: string, queryContext: QueryContext, frames: readonly Uint8Array[]): void {
    const rowCounts = frames.map((frame) => tableFromIPC(frame).numRows);
    const others = this.known.filter((candidate) => candidate.cacheKey !== cacheKey);
    this.known = [{ cacheKey, queryContext, rowCounts }, ...others].slice(0, chartResultCacheCapacity);
  }
}

const defaultDeps: ChartQueryPlannerDeps = {
  fetchFrames: (queryContext, signal) => fetchChartDataFrames(queryContext, signal),
  resultCache: chartResultCache,
  core: loadQuiverCore,
  schedule: (flush) => {
    setTimeout(flush, 0);
  },
};

let pagePlanner: ChartQueryPlanner | null = null;

/** The page's planner of dashboard chart queries. */
export function dashboardQueryPlanner(): ChartQueryPlanner {
  pagePlanner ??= new ChartQueryPlanner(defaultDeps);
  return pagePlanner;
}
