import { DataType, tableFromIPC, type Table } from 'apache-arrow';
import type { GenericDataType } from '@/api/generated/GenericDataType';
import type { ChartDataResultMeta } from '@/api/generated/ChartDataResultMeta';
import type { QueryContext } from '@/api/generated/QueryContext';
import type { AsyncJobResponse } from '@/api/generated/AsyncJobResponse';
import { asyncEventManager } from './asyncEvents';
import { webServerTimeoutSeconds } from './commonConf';
import { postProcessArrow } from '@/wasm/postProcess';
import { arrowResponseBody, readArrowResult } from './arrowResult';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { ChartResultCache, chartResultCache } from './chartResultCache';

export const chartDataPath = '/api/v1/chart/data';

/**
 * Spec 000 §9: the chart data timeout, the web server timeout in seconds × 1000: the server's
 * `SUPERSET_WEBSERVER_TIMEOUT` once `GET /api/v1/common/conf/` has answered, else 60 s.
 */
export function chartDataTimeoutMs(): number {
  return webServerTimeoutSeconds() * 1000;
}
export const chartDataArrowContentType = 'application/vnd.quiver.chart-data+arrow';

/** One query object's result: the Arrow table and everything else about it. */
export interface ChartDataArrowResult {
  meta: ChartDataResultMeta;
  table: Table;
  /** The Arrow IPC stream before post-processing: what client-side re-aggregation regroups. */
  sourceIpc?: Uint8Array;
}

const frameLengthBytes = 4;

/**
 * Decodes the Arrow answer of `POST /api/v1/chart/data`: for each query object in order, a 4-byte
 * little-endian length N, then N bytes of an Arrow IPC stream whose schema metadata carries
 * `quiver:result`.
 */
export function decodeChartDataFrames(body: Uint8Array): ChartDataArrowResult[] {
  return splitChartDataFrames(body).map((frame, index) => decodeResultStream(frame, index));
}

/** The Arrow IPC stream of each query, in order (each copied to offset 0 for alignment). */
export function splitChartDataFrames(body: Uint8Array): Uint8Array[] {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const results: Uint8Array[] = [];
  let offset = 0;
  while (offset < body.byteLength) {
    if (offset + frameLengthBytes > body.byteLength) {
      throw new Error(`Malformed chart data: ${body.byteLength - offset} bytes left where a frame length was expected`);
    }
    const streamLength = view.getUint32(offset, true);
    const streamStart = offset + frameLengthBytes;
    const streamEnd = streamStart + streamLength;
    if (streamEnd > body.byteLength) {
      throw new Error(`Malformed chart data: frame ${results.length} needs ${streamLength} bytes, ${body.byteLength - streamStart} left`);
    }
    // slice() copies the frame to offset 0 so that Arrow's typed arrays are aligned.
    results.push(body.slice(streamStart, streamEnd));
    offset = streamEnd;
  }
  return results;
}

function decodeResultStream(stream: Uint8Array, frameIndex: number): ChartDataArrowResult {
  return readArrowResult<ChartDataResultMeta>(stream, `chart data: frame ${frameIndex}`);
}

/**
 * Runs a query context and returns one decoded result per query object (posted to `path`, the
 * chart data path with an optional query string). Each request gives up
 * after `chartDataTimeoutMs` with 'Request timed out'; waiting for an async job does not (the
 * server times the job out itself).
 */
export async function fetchChartData(queryContext: QueryContext, signal?: AbortSignal, path: string = chartDataPath): Promise<ChartDataArrowResult[]> {
  return postProcessResults(await fetchChartDataFrames(queryContext, signal, path), queryContext);
}

/**
 * Runs a query context like `fetchChartData`, answering from the client's result cache
 * (`chartResultCache`, quiver-core's LRU with a byte budget) when the same query context was
 * answered before and `force` is not set. Answers without errors are kept.
 */
export async function fetchChartDataThroughCache(queryContext: QueryContext, signal?: AbortSignal): Promise<ChartDataArrowResult[]> {
  const cache = await chartResultCache();
  const key = ChartResultCache.keyOf(queryContext, chartDataPath);
  const cachedFrames = queryContext.force ? undefined : cache?.frames(key);
  if (cachedFrames !== undefined) return postProcessResults(cachedFrames, queryContext);
  const frames = await fetchChartDataFrames(queryContext, signal);
  const results = await postProcessResults(frames, queryContext);
  if (results.every((result) => result.meta.error === null)) cache?.remember(key, frames);
  return results;
}

/**
 * The Arrow IPC stream of each query object of a query context's answer, in order: one request
 * (and, for an async job, the wait and the result's fetch), nothing cached.
 */
export async function fetchChartDataFrames(queryContext: QueryContext, signal?: AbortSignal, path: string = chartDataPath): Promise<Uint8Array[]> {
  const response = await apiFetch(path, {
    method: 'POST',
    body: { ...queryContext, result_format: 'arrow' },
    headers: { Accept: `${chartDataArrowContentType}, application/json` },
    signal,
    timeoutMs: chartDataTimeoutMs(),
  });
  if (response.status === 202) {
    // Async queries: wait for the job's event, then fetch the answer from its result_url.
    const job = (await response.json()) as AsyncJobResponse;
    const done = await asyncEventManager().waitForJob(job, signal);
    if (done.result_url === null) {
      throw new ApiError('The async job finished without a result', { status: null });
    }
    const resultResponse = await apiFetch(done.result_url, {
      headers: { Accept: `${chartDataArrowContentType}, application/json` },
      signal,
      timeoutMs: chartDataTimeoutMs(),
    });
    return splitChartDataFrames(await arrowBody(resultResponse));
  }
  if (response.status !== 200) {
    throw new ApiError(`Received unexpected response status (${response.status}) while fetching chart data`, {
      status: response.status,
    });
  }
  return splitChartDataFrames(await arrowBody(response));
}

function arrowBody(response: Response): Promise<Uint8Array> {
  return arrowResponseBody(response, chartDataArrowContentType, 'chart data');
}

/** Superset's generic type of an Arrow column: 0 numeric, 1 string, 2 temporal, 3 boolean. */
export function genericTypeOf(type: DataType): GenericDataType {
  if (DataType.isTimestamp(type) || DataType.isDate(type) || DataType.isTime(type)) return 2;
  if (DataType.isBool(type)) return 3;
  if (DataType.isInt(type) || DataType.isFloat(type) || DataType.isDecimal(type)) return 0;
  return 1;
}

/**
 * Applies each query's post-processing rules (from the query context) to its Arrow result in the
 * worker, and describes the new columns in the result's meta.
 */
export async function postProcessResults(
  frames: Uint8Array[],
  queryContext: QueryContext,
): Promise<ChartDataArrowResult[]> {
  return Promise.all(
    frames.map(async (frame, index) => {
      const original = decodeResultStream(frame, index);
      const rules = queryContext.queries[index]?.post_processing ?? [];
      if (rules.filter((rule) => rule !== null).length === 0) return { ...original, sourceIpc: frame };
      const table = tableFromIPC(await postProcessArrow(frame, rules));
      return { meta: describeColumns(original.meta, table), table, sourceIpc: frame };
    }),
  );
}

/** `meta` with the columns and row count of `table` (a result the browser computed). */
export function describeColumns(meta: ChartDataResultMeta, table: Table): ChartDataResultMeta {
  return {
    ...meta,
    colnames: table.schema.fields.map((field) => field.name),
    coltypes: table.schema.fields.map((field) => genericTypeOf(field.type as DataType)),
    rowcount: table.numRows,
  };
}
