/**
 * An annotation layer's records and their lifecycle (spec 000 §4, §7, §8). The chart's own
 * answer carries the records of the native layers its query named (`annotation_data[name]`);
 * a layer it did not name (added after the run) is fetched on its own, as Superset's annotation
 * query does: the chart's query context with only that layer, posted to the layer's value
 * (`/api/v1/chart/data?form_data={"slice_id": value}&force=`), reading `annotation_data[name]`
 * of the first result.
 */
import { chartDataPath, chartDataTimeoutMs, fetchChartData } from '@/api/chartData';
import { ApiError, errorMessage } from '@/api/errors';
import type { AnnotationLayerEntry } from '@/api/generated/AnnotationLayerEntry';
import type { FormData } from '@/api/generated/FormData';
import type { NativeAnnotationData } from '@/api/generated/NativeAnnotationData';
import type { NativeAnnotationRecord } from '@/api/generated/NativeAnnotationRecord';
import { buildQueryContext } from '@/wasm/core';
import { isTableSourceLayer, isTimeSeriesSourceLayer, withoutFormulaLayers } from './annotationLayerEntries';

/** Spec 000 §8: what an annotation query that ran out of time says. */
export const annotationTimeoutMessage = 'Query timeout';

/** An annotation query waits as long as a chart's (spec 000 §9, the chart data timeout). */
export function annotationQueryTimeoutMs(): number {
  return chartDataTimeoutMs();
}

/** One point of a time series layer: x is epoch milliseconds or a number; a null y is a gap. */
export interface AnnotationPoint {
  x: number;
  y: number | null;
}

/**
 * Where one annotation layer stands. Formulas are always `success` (the browser draws them);
 * event and interval layers carry `data`, time series layers their `points`.
 */
export type AnnotationLayerStatus =
  | { status: 'loading' }
  | { status: 'success'; data: NativeAnnotationData | null; points?: readonly AnnotationPoint[] }
  | { status: 'failed'; error: string };

/** The annotation query ran out of time (the client stopped waiting). */
export class AnnotationQueryTimeoutError extends Error {
  override readonly name = 'AnnotationQueryTimeoutError';

  constructor() {
    super(annotationTimeoutMessage);
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Spec 000 §8: a timeout fails with "Query timeout"; an error whose message says "no data" is a
 * success without records; an abort is ignored (null); any other error fails the layer only.
 */
export function annotationStatusOfError(error: unknown): AnnotationLayerStatus | null {
  if (isAbort(error)) return null;
  const isTimeout = error instanceof AnnotationQueryTimeoutError || (error instanceof ApiError && error.errorType === 'FRONTEND_TIMEOUT_ERROR');
  if (isTimeout) return { status: 'failed', error: annotationTimeoutMessage };
  const message = errorMessage(error);
  if (message.toLowerCase().includes('no data')) return { status: 'success', data: null };
  return { status: 'failed', error: message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** `annotation_data[name]` as a native layer's records; null when it is not that shape. */
export function readNativeAnnotationData(value: unknown): NativeAnnotationData | null {
  if (!isRecord(value) || !Array.isArray(value.records)) return null;
  const columns = Array.isArray(value.columns) ? value.columns.filter((column): column is string => typeof column === 'string') : [];
  const records = value.records.filter(isRecord).map(
    (record): NativeAnnotationRecord => ({
      start_dttm: numberOrNull(record.start_dttm),
      end_dttm: numberOrNull(record.end_dttm),
      short_descr: stringOrNull(record.short_descr),
      long_descr: stringOrNull(record.long_descr),
      json_metadata: stringOrNull(record.json_metadata),
    }),
  );
  return { columns, records };
}

/** A cell of a source chart's row as epoch milliseconds (JSON times are), else null. */
function timeOrNull(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Another chart's rows (`{records: [...]}`) as a layer's events or intervals: the entry's
 * `timeColumn` starts each, `intervalEndColumn` ends it (an event ends where it starts),
 * `titleColumn` titles it and the `descriptionColumns` describe it, one line each.
 */
export function readTableSourceAnnotationData(entry: AnnotationLayerEntry, value: unknown): NativeAnnotationData | null {
  if (!isRecord(value) || !Array.isArray(value.records)) return null;
  const { timeColumn, intervalEndColumn, titleColumn, descriptionColumns = [] } = entry;
  const records = value.records.filter(isRecord).map((row): NativeAnnotationRecord => {
    const start = timeColumn === undefined ? null : timeOrNull(row[timeColumn]);
    const descriptions = descriptionColumns.map((column) => cellText(row[column])).filter((text): text is string => text !== null);
    return {
      start_dttm: start,
      end_dttm: intervalEndColumn === undefined || intervalEndColumn === '' ? start : timeOrNull(row[intervalEndColumn]),
      short_descr: titleColumn === undefined ? null : cellText(row[titleColumn]),
      long_descr: descriptions.length === 0 ? null : descriptions.join('\n'),
      json_metadata: null,
    };
  });
  return { columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'], records };
}

/** A cell of a source chart's row as a number (a numeric text counts), else null. */
function numericOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Another chart's rows (`{columns, records}`) as a time series, as Superset draws a "Line"
 * source: each row's first column is x (a time or a number) and its second y. Without
 * `columns`, the rows' own key order names them. Rows without an x are left out; points are
 * sorted by x.
 */
export function readTimeSeriesAnnotationPoints(value: unknown): AnnotationPoint[] | null {
  if (!isRecord(value) || !Array.isArray(value.records)) return null;
  const columns = Array.isArray(value.columns) ? value.columns.filter((column): column is string => typeof column === 'string') : [];
  const points = value.records.filter(isRecord).flatMap((row): AnnotationPoint[] => {
    const keys = columns.length >= 2 ? columns : Object.keys(row);
    const [xKey, yKey] = keys;
    const x = xKey === undefined ? null : timeOrNull(row[xKey]);
    if (x === null) return [];
    return [{ x, y: yKey === undefined ? null : numericOrNull(row[yKey]) }];
  });
  return points.sort((left, right) => left.x - right.x);
}

/** A layer's `annotation_data[name]` as records: a saved layer's own, or another chart's rows. */
export function readLayerAnnotationData(entry: AnnotationLayerEntry, value: unknown): NativeAnnotationData | null {
  return isTableSourceLayer(entry) ? readTableSourceAnnotationData(entry, value) : readNativeAnnotationData(value);
}

/** A layer's settled status from its `annotation_data[name]`: a time series' points, else records. */
export function answeredAnnotationStatus(entry: AnnotationLayerEntry, value: unknown): AnnotationLayerStatus {
  if (isTimeSeriesSourceLayer(entry)) return { status: 'success', data: null, points: readTimeSeriesAnnotationPoints(value) ?? [] };
  return { status: 'success', data: readLayerAnnotationData(entry, value) };
}

export interface AnnotationQueryOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Skip the result cache. */
  force?: boolean;
}

/** Superset's `getAnnotationJsonUrl`: the chart data path naming the layer's value as `slice_id`. */
export function annotationQueryPath(value: AnnotationLayerEntry['value'], force: boolean): string {
  const search = new URLSearchParams({ form_data: JSON.stringify({ slice_id: value }), force: String(force) });
  return `${chartDataPath}?${search.toString()}`;
}

/**
 * Fetches one layer's records with the chart's query (its rows are not read, so no
 * post-processing runs). Throws AnnotationQueryTimeoutError after `timeoutMs`.
 */
export async function runAnnotationQuery(formData: FormData, entry: AnnotationLayerEntry, options: AnnotationQueryOptions = {}): Promise<NativeAnnotationData | null> {
  const answered = await fetchAnnotationValue(formData, entry, options);
  return answered === undefined ? null : readLayerAnnotationData(entry, answered);
}

/** The layer's `annotation_data[name]` as answered (undefined when the answer has none). */
async function fetchAnnotationValue(formData: FormData, entry: AnnotationLayerEntry, options: AnnotationQueryOptions): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? annotationQueryTimeoutMs());
  const stopWithCaller = (): void => controller.abort();
  if (options.signal?.aborted === true) controller.abort();
  options.signal?.addEventListener('abort', stopWithCaller);
  try {
    const built = withoutFormulaLayers(await buildQueryContext({ ...formData, annotation_layers: [entry] }));
    const queryContext = { ...built, queries: built.queries.map((query) => ({ ...query, post_processing: [] })) };
    controller.signal.throwIfAborted();
    const force = options.force ?? false;
    const results = await fetchChartData({ ...queryContext, force }, controller.signal, annotationQueryPath(entry.value, force));
    return results[0]?.meta.annotation_data[entry.name];
  } catch (error) {
    const hasTimedOut = controller.signal.aborted && options.signal?.aborted !== true;
    if (hasTimedOut) throw new AnnotationQueryTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stopWithCaller);
  }
}

/** Runs the annotation query and settles on the layer's status; rethrows only an abort. */
export async function annotationLayerStatus(formData: FormData, entry: AnnotationLayerEntry, options: AnnotationQueryOptions = {}): Promise<AnnotationLayerStatus> {
  try {
    const answered = await fetchAnnotationValue(formData, entry, options);
    return answered === undefined ? { status: 'success', data: null } : answeredAnnotationStatus(entry, answered);
  } catch (error) {
    const status = annotationStatusOfError(error);
    if (status === null) throw error;
    return status;
  }
}
