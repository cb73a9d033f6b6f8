import { useCallback, useEffect, useRef, useState } from 'react';
import type { SqlLabExecutePayload } from '@/api/generated/SqlLabExecutePayload';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import { fetchSqlLabResults, newClientId, startSqlRun } from './api';
import {
  applyFetchedResults,
  applyFetchFailure,
  applyRunFailure,
  applyRunResult,
  applyServerUpdate,
  isPolledRun,
  startedRun,
  type RunState,
} from './runLifecycle';
import type { SqlLabTable } from './sqlLabTables';
import { useQueryUpdates } from './useQueryUpdates';

/** Rows a data preview shows (Superset's `selectStar` limit). */
export const previewRowLimit = 100;

/**
 * A table's data preview run (spec 002 section 3: a query with `isDataPreview`): outside every
 * editor (no `sql_editor_id`, an empty tab name), asynchronous when its database allows it
 * (Superset's `runTablePreviewQuery` runs it with the database's `allow_run_async`).
 */
export interface DataPreviewRun {
  isDataPreview: true;
  clientId: string;
  run: RunState;
}

/** The execute body of a table's data preview: its `SELECT *`, 100 rows, in no editor. */
export function dataPreviewPayload(table: SqlLabTable, selectStar: string, clientId: string, isAsync: boolean): SqlLabExecutePayload {
  return {
    client_id: clientId,
    database_id: table.dbId,
    catalog: table.catalog ?? undefined,
    schema: table.schema,
    sql: selectStar,
    tab: '',
    queryLimit: previewRowLimit,
    runAsync: isAsync,
    json: true,
    // Marked on the server's run too (`isDataPreview`), which records it in no editor.
    isDataPreview: true,
  };
}

/**
 * Runs a table's data preview once `selectStar` is known (and `isEnabled`), through the same
 * lifecycle as an editor's run (`runLifecycle`): running with its rows when synchronous; pending,
 * followed by `updated_since`, then fetching its stored rows when asynchronous. Answers the run,
 * undefined before it starts.
 */
export function useDataPreviewRun(table: SqlLabTable, selectStar: string, isAsync: boolean, isEnabled: boolean): DataPreviewRun | undefined {
  const [preview, setPreview] = useState<DataPreviewRun | undefined>(undefined);
  const startedFor = useRef<string | null>(null);

  const setRun = useCallback((update: (run: RunState | undefined) => RunState | undefined) => {
    setPreview((previous) => {
      if (previous === undefined) return previous;
      const run = update(previous.run);
      return run === undefined || run === previous.run ? previous : { ...previous, run };
    });
  }, []);

  useEffect(() => {
    if (!isEnabled || selectStar === '' || startedFor.current === selectStar) return;
    // Started once per table and SQL (a strict-mode second mount does not run it again).
    startedFor.current = selectStar;
    const clientId = newClientId();
    setPreview({ isDataPreview: true, clientId, run: startedRun(clientId, isAsync, Date.now()) });
    startSqlRun(dataPreviewPayload(table, selectStar, clientId, isAsync))
      .then((answer) =>
        setRun((run) => (answer.kind === 'async' ? applyServerUpdate(run, answer.query) : applyRunResult(run, clientId, answer.result))),
      )
      .catch((error: unknown) => setRun((run) => applyRunFailure(run, clientId, error)));
  }, [table, selectStar, isAsync, isEnabled, setRun]);

  const onUpdates = useCallback(
    (queries: readonly SqlLabQuery[]) => setRun((run) => queries.reduce<RunState | undefined>(applyServerUpdate, run)),
    [setRun],
  );
  useQueryUpdates(isPolledRun(preview?.run), onUpdates);

  // The server finished the preview: its stored rows are read once.
  const fetchedKey = useRef<string | null>(null);
  const run = preview?.run;
  useEffect(() => {
    if (run?.status !== 'fetching' || fetchedKey.current === run.resultsKey) return;
    const { clientId, resultsKey } = run;
    fetchedKey.current = resultsKey;
    fetchSqlLabResults(resultsKey, previewRowLimit)
      .then((result) => setRun((current) => applyFetchedResults(current, clientId, result)))
      .catch((error: unknown) => setRun((current) => applyFetchFailure(current, clientId, error)));
  }, [run, setRun]);

  return preview;
}
