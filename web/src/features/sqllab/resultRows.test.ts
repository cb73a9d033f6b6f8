import {
  DateDay,
  DateMillisecond,
  Decimal,
  Float64,
  Int64,
  Table,
  TimeMicrosecond,
  TimestampMicrosecond,
  TimestampMillisecond,
  TimestampNanosecond,
  TimestampSecond,
  Utf8,
  tableFromArrays,
  tableToIPC,
  vectorFromArray,
  type Vector,
} from 'apache-arrow';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { decodeSqlLabResult, executeSql, fetchSqlLabResults, queryUpdatedSincePath, sqlLabArrowContentType, sqlLabResultsPath, startSqlRun } from './api';
import type { ResultRows } from './resultRows';
import { resultColumn, resultMeta, sqlLabAnswer, sqlLabResult, storedVector } from './sqlLabResultFixtures';

/** 2020-01-01T00:00:00 UTC, in seconds. */
const newYear2020 = 1_577_836_800n;

function columnCells(rows: ResultRows, columnIndex: number): unknown[] {
  return Array.from({ length: rows.rowCount }, (_unused, rowIndex) => rows.cell(rowIndex, columnIndex));
}

describe('decodeSqlLabResult', () => {
  it('reads the run meta from the schema metadata and the cells from the columns', () => {
    const { meta, rows } = sqlLabResult(
      [
        { column: resultColumn('name', 'STRING', 1), vector: vectorFromArray(['Ada', null, 'Bob'], new Utf8()) },
        { column: resultColumn('num', 'BIGINT', 0), vector: vectorFromArray([1n, 2n ** 60n, null], new Int64()) },
        { column: resultColumn('ratio', 'DOUBLE', 0), vector: vectorFromArray([0.5, Number.NaN, Number.POSITIVE_INFINITY], new Float64()) },
        // DECIMAL(10, 2): 123.45, -0.05, null
        { column: resultColumn('price', 'DECIMAL(10, 2)', 0), vector: storedVector(new Decimal(2, 10, 128), [12_345n, -5n, null]) },
      ],
      'DROPDOWN',
    );
    expect(meta.status).toBe('success');
    expect(meta.query.limitingFactor).toBe('DROPDOWN');
    expect(meta.columns.map((column) => column.name)).toEqual(['name', 'num', 'ratio', 'price']);
    expect([rows.rowCount, rows.columnCount]).toEqual([3, 4]);
    expect(columnCells(rows, 0)).toEqual(['Ada', null, 'Bob']);
    // Integers beyond 2^53 stay exact; NaN and infinities show as the JSON answer's null.
    expect(columnCells(rows, 1)).toEqual([1, 2n ** 60n, null]);
    expect(columnCells(rows, 2)).toEqual([0.5, null, null]);
    expect(columnCells(rows, 3)).toEqual([123.45, -0.05, null]);
    expect(rows.cell(3, 0)).toBeNull();
    expect(rows.cell(0, 9)).toBeNull();
  });

  it('reads across record batches, in any order of access', () => {
    const first = tableFromArrays({ num: Float64Array.from([1, 2, 3]) });
    const second = tableFromArrays({ num: Float64Array.from([4, 5]) });
    const table = new Table([...first.batches, ...second.batches]);
    const { rows } = decodeSqlLabResult(sqlLabAnswer(table, resultMeta([resultColumn('num', 'DOUBLE', 0)], 5)));
    expect([4, 0, 3, 2, 1].map((rowIndex) => rows.cell(rowIndex, 0))).toEqual([5, 1, 4, 3, 2]);
    expect(rows.rowCount).toBe(5);
  });

  it('refuses a stream without the run meta', () => {
    const bare = tableToIPC(tableFromArrays({ num: Float64Array.from([1]) }), 'stream');
    expect(() => decodeSqlLabResult(bare)).toThrow('Malformed SQL Lab results: the stream has no "quiver:result" metadata');
  });

  it('reads a stopped run: no columns, no rows', () => {
    const stopped = { ...resultMeta([], 0), status: 'stopped' };
    const { meta, rows } = decodeSqlLabResult(sqlLabAnswer(new Table(), stopped));
    expect(meta.status).toBe('stopped');
    expect([rows.rowCount, rows.columnCount]).toEqual([0, 0]);
  });
});

describe('temporal cells', () => {
  it('show as the JSON answer does and sort by their stored number', () => {
    const { rows } = sqlLabResult([
      {
        column: resultColumn('ds', 'TIMESTAMP', 2),
        vector: storedVector(new TimestampMicrosecond(), [newYear2020 * 1_000_000n, newYear2020 * 1_000_000n + 123_456n, null, -1n]),
      },
      {
        column: resultColumn('ts_s', 'TIMESTAMP', 2),
        vector: storedVector(new TimestampSecond(), [newYear2020, 0n, null, 253_402_300_799n]),
      },
      {
        column: resultColumn('ts_ms', 'TIMESTAMP', 2),
        vector: storedVector(new TimestampMillisecond(), [newYear2020 * 1000n + 250n, 0n, null, -62_135_596_800_000n]),
      },
      {
        column: resultColumn('ts_ns', 'TIMESTAMP', 2),
        vector: storedVector(new TimestampNanosecond(), [newYear2020 * 1_000_000_000n + 1n, 1_000n, null, 0n]),
      },
      { column: resultColumn('day', 'DATE', 2), vector: storedVector(new DateDay(), [18_262, 0, null, -719_529]) },
      { column: resultColumn('day_ms', 'DATE', 2), vector: storedVector(new DateMillisecond(), [newYear2020 * 1000n, 1_500n, null, 0n]) },
      { column: resultColumn('at', 'TIME', 2), vector: storedVector(new TimeMicrosecond(), [49_500_000_000n, 1n, null, 86_399_999_000n]) },
    ]);
    expect(columnCells(rows, 0)).toEqual(['2020-01-01T00:00:00', '2020-01-01T00:00:00.123456', null, '1969-12-31T23:59:59.999999']);
    expect(columnCells(rows, 1)).toEqual(['2020-01-01T00:00:00', '1970-01-01T00:00:00', null, '9999-12-31T23:59:59']);
    expect(columnCells(rows, 2)).toEqual(['2020-01-01T00:00:00.250', '1970-01-01T00:00:00', null, '0001-01-01T00:00:00']);
    expect(columnCells(rows, 3)).toEqual(['2020-01-01T00:00:00.000000001', '1970-01-01T00:00:00.000001', null, '1970-01-01T00:00:00']);
    expect(columnCells(rows, 4)).toEqual(['2020-01-01', '1970-01-01', null, '-0001-12-31']);
    expect(columnCells(rows, 5)).toEqual(['2020-01-01T00:00:00', '1970-01-01T00:00:01.500', null, '1970-01-01T00:00:00']);
    expect(columnCells(rows, 6)).toEqual(['13:45:00', '00:00:00.000001', null, '23:59:59.999']);
    expect([0, 1, 2, 3].map((rowIndex) => rows.sortKey(rowIndex, 0))).toEqual([1_577_836_800_000_000, 1_577_836_800_123_456, null, -1]);
    expect(rows.sortKey(0, 4)).toBe(18_262);
  });

  it('with a zone show RFC 3339 at that offset, Z for UTC', () => {
    const instants = [newYear2020 * 1_000_000n + 500_000n, 1_593_561_600_000_000n];
    const zoned = (timezone: string): Vector => storedVector(new TimestampMicrosecond(timezone), instants);
    const { rows } = sqlLabResult([
      { column: resultColumn('utc', 'TIMESTAMP WITH TIME ZONE', 2), vector: zoned('+00:00') },
      { column: resultColumn('west', 'TIMESTAMP WITH TIME ZONE', 2), vector: zoned('-03:30') },
      { column: resultColumn('east', 'TIMESTAMP WITH TIME ZONE', 2), vector: zoned('+0530') },
    ]);
    expect(columnCells(rows, 0)).toEqual(['2020-01-01T00:00:00.500Z', '2020-07-01T00:00:00Z']);
    expect(columnCells(rows, 1)).toEqual(['2019-12-31T20:30:00.500-03:30', '2020-06-30T20:30:00-03:30']);
    expect(columnCells(rows, 2)).toEqual(['2020-01-01T05:30:00.500+05:30', '2020-07-01T05:30:00+05:30']);
  });
});

describe('executeSql', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('asks for Arrow and decodes the answer', async () => {
    const answer = sqlLabAnswer(tableFromArrays({ n: Float64Array.from([1, 2]) }), resultMeta([resultColumn('n', 'DOUBLE', 0)], 2));
    const requests: { url: string; accept: string | null }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      requests.push({ url, accept: new Headers(init.headers).get('Accept') });
      if (url.includes('csrf_token')) return Promise.resolve(Response.json({ result: 'token' }));
      return Promise.resolve(new Response(new Blob([answer.slice()]), { headers: { 'Content-Type': sqlLabArrowContentType } }));
    });

    const { meta, rows } = await executeSql({ database_id: 1, sql: 'SELECT n' });

    expect(requests.at(-1)).toEqual({ url: '/api/v1/sqllab/execute/', accept: 'application/vnd.apache.arrow.stream, application/json' });
    expect(meta.query_id).toBe(7);
    expect(columnCells(rows, 0)).toEqual([1, 2]);
  });

  it('refuses an answer that is not Arrow', async () => {
    vi.stubGlobal('fetch', (url: string) =>
      Promise.resolve(url.includes('csrf_token') ? Response.json({ result: 'token' }) : Response.json({ status: 'success', data: [] })),
    );
    await expect(executeSql({ database_id: 1, sql: 'SELECT 1' })).rejects.toThrow(
      'Received SQL Lab results as "application/json" instead of Arrow',
    );
  });
});

describe('asynchronous runs', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('reads a 202 as the pending run', async () => {
    const query = { ...resultMeta([], 0).query, state: 'pending', progress: 0 };
    vi.stubGlobal('fetch', (url: string) =>
      Promise.resolve(url.includes('csrf_token') ? Response.json({ result: 'token' }) : Response.json({ query }, { status: 202 })),
    );
    expect(await startSqlRun({ database_id: 1, sql: 'SELECT 1', runAsync: true })).toEqual({ kind: 'async', query });
  });

  it('asks for the stored rows by key and limit, as Arrow like a run', async () => {
    expect(sqlLabResultsPath("it's", 100)).toBe(`/api/v1/sqllab/results/?q=${encodeURIComponent("(key:'it!'s',rows:100)")}`);
    expect(queryUpdatedSincePath(1_763_881_200_000.7)).toBe(`/api/v1/query/updated_since?q=${encodeURIComponent('(last_updated_ms:1763881200000)')}`);
    const answer = sqlLabAnswer(tableFromArrays({ n: Float64Array.from([3]) }), resultMeta([resultColumn('n', 'DOUBLE', 0)], 1));
    const requests: { url: string; accept: string | null }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      requests.push({ url, accept: new Headers(init.headers).get('Accept') });
      return Promise.resolve(new Response(new Blob([answer.slice()]), { headers: { 'Content-Type': sqlLabArrowContentType } }));
    });
    const { rows } = await fetchSqlLabResults('key-1', 10);
    expect(requests).toEqual([{ url: sqlLabResultsPath('key-1', 10), accept: 'application/vnd.apache.arrow.stream, application/json' }]);
    expect(columnCells(rows, 0)).toEqual([3]);
  });
});
