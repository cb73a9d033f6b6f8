import { Schema, Table, tableFromArrays, tableToIPC } from 'apache-arrow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartDataResultMeta } from '@/api/generated/ChartDataResultMeta';
import { chartDataTimeoutMs, decodeChartDataFrames, fetchChartData } from './chartData';
import { forgetCsrfToken } from './client';
import { applyCommonConf, forgetCommonConf } from './commonConf';
import { ApiError } from './errors';
import { chartResultMeta } from './chartDataTestResults';

function resultMeta(overrides: Partial<ChartDataResultMeta>): ChartDataResultMeta {
  return { ...chartResultMeta([], [], 0, ''), ...overrides };
}

function withResultMeta(table: Table, meta: ChartDataResultMeta): Table {
  const metadata = new Map([['quiver:result', JSON.stringify(meta)]]);
  return new Table(new Schema(table.schema.fields, metadata), table.batches);
}

function frame(stream: Uint8Array): Uint8Array {
  const framed = new Uint8Array(4 + stream.byteLength);
  new DataView(framed.buffer).setUint32(0, stream.byteLength, true);
  framed.set(stream, 4);
  return framed;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const body = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.byteLength;
  }
  return body;
}

describe('decodeChartDataFrames', () => {
  const genderSums = withResultMeta(
    tableFromArrays({ gender: ['boy', 'girl'], 'SUM(num)': Float64Array.from([48133355, 32546308]) }),
    resultMeta({
      colnames: ['gender', 'SUM(num)'],
      coltypes: [1, 0],
      rowcount: 2,
      query: 'SELECT gender, SUM(num) AS "SUM(num)" FROM birth_names GROUP BY gender',
    }),
  );
  const stateCount = withResultMeta(
    tableFromArrays({ state: ['CA'], count: Int32Array.from([7]) }),
    resultMeta({ colnames: ['state', 'count'], coltypes: [1, 0], rowcount: 1, query: 'SELECT state, COUNT(*) FROM birth_names GROUP BY state' }),
  );

  it('decodes each framed Arrow stream with its result meta, in order', () => {
    const body = concat([frame(tableToIPC(genderSums, 'stream')), frame(tableToIPC(stateCount, 'stream'))]);

    const [first, second, ...rest] = decodeChartDataFrames(body);

    expect(rest).toHaveLength(0);
    expect(first?.meta.rowcount).toBe(2);
    expect(first?.meta.query).toContain('GROUP BY gender');
    expect(first?.table.getChild('gender')?.toArray()).toEqual(['boy', 'girl']);
    expect(first?.table.getChild('SUM(num)')?.get(0)).toBe(48133355);
    expect(second?.meta.colnames).toEqual(['state', 'count']);
    expect(second?.table.getChild('count')?.get(0)).toBe(7);
  });

  it('decodes a frame that sits at an unaligned offset of a larger buffer', () => {
    const framed = frame(tableToIPC(genderSums, 'stream'));
    const padded = new Uint8Array(framed.byteLength + 3);
    padded.set(framed, 3);
    const [result] = decodeChartDataFrames(padded.subarray(3));
    expect(result?.table.getChild('SUM(num)')?.get(1)).toBe(32546308);
  });

  it('returns no result for an empty body', () => {
    expect(decodeChartDataFrames(new Uint8Array(0))).toEqual([]);
  });

  it('refuses a truncated frame', () => {
    const framed = frame(tableToIPC(genderSums, 'stream'));
    expect(() => decodeChartDataFrames(framed.subarray(0, framed.byteLength - 10))).toThrow(/frame 0 needs/);
  });

  it('refuses a stream without quiver:result metadata', () => {
    const bare = tableFromArrays({ gender: ['boy'] });
    expect(() => decodeChartDataFrames(frame(tableToIPC(bare, 'stream')))).toThrow(/no "quiver:result" metadata/);
  });
});

describe('fetchChartData', () => {
  const queryContext = { datasource: { id: 1, type: 'table' }, force: false, queries: [], result_format: 'arrow', result_type: 'full' } as unknown as Parameters<
    typeof fetchChartData
  >[0];

  beforeEach(() => {
    forgetCsrfToken();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    forgetCommonConf();
  });

  /** Answers the CSRF token, then hands the chart data post to `answer`. */
  function stubServer(answer: (init: RequestInit) => Promise<Response>): void {
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 't' }));
      return answer(init);
    });
  }

  it('waits the web server timeout (60 s) × 1000 ms, then fails with "Request timed out"', async () => {
    expect(chartDataTimeoutMs()).toBe(60 * 1000);
    vi.useFakeTimers();
    stubServer(
      (init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
    let settled = false;
    const failure = fetchChartData(queryContext).finally(() => {
      settled = true;
    });
    const rejection = expect(failure).rejects.toMatchObject({ message: 'Request timed out', errorType: 'FRONTEND_TIMEOUT_ERROR' });

    await vi.advanceTimersByTimeAsync(chartDataTimeoutMs() - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await rejection;
  });

  it("follows the server's published SUPERSET_WEBSERVER_TIMEOUT (90 s)", async () => {
    applyCommonConf({ SUPERSET_WEBSERVER_TIMEOUT: 90, ESCAPE_MARKDOWN_HTML: false, SLACK_ENABLE_AVATARS: false, DASHBOARD_RBAC: false, CONFIRM_DASHBOARD_DIFF: false });
    expect(chartDataTimeoutMs()).toBe(90 * 1000);
    vi.useFakeTimers();
    stubServer(
      (init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
    let settled = false;
    const failure = fetchChartData(queryContext).finally(() => {
      settled = true;
    });
    const rejection = expect(failure).rejects.toMatchObject({ message: 'Request timed out', errorType: 'FRONTEND_TIMEOUT_ERROR' });

    await vi.advanceTimersByTimeAsync(60 * 1000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(30 * 1000 - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await rejection;
  });

  it('keeps 60 s when the published timeout is not a positive number', () => {
    applyCommonConf({ SUPERSET_WEBSERVER_TIMEOUT: 0, ESCAPE_MARKDOWN_HTML: false, SLACK_ENABLE_AVATARS: false, DASHBOARD_RBAC: false, CONFIRM_DASHBOARD_DIFF: false });
    expect(chartDataTimeoutMs()).toBe(60 * 1000);
  });

  it.each([
    [204, 'Received unexpected response status (204) while fetching chart data'],
    [206, 'Received unexpected response status (206) while fetching chart data'],
  ])('refuses any other 2xx status: %i gives "%s"', async (status, message) => {
    stubServer(() => Promise.resolve(new Response(null, { status })));
    const failure = fetchChartData(queryContext);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message, status });
  });
});
