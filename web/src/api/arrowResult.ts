import { tableFromIPC, type Table } from 'apache-arrow';
import { ApiError } from './errors';

/** Schema metadata key whose value is the JSON of a result's meta: everything but the rows. */
export const resultMetaKey = 'quiver:result';

/** One Arrow result of the server: its rows as a table and the meta its schema carries. */
export interface ArrowResult<Meta> {
  meta: Meta;
  table: Table;
}

/**
 * Reads one Arrow IPC stream whose schema metadata holds `quiver:result` (chart data's frames,
 * SQL Lab's answer). `streamName` says which stream in errors, e.g. "chart data: frame 0".
 */
export function readArrowResult<Meta>(stream: Uint8Array, streamName: string): ArrowResult<Meta> {
  const table = tableFromIPC(stream);
  const metaJson = table.schema.metadata.get(resultMetaKey);
  if (metaJson === undefined) {
    throw new Error(`Malformed ${streamName} has no "${resultMetaKey}" metadata`);
  }
  return { meta: JSON.parse(metaJson) as Meta, table };
}

/**
 * The body of an Arrow answer, at offset 0 so that Arrow's typed arrays are aligned; an ApiError
 * when the server answered another content type. `answerName` names the answer in the error.
 */
export async function arrowResponseBody(response: Response, contentType: string, answerName: string): Promise<Uint8Array> {
  const answeredType = response.headers.get('Content-Type') ?? '';
  if (!answeredType.startsWith(contentType)) {
    throw new ApiError(`Received ${answerName} as "${answeredType}" instead of Arrow`, { status: response.status });
  }
  return new Uint8Array(await response.arrayBuffer());
}
