import { Schema, Table, tableFromArrays, tableToIPC } from 'apache-arrow';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnnotationLayerEntry } from '@/api/generated/AnnotationLayerEntry';
import type { FormData } from '@/api/generated/FormData';
import {
  annotationLayerStatus,
  annotationQueryPath,
  annotationStatusOfError,
  annotationTimeoutMessage,
  readNativeAnnotationData,
  readTableSourceAnnotationData,
  readTimeSeriesAnnotationPoints,
  runAnnotationQuery,
} from './annotationQuery';
import { answeredLayerStatus, reportedAnnotationLayerStatus, unsupportedSourceMessage, type AnnotationQueryReporter } from './useAnnotationLayerStates';

vi.mock('@/wasm/core', () => ({
  // The core passes `annotation_layers` through to the query object, formulas included.
  buildQueryContext: vi.fn((formData: Record<string, unknown>) =>
    Promise.resolve({
      datasource: { id: 3, type: 'table' },
      force: false,
      queries: [{ annotation_layers: formData.annotation_layers, post_processing: [{ operation: 'pivot', options: {} }] }],
      result_format: 'json',
      result_type: 'full',
    }),
  ),
}));

const releases: AnnotationLayerEntry = { name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 7, show: true };
const trend: AnnotationLayerEntry = { name: 'Trend', annotationType: 'FORMULA', sourceType: '', value: '2x', show: true };
const formData = { datasource: '3__table', viz_type: 'echarts_timeseries_line', annotation_layers: [trend] } as unknown as FormData;

const record = { start_dttm: 631152000000, end_dttm: 631152000000, short_descr: 'v1.0', long_descr: 'First release', json_metadata: '{}' };

function arrowAnswer(annotationData: Record<string, unknown>): Response {
  const table = tableFromArrays({ ds: Float64Array.from([0]) });
  const meta = { colnames: ['ds'], coltypes: [2], rowcount: 1, query: 'SELECT 1', error: null, annotation_data: annotationData };
  const withMeta = new Table(new Schema(table.schema.fields, new Map([['quiver:result', JSON.stringify(meta)]])), table.batches);
  const stream = tableToIPC(withMeta, 'stream');
  const body = new Uint8Array(4 + stream.byteLength);
  new DataView(body.buffer).setUint32(0, stream.byteLength, true);
  body.set(stream, 4);
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/vnd.quiver.chart-data+arrow' } });
}

/** The URLs chart-data posts went to. */
let postedUrls: string[] = [];

/** A fetch that answers the CSRF token, then hands chart-data posts to `answer`. */
function stubServer(answer: (body: unknown, init: RequestInit) => Promise<Response>): unknown[] {
  const posted: unknown[] = [];
  postedUrls = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 't' }));
    const body: unknown = JSON.parse(init.body as string);
    posted.push(body);
    postedUrls.push(url);
    return answer(body, init);
  });
  return posted;
}

/** Never answers; rejects when the request is aborted, as fetch does. */
function hangingAnswer(_body: unknown, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}

describe('runAnnotationQuery', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("posts the chart's query with only that layer, no formulas and no post-processing, and reads annotation_data[name]", async () => {
    const posted = stubServer(() => Promise.resolve(arrowAnswer({ Releases: { columns: ['start_dttm'], records: [record] } })));

    const data = await runAnnotationQuery(formData, releases);

    expect(data).toEqual({ columns: ['start_dttm'], records: [record] });
    expect(posted).toEqual([
      {
        datasource: { id: 3, type: 'table' },
        force: false,
        queries: [{ annotation_layers: [releases], post_processing: [] }],
        result_format: 'arrow',
        result_type: 'full',
      },
    ]);
    // Posted to the annotation value: the chart data path with form_data={"slice_id": 7}.
    expect(postedUrls).toEqual(['/api/v1/chart/data?form_data=%7B%22slice_id%22%3A7%7D&force=false']);
  });

  it('forces past the cache when asked, in the URL and the query context', async () => {
    const posted = stubServer(() => Promise.resolve(arrowAnswer({})));
    await runAnnotationQuery(formData, releases, { force: true });
    expect(postedUrls).toEqual([annotationQueryPath(7, true)]);
    expect(annotationQueryPath(7, true)).toBe('/api/v1/chart/data?form_data=%7B%22slice_id%22%3A7%7D&force=true');
    expect(posted).toMatchObject([{ force: true }]);
  });

  it('answers null when the chart data carries nothing for the layer', async () => {
    stubServer(() => Promise.resolve(arrowAnswer({})));
    expect(await runAnnotationQuery(formData, releases)).toBeNull();
  });

  it('fails with "Query timeout" when the answer takes longer than the timeout', async () => {
    stubServer(hangingAnswer);
    expect(await annotationLayerStatus(formData, releases, { timeoutMs: 5 })).toEqual({ status: 'failed', error: annotationTimeoutMessage });
  });

  it('treats an error saying "no data" as a success without records', async () => {
    stubServer(() => Promise.resolve(Response.json({ message: 'No data for the annotation layer' }, { status: 400 })));
    expect(await annotationLayerStatus(formData, releases)).toEqual({ status: 'success', data: null });
  });

  it('fails the layer alone with the server message on any other error', async () => {
    stubServer(() => Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 })));
    expect(await annotationLayerStatus(formData, releases)).toEqual({ status: 'failed', error: 'Not found' });
  });

  it('ignores an abort: the status call rejects instead of settling', async () => {
    stubServer(hangingAnswer);
    const controller = new AbortController();
    const status = annotationLayerStatus(formData, releases, { signal: controller.signal });
    controller.abort();
    await expect(status).rejects.toMatchObject({ name: 'AbortError' });
    expect(annotationStatusOfError(new DOMException('aborted', 'AbortError'))).toBeNull();
  });
});

describe('reportedAnnotationLayerStatus', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function recorder(): { report: AnnotationQueryReporter; reported: Parameters<AnnotationQueryReporter>[0][] } {
    const reported: Parameters<AnnotationQueryReporter>[0][] = [];
    return { report: (detail) => reported.push(detail), reported };
  }

  it('reports the annotation query started, then succeeded', async () => {
    stubServer(() => Promise.resolve(arrowAnswer({ Releases: { columns: [], records: [record] } })));
    const { report, reported } = recorder();

    await reportedAnnotationLayerStatus(formData, releases, new AbortController().signal, report);

    expect(reported).toEqual([
      { type: 'annotationQueryStarted', layerName: 'Releases' },
      { type: 'annotationQuerySucceeded', layerName: 'Releases' },
    ]);
  });

  it("reports the annotation query failed with the layer's error", async () => {
    stubServer(() => Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 })));
    const { report, reported } = recorder();

    expect(await reportedAnnotationLayerStatus(formData, releases, new AbortController().signal, report)).toEqual({ status: 'failed', error: 'Not found' });
    expect(reported).toEqual([
      { type: 'annotationQueryStarted', layerName: 'Releases' },
      { type: 'annotationQueryFailed', layerName: 'Releases', error: 'Not found' },
    ]);
  });

  it('reports nothing more for an abort, which is ignored', async () => {
    stubServer(hangingAnswer);
    const { report, reported } = recorder();
    const controller = new AbortController();
    const status = reportedAnnotationLayerStatus(formData, releases, controller.signal, report);
    controller.abort();

    await expect(status).rejects.toMatchObject({ name: 'AbortError' });
    expect(reported).toEqual([{ type: 'annotationQueryStarted', layerName: 'Releases' }]);
  });
});

describe('answeredLayerStatus', () => {
  it('settles formulas in the browser: parsed ones succeed, broken ones fail with the reason', () => {
    expect(answeredLayerStatus(trend, undefined)).toEqual({ status: 'success', data: null });
    expect(answeredLayerStatus({ ...trend, value: '2 +' }, undefined)).toEqual({ status: 'failed', error: 'Unexpected the end of the formula' });
  });

  it("reads a native layer from the chart's answer, waits without one, and asks for its own query when the answer lacks it", () => {
    expect(answeredLayerStatus(releases, { Releases: { columns: [], records: [record] } })).toEqual({
      status: 'success',
      data: { columns: [], records: [record] },
    });
    expect(answeredLayerStatus(releases, undefined)).toEqual({ status: 'loading' });
    expect(answeredLayerStatus(releases, {})).toBeNull();
    expect(answeredLayerStatus({ ...releases, show: false }, {})).toEqual({ status: 'success', data: null });
  });

  it("reads events and time series from another chart's rows, and fails a source Quiver does not know", () => {
    const fromChart: AnnotationLayerEntry = { ...releases, name: 'Launches', sourceType: 'table', value: 12, timeColumn: 'ds', titleColumn: 'name', descriptionColumns: ['state', 'num'] };
    const rows = { records: [{ ds: 631152000000, name: 'Aaron', state: 'CA', num: 5 }] };
    expect(answeredLayerStatus(fromChart, { Launches: rows })).toEqual({
      status: 'success',
      data: {
        columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
        records: [{ start_dttm: 631152000000, end_dttm: 631152000000, short_descr: 'Aaron', long_descr: 'CA\n5', json_metadata: null }],
      },
    });
    expect(answeredLayerStatus(fromChart, {})).toBeNull();
    const trendFromChart: AnnotationLayerEntry = { ...releases, name: 'Births', annotationType: 'TIME_SERIES', sourceType: 'line', value: 12 };
    const series = { columns: ['ds', 'SUM(num)'], records: [{ 'SUM(num)': 30, ds: 978307200000 }, { 'SUM(num)': 20, ds: 946684800000 }] };
    expect(answeredLayerStatus(trendFromChart, { Births: series })).toEqual({
      status: 'success',
      data: null,
      points: [
        { x: 946684800000, y: 20 },
        { x: 978307200000, y: 30 },
      ],
    });
    expect(answeredLayerStatus(trendFromChart, {})).toBeNull();
    const fromElsewhere: AnnotationLayerEntry = { ...releases, annotationType: 'TIME_SERIES', sourceType: 'bubble', value: 12 };
    expect(answeredLayerStatus(fromElsewhere, {})).toEqual({ status: 'failed', error: unsupportedSourceMessage });
  });
});

describe('readTimeSeriesAnnotationPoints', () => {
  it("takes x from the first column and y from the second, by the answer's columns or else the rows' key order", () => {
    const byColumns = { columns: ['__timestamp', 'count', 'extra'], records: [{ extra: 9, count: '4', __timestamp: '2000-01-01T00:00:00Z' }] };
    expect(readTimeSeriesAnnotationPoints(byColumns)).toEqual([{ x: 946684800000, y: 4 }]);
    const byKeys = { records: [{ year: 3, total: null }, { year: 1, total: 7 }, { year: null, total: 8 }] };
    expect(readTimeSeriesAnnotationPoints(byKeys)).toEqual([
      { x: 1, y: 7 },
      { x: 3, y: null },
    ]);
    expect(readTimeSeriesAnnotationPoints({ data: [] })).toBeNull();
  });
});

describe('readTableSourceAnnotationData', () => {
  it('ends intervals at the interval end column, and reads ISO times', () => {
    const entry: AnnotationLayerEntry = {
      name: 'Campaigns',
      annotationType: 'INTERVAL',
      sourceType: 'table',
      value: 12,
      show: true,
      timeColumn: 'start',
      intervalEndColumn: 'end',
      titleColumn: 'title',
    };
    expect(readTableSourceAnnotationData(entry, { records: [{ start: '1990-01-01T00:00:00Z', end: 631238400000, title: 'Winter' }, 'junk'] })).toEqual({
      columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
      records: [{ start_dttm: 631152000000, end_dttm: 631238400000, short_descr: 'Winter', long_descr: null, json_metadata: null }],
    });
    expect(readTableSourceAnnotationData(entry, { rows: [] })).toBeNull();
  });
});

describe('readNativeAnnotationData', () => {
  it('keeps well-formed records and nulls odd fields', () => {
    expect(readNativeAnnotationData({ columns: ['start_dttm', 3], records: [{ start_dttm: '2020', short_descr: 'x' }, 'junk'] })).toEqual({
      columns: ['start_dttm'],
      records: [{ start_dttm: null, end_dttm: null, short_descr: 'x', long_descr: null, json_metadata: null }],
    });
    expect(readNativeAnnotationData('nope')).toBeNull();
  });
});
