import { tableFromIPC, type Table } from 'apache-arrow';
import type { ChartDataResultMeta } from '@/api/generated/ChartDataResultMeta';
import type { QueryContext } from '@/api/generated/QueryContext';
import { apiFetch } from './client';
import { ApiError } from './errors';

export const chartDataPath = '/api/v1/chart/data';
export const chartDataArrowContentType = 'application/vnd.quiver.chart-data+arrow';
/** Schema metadata key whose value is the JSON of one query's ChartDataResultMeta. */
export const resultMetaKey = 'quiver:result';

/** One query object's result: the Arrow table and everything else about it. */
export interface ChartDataArrowResult {
  meta: ChartDataResultMeta;
  table: Table;
}

const frameLengthBytes = 4;

/**
 * Decodes the Arrow answer of `POST /api/v1/chart/data`: for each query object in order, a 4-byte
 * little-endian length N, then N bytes of an Arrow IPC stream whose schema metadata carries
 * `quiver:result`.
 */
export function decodeChartDataFrames(body: Uint8Array): ChartDataArrowResult[] {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const results: ChartDataArrowResult[] = [];
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
    results.push(decodeResultStream(body.slice(streamStart, streamEnd), results.length));
    offset = streamEnd;
  }
  return results;
}

function decodeResultStream(stream: Uint8Array, frameIndex: number): ChartDataArrowResult {
  const table = tableFromIPC(stream);
  const metaJson = table.schema.metadata.get(resultMetaKey);
  if (metaJson === undefined) {
    throw new Error(`Malformed chart data: frame ${frameIndex} has no "${resultMetaKey}" metadata`);
  }
  return { meta: JSON.parse(metaJson) as ChartDataResultMeta, table };
}

/** Runs a query context and returns one decoded result per query object. */
export async function fetchChartData(queryContext: QueryContext, signal?: AbortSignal): Promise<ChartDataArrowResult[]> {
  const response = await apiFetch(chartDataPath, {
    method: 'POST',
    body: { ...queryContext, result_format: 'arrow' },
    headers: { Accept: `${chartDataArrowContentType}, application/json` },
    signal,
  });
  if (response.status !== 200) {
    throw new ApiError(`Received unexpected response status (${response.status}) while fetching chart data`, {
      status: response.status,
    });
  }
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!contentType.startsWith(chartDataArrowContentType)) {
    throw new ApiError(`Received chart data as "${contentType}" instead of Arrow`, { status: response.status });
  }
  return decodeChartDataFrames(new Uint8Array(await response.arrayBuffer()));
}
