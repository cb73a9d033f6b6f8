import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { eventLogger, type EventLogger } from '@/api/eventLog';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import { useToasts } from '@/components/toastContext';
import { fetchSqlLabResults, newClientId, startSqlRun, stopQuery, type SqlLabResult } from './api';
import { defaultQueryLimit, type QueryEditorTab } from './editorTabs';
import { failedQueryLogEvents } from './failedQueryLog';
import { clearInactiveRuns, inactiveQueryIntervalMs } from './inactiveQueries';
import {
  applyFetchedResults,
  applyFetchFailure,
  applyRunFailure,
  applyRunResult,
  applyServerUpdate,
  isPolledRun,
  isStoppable,
  resumedRun,
  runsOfTabs,
  startedRun,
  stopRun,
  type RunState,
} from './runLifecycle';
import { tabRunPayload, type CreateAsRequest } from './runPayload';
import { resultFetchSignal } from './sqlLabDefaults';
import { writeStoredRuns, type StoredRun } from './storedResults';
import { useQueryUpdates } from './useQueryUpdates';

/** The rows a tab kept in browser storage (no backend persistence) keeps there. */
export interface BrowserResults {
  isKept: boolean;
  restored: Readonly<Record<string, RunState>>;
}

const noBrowserResults: BrowserResults = { isKept: false, restored: {} };

/** Spec 002 section 8's toast when Stop fails. */
export const stopFailedMessage = 'Failed to stop query.';

export interface TabRuns {
  /** The last run of each editor tab, by tab id. */
  runs: Readonly<Record<string, RunState>>;
  /** Bumped as the runs move on, so that the query history reloads. */
  historyRefresh: number;
  /**
   * Runs the tab's SQL on the database (asynchronously when `runAsync`), with the page's query
   * string for `url_param()`, as a CREATE TABLE AS / CREATE VIEW AS with `createAs`; answers the
   * run's client id.
   */
  start: (tab: QueryEditorTab, databaseId: number, runAsync: boolean, pageSearch: string, createAs?: CreateAsRequest | null) => string;
  /** Stops the tab's pending or running run. */
  stop: (tabId: string) => void;
}

/**
 * The runs of SQL Lab's tabs (spec 002 section 4): started, answered, polled while an
 * asynchronous one waits, their stored rows fetched once the server finished them, and stopped.
 * The transitions are `runLifecycle`'s. After a reload, each tab's latest query as the server
 * kept it (`latestQueries`) is taken up again: followed while pending or running, its rows
 * fetched once it succeeded. A poll that answers no change clears the inactive runs
 * (`clearInactiveRuns`). Failed runs are logged (`sqllab_fetch_failed_query`).
 */
export function useTabRuns(
  tabs: readonly QueryEditorTab[],
  latestQueries: Readonly<Record<string, SqlLabQuery>> = {},
  logger: EventLogger = eventLogger,
  /** Seconds to wait for a run's stored results (`SQLLAB_QUERY_RESULT_TIMEOUT`); 0, no limit. */
  resultTimeoutSeconds = 0,
  /**
   * Tabs kept in browser storage keep their last successful run's rows there too (`isKept`);
   * `restored` holds those read back at load, by tab id (`storedResults`).
   */
  browserResults: BrowserResults = noBrowserResults,
): TabRuns {
  const [allRuns, setRuns] = useState<Record<string, RunState>>({});
  const tabIds = tabs.map((tab) => tab.id).join('\u0000');
  // A closed tab's runs go with it (spec 002 section 4); nothing is dropped while the tabs load.
  const runs = useMemo(() => (tabIds === '' ? allRuns : runsOfTabs(allRuns, tabIds.split('\u0000'))), [allRuns, tabIds]);
  const [historyRefresh, setHistoryRefresh] = useState(0);
  const { addToast } = useToasts();

  const setRun = useCallback((tabId: string, update: (previous: RunState | undefined) => RunState | undefined) => {
    setRuns((previous) => {
      const next = update(previous[tabId]);
      return next === undefined || next === previous[tabId] ? previous : { ...previous, [tabId]: next };
    });
  }, []);

  const applyServerUpdates = useCallback((queries: readonly SqlLabQuery[]) => {
    // No change at all: the runs the server no longer touches are inactive (spec 002 section 4).
    if (queries.length === 0) {
      setRuns((previous) => clearInactiveRuns(previous, inactiveQueryIntervalMs, Date.now()));
      return;
    }
    setRuns((previous) => {
      const next: Record<string, RunState> = {};
      let isChanged = false;
      for (const [tabId, tabRun] of Object.entries(previous)) {
        const updated = queries.reduce<RunState | undefined>(applyServerUpdate, tabRun) ?? tabRun;
        isChanged ||= updated !== tabRun;
        next[tabId] = updated;
      }
      return isChanged ? next : previous;
    });
  }, []);
  useQueryUpdates(Object.values(runs).some(isPolledRun), applyServerUpdates);

  // A tab's latest query from before the reload, taken up once, unless the tab ran again since.
  const resumedTabs = useRef(new Set<string>());
  useEffect(() => {
    for (const [tabId, query] of Object.entries(latestQueries)) {
      if (resumedTabs.current.has(tabId)) continue;
      resumedTabs.current.add(tabId);
      setRun(tabId, (previous) => previous ?? resumedRun(query));
    }
  }, [latestQueries, setRun]);

  // The runs kept in this browser before the reload, taken up once, unless the tab ran again since.
  const restoredTabs = useRef(new Set<string>());
  useEffect(() => {
    for (const [tabId, restored] of Object.entries(browserResults.restored)) {
      if (restoredTabs.current.has(tabId)) continue;
      restoredTabs.current.add(tabId);
      setRun(tabId, (previous) => previous ?? restored);
    }
  }, [browserResults.restored, setRun]);

  // Tabs in browser storage keep their last rows there (at most 1024 KB a run).
  const storedForm = useRef(new WeakMap<SqlLabResult, StoredRun | null>());

  useEffect(() => {
    if (!browserResults.isKept) return;
    writeStoredRuns(window.localStorage, runs, tabIds.split('\u0000'), storedForm.current, Date.now());
  }, [browserResults.isKept, runs, tabIds]);

  // Each failure is logged once, with its error type and issue codes (spec 002 section 8).
  const loggedFailures = useRef(new WeakSet<RunState>());
  useEffect(() => {
    for (const tabRun of Object.values(runs)) {
      if (tabRun.status !== 'failed' || loggedFailures.current.has(tabRun)) continue;
      loggedFailures.current.add(tabRun);
      for (const event of failedQueryLogEvents(tabRun)) logger.log(event);
    }
  }, [runs, logger]);

  // A run the server finished is fetching: its stored rows are read once, at most the tab's limit.
  const fetchedRuns = useRef(new Set<string>());
  useEffect(() => {
    for (const [tabId, tabRun] of Object.entries(runs)) {
      if (tabRun.status !== 'fetching' || fetchedRuns.current.has(tabRun.clientId)) continue;
      const { clientId, resultsKey } = tabRun;
      fetchedRuns.current.add(clientId);
      const limit = tabs.find((tab) => tab.id === tabId)?.queryLimit ?? defaultQueryLimit;
      fetchSqlLabResults(resultsKey, limit, resultFetchSignal(resultTimeoutSeconds))
        .then((result) => setRun(tabId, (previous) => applyFetchedResults(previous, clientId, result)))
        .catch((error: unknown) => setRun(tabId, (previous) => applyFetchFailure(previous, clientId, error)));
    }
  }, [runs, tabs, setRun, resultTimeoutSeconds]);

  // The history's states follow the runs.
  const runStates = Object.values(runs)
    .map((tabRun) => tabRun.status)
    .join();
  const shownRunStates = useRef(runStates);
  useEffect(() => {
    if (shownRunStates.current === runStates) return;
    shownRunStates.current = runStates;
    setHistoryRefresh((number) => number + 1);
  }, [runStates]);

  function start(tab: QueryEditorTab, databaseId: number, runAsync: boolean, pageSearch: string, createAs: CreateAsRequest | null = null): string {
    const clientId = newClientId();
    setRun(tab.id, () => startedRun(clientId, runAsync, Date.now()));
    startSqlRun(tabRunPayload(tab, databaseId, clientId, runAsync, createAs), pageSearch)
      .finally(() => setHistoryRefresh((number) => number + 1))
      .then((answer) => {
        // A late answer (after Stop, or of a replaced run) changes nothing (spec 002 section 4).
        setRun(tab.id, (previous) =>
          answer.kind === 'async' ? applyServerUpdate(previous, answer.query) : applyRunResult(previous, clientId, answer.result),
        );
      })
      .catch((error: unknown) => setRun(tab.id, (previous) => applyRunFailure(previous, clientId, error, tab.sql)));
    return clientId;
  }

  function stop(tabId: string): void {
    const run = runs[tabId];
    if (!isStoppable(run)) return;
    setRun(tabId, stopRun);
    stopQuery(run.clientId).catch(() => addToast('danger', stopFailedMessage));
  }

  return { runs, historyRefresh, start, stop };
}
