import { Int64, Utf8, vectorFromArray } from 'apache-arrow';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SqlLabResult } from './api';
import type { RunState } from './runLifecycle';
import { resultColumn, sqlLabResult } from './sqlLabResultFixtures';
import {
  readStoredRuns,
  shouldDropStoredResults,
  storedResultsMaxAgeMs,
  storedResultsMaxKb,
  storedResultsSizeKb,
  storedResultsStorageKey,
  storedRunOf,
  writeStoredRuns,
  type StoredRun,
} from './storedResults';

const now = 1_800_000_000_000;

/** A run that started at `now` (the server's `startDttm`). */
function startedNow(result: SqlLabResult): SqlLabResult {
  return { ...result, meta: { ...result.meta, query: { ...result.meta.query, startDttm: now } } };
}

const names = startedNow(
  sqlLabResult([
    { column: resultColumn('name', 'STRING', 1), vector: vectorFromArray(['Ada', null], new Utf8()) },
    { column: resultColumn('num', 'BIGINT', 0), vector: vectorFromArray([9007199254740993n, 2n], new Int64()) },
  ]),
);

function cells(run: RunState | undefined): unknown[][] {
  if (run?.status !== 'success') return [];
  const { rows } = run.result;
  return Array.from({ length: rows.rowCount }, (_, row) => Array.from({ length: rows.columnCount }, (_, column) => rows.cell(row, column)));
}

describe('results kept in browser storage (spec 002 section 4)', () => {
  beforeEach(() => window.localStorage.clear());

  it("are Superset's 24 hours and 1024 KB", () => {
    expect(storedResultsMaxAgeMs).toBe(86_400_000);
    expect(storedResultsMaxKb).toBe(1024);
  });

  it('come back as the grid showed them; a 64-bit integer as its digits', () => {
    const stored = storedRunOf(names, now);
    expect(stored?.data).toEqual([
      ['Ada', '9007199254740993'],
      [null, 2],
    ]);
    writeStoredRuns(window.localStorage, { tab1: { status: 'success', result: names } }, ['tab1'], new WeakMap(), now);
    const restored = readStoredRuns(window.localStorage, now + 1000);
    expect(cells(restored.tab1)).toEqual([
      ['Ada', '9007199254740993'],
      [null, 2],
    ]);
    expect(restored.tab1?.status === 'success' && restored.tab1.result.meta.columns.map((column) => column.name)).toEqual(['name', 'num']);
  });

  it('are dropped when older than 24 hours', () => {
    const stored = storedRunOf(names, now) as StoredRun;
    expect(shouldDropStoredResults(stored, now + storedResultsMaxAgeMs)).toBe(false);
    expect(shouldDropStoredResults(stored, now + storedResultsMaxAgeMs + 1)).toBe(true);
    window.localStorage.setItem(storedResultsStorageKey, JSON.stringify({ old: stored, fresh: { ...stored, startDttm: now + 1000 } }));
    expect(Object.keys(readStoredRuns(window.localStorage, now + storedResultsMaxAgeMs + 1))).toEqual(['fresh']);
  });

  it('are dropped when larger than 1024 KB (JSON text at 2 bytes a character), and not written', () => {
    const stored = storedRunOf(names, now) as StoredRun;
    // 600 rows of about 1000 characters: about 1200 KB.
    const large = { ...stored, data: Array.from({ length: 600 }, () => ['x'.repeat(1000), '1']) };
    expect(storedResultsSizeKb(large)).toBeGreaterThan(1024);
    expect(shouldDropStoredResults(large, now)).toBe(true);
    expect(shouldDropStoredResults(stored, now)).toBe(false);
    window.localStorage.setItem(storedResultsStorageKey, JSON.stringify({ large, small: stored }));
    expect(Object.keys(readStoredRuns(window.localStorage, now))).toEqual(['small']);

    const wide = sqlLabResult([{ column: resultColumn('text', 'STRING', 1), vector: vectorFromArray(Array.from({ length: 600 }, () => 'y'.repeat(1000)), new Utf8()) }]);
    expect(storedRunOf(wide, now)).toBeNull();
    writeStoredRuns(window.localStorage, { tab1: { status: 'success', result: wide } }, ['tab1'], new WeakMap(), now);
    expect(window.localStorage.getItem(storedResultsStorageKey)).toBeNull();
  });

  it('keep only the successful runs of the tabs that still exist', () => {
    const runs: Record<string, RunState> = {
      tab1: { status: 'success', result: names },
      closed: { status: 'success', result: names },
      failed: { status: 'failed', message: 'boom' },
    };
    writeStoredRuns(window.localStorage, runs, ['tab1', 'failed'], new WeakMap(), now);
    expect(Object.keys(JSON.parse(window.localStorage.getItem(storedResultsStorageKey) ?? '{}') as object)).toEqual(['tab1']);
    writeStoredRuns(window.localStorage, {}, ['tab1'], new WeakMap(), now);
    expect(window.localStorage.getItem(storedResultsStorageKey)).toBeNull();
  });
});
