/**
 * The results kept in browser storage while the tabs live there (no backend persistence), so that
 * a reload shows each tab's last rows again (Superset's `emptyQueryResults`). Stored results are
 * dropped when older than 24 hours or larger than 1024 KB (spec 002 section 4, Superset's
 * `LOCALSTORAGE_MAX_QUERY_AGE_MS` and `LOCALSTORAGE_MAX_QUERY_RESULTS_KB`, the size measured as
 * the JSON text at 2 bytes a character). Server tabs keep their runs on the server instead.
 */
import type { SqlLabResultMeta } from '@/api/generated/SqlLabResultMeta';
import type { CellValue } from '@/features/chart/chartColumns';
import type { SqlLabResult } from './api';
import type { ResultRows } from './resultRows';
import type { RunState } from './runLifecycle';

/** Superset's `LOCALSTORAGE_MAX_QUERY_AGE_MS`: 24 hours. */
export const storedResultsMaxAgeMs = 24 * 60 * 60 * 1000;
/** Superset's `LOCALSTORAGE_MAX_QUERY_RESULTS_KB`: 1024 KB. */
export const storedResultsMaxKb = 1024;
/** Superset's `BYTES_PER_CHAR` and `KB_STORAGE`. */
const bytesPerChar = 2;
const kbStorage = 1024;

export const storedResultsStorageKey = 'quiver.sqllab.results';

/** A cell as stored: a 64-bit integer becomes its decimal text. */
type StoredCell = number | string | boolean | null;

/** A tab's last successful run as browser storage keeps it. */
export interface StoredRun {
  /** When the run started (epoch ms). */
  startDttm: number;
  meta: SqlLabResultMeta;
  /** The rows as the grid shows them, row by row. */
  data: StoredCell[][];
}

/** The size Superset gives stored results: their JSON text at 2 bytes a character, in KB. */
export function storedResultsSizeKb(run: Pick<StoredRun, 'meta' | 'data'>): number {
  return (JSON.stringify({ meta: run.meta, data: run.data }).length * bytesPerChar) / kbStorage;
}

/** Whether stored results are dropped: started more than 24 hours before `nowMs`, or larger than 1024 KB. */
export function shouldDropStoredResults(run: StoredRun, nowMs: number): boolean {
  return nowMs - run.startDttm > storedResultsMaxAgeMs || storedResultsSizeKb(run) > storedResultsMaxKb;
}

function storedCell(value: CellValue): StoredCell {
  return typeof value === 'bigint' ? value.toString() : value;
}

/**
 * A finished run's results in their stored form; null when they pass 1024 KB (the rows are read
 * only until then, so a million-row result costs no more than the limit).
 */
export function storedRunOf(result: SqlLabResult, startDttm: number): StoredRun | null {
  const { rows } = result;
  const maxChars = (storedResultsMaxKb * kbStorage) / bytesPerChar;
  let chars = JSON.stringify({ meta: result.meta, data: [] }).length;
  const data: StoredCell[][] = [];
  for (let rowIndex = 0; rowIndex < rows.rowCount; rowIndex += 1) {
    const row: StoredCell[] = [];
    for (let columnIndex = 0; columnIndex < rows.columnCount; columnIndex += 1) row.push(storedCell(rows.cell(rowIndex, columnIndex)));
    chars += JSON.stringify(row).length + 1;
    if (chars > maxChars) return null;
    data.push(row);
  }
  return { startDttm, meta: result.meta, data };
}

/** Rows read back from storage: each cell as the grid showed it. */
function storedRows(data: readonly StoredCell[][], columnCount: number): ResultRows {
  const cell = (rowIndex: number, columnIndex: number): CellValue => data[rowIndex]?.[columnIndex] ?? null;
  return { rowCount: data.length, columnCount, cell, sortKey: cell };
}

function isStoredRun(value: unknown): value is StoredRun {
  if (typeof value !== 'object' || value === null) return false;
  const run = value as Partial<StoredRun>;
  return typeof run.startDttm === 'number' && typeof run.meta === 'object' && Array.isArray(run.data);
}

/** The stored runs by tab id, as successful runs; those too old or too large are left out. */
export function readStoredRuns(storage: Storage, nowMs: number): Record<string, RunState> {
  const runs: Record<string, RunState> = {};
  try {
    const parsed = JSON.parse(storage.getItem(storedResultsStorageKey) ?? '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return runs;
    for (const [tabId, stored] of Object.entries(parsed)) {
      if (!isStoredRun(stored) || shouldDropStoredResults(stored, nowMs)) continue;
      const result: SqlLabResult = { meta: stored.meta, rows: storedRows(stored.data, stored.meta.columns.length) };
      runs[tabId] = { status: 'success', result };
    }
  } catch {
    // Unreadable storage keeps nothing.
  }
  return runs;
}

/**
 * Keeps the successful runs of `tabIds` (the tabs that still exist) in storage, each under its
 * tab id; results too large are left out. `storedForm` holds the stored form of results already
 * read, so a run is read once however often the runs change.
 */
export function writeStoredRuns(
  storage: Storage,
  runs: Readonly<Record<string, RunState>>,
  tabIds: readonly string[],
  storedForm: WeakMap<SqlLabResult, StoredRun | null>,
  nowMs: number,
): void {
  const kept: Record<string, StoredRun> = {};
  for (const tabId of tabIds) {
    const run = runs[tabId];
    if (run?.status !== 'success') continue;
    if (!storedForm.has(run.result)) storedForm.set(run.result, storedRunOf(run.result, run.result.meta.query.startDttm ?? nowMs));
    const stored = storedForm.get(run.result);
    if (stored !== undefined && stored !== null) kept[tabId] = stored;
  }
  try {
    if (Object.keys(kept).length === 0) storage.removeItem(storedResultsStorageKey);
    else storage.setItem(storedResultsStorageKey, JSON.stringify(kept));
  } catch (error) {
    // An editor-state save error is only warned in the console (spec 002 section 8).
    console.warn('could not keep the SQL Lab results', error);
  }
}
