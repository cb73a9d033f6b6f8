import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChartDataArrowResult } from '@/api/chartData';
import type { AnnotationLayerEntry } from '@/api/generated/AnnotationLayerEntry';
import type { FormData } from '@/api/generated/FormData';
import { queryKeys } from '@/api/queryKeys';
import { annotationLayersQueryPart, isFormulaLayer, isRecordsLayer, isTimeSeriesSourceLayer, readAnnotationLayers } from './annotationLayerEntries';
import type { ChartEventDetail } from '../chartLifecycle';
import { annotationLayerStatus, answeredAnnotationStatus, type AnnotationLayerStatus } from './annotationQuery';
import { formulaProblem } from './formulaExpression';

/** One entry of the form data's `annotation_layers` and where its records stand. */
export interface AnnotationLayerState {
  entry: AnnotationLayerEntry;
  status: AnnotationLayerStatus;
}

/** Spec-free text of the layers Quiver cannot draw (a source other than a saved layer, a table or a line chart). */
export const unsupportedSourceMessage = 'This annotation source is not supported';

/**
 * The state of a layer as the chart's answer settles it (`annotationData` is undefined while
 * there is no answer), or null when the layer needs its own annotation query.
 */
export function answeredLayerStatus(entry: AnnotationLayerEntry, annotationData: Readonly<Record<string, unknown>> | undefined): AnnotationLayerStatus | null {
  if (isFormulaLayer(entry)) {
    const problem = formulaProblem(String(entry.value));
    return problem === null ? { status: 'success', data: null } : { status: 'failed', error: problem };
  }
  if (!isRecordsLayer(entry) && !isTimeSeriesSourceLayer(entry)) return { status: 'failed', error: unsupportedSourceMessage };
  if (!entry.show) return { status: 'success', data: null };
  if (annotationData === undefined) return { status: 'loading' };
  if (!Object.hasOwn(annotationData, entry.name)) return null;
  return answeredAnnotationStatus(entry, annotationData[entry.name]);
}

/** Every key of the form data but `annotation_layers`, sorted, as text: what the chart's query asks. */
function chartQueryKeyText(formData: FormData): string {
  const entries = Object.entries(formData as Record<string, unknown>).filter(([key]) => key !== 'annotation_layers');
  return JSON.stringify(entries.sort(([left], [right]) => left.localeCompare(right)));
}

/** No layers: one array, so that a chart without layers is not drawn again for a new empty one. */
const noAnnotationLayers: AnnotationLayerState[] = [];

/**
 * The annotation layers of the chart's form data with their states: formulas at once, native
 * layers from the chart's answer (`results[0].meta.annotation_data`), and a native layer the
 * answer does not carry from its own annotation query. Nothing is fetched while `results` is
 * undefined (the chart's query is running or failed).
 */
export function useAnnotationLayerStates(
  formData: FormData | null,
  results: readonly ChartDataArrowResult[] | undefined,
  reportAnnotationQuery: AnnotationQueryReporter = () => undefined,
): AnnotationLayerState[] {
  const entries = useMemo(() => readAnnotationLayers((formData as Record<string, unknown> | null)?.annotation_layers), [formData]);
  const annotationData = results?.[0]?.meta.annotation_data;
  const answered = useMemo(() => entries.map((entry) => answeredLayerStatus(entry, annotationData)), [entries, annotationData]);
  const missing = entries.filter((_entry, index) => answered[index] === null);
  const queryKeyText = formData === null ? '' : chartQueryKeyText(formData);
  const fetched = useQueries({
    queries: missing.map((entry) => ({
      queryKey: queryKeys.annotationQuery(queryKeyText, JSON.stringify(annotationLayersQueryPart([entry]))),
      queryFn: ({ signal }: { signal: AbortSignal }) => reportedAnnotationLayerStatus(formData ?? ({} as FormData), entry, signal, reportAnnotationQuery),
      retry: false,
      staleTime: Infinity,
    })),
  });
  if (entries.length === 0) return noAnnotationLayers;
  const fetchedStatuses = fetched.map((query) => query.data ?? { status: 'loading' as const });
  return entries.map((entry, index) => {
    const settled = answered[index];
    if (settled !== null && settled !== undefined) return { entry, status: settled };
    // The layers needing their own query are fetched in entry order.
    const missingIndex = answered.slice(0, index).filter((status) => status === null).length;
    return { entry, status: fetchedStatuses[missingIndex] ?? { status: 'loading' } };
  });
}

/** Told when a layer's own annotation query starts, succeeds or fails (the chart's lifecycle). */
export type AnnotationQueryReporter = (detail: Extract<ChartEventDetail, { layerName: string }>) => void;

/**
 * Runs one layer's annotation query and reports it: started, then succeeded or failed with the
 * layer's error. An abort (rethrown) reports nothing more, as the spec ignores it.
 */
export async function reportedAnnotationLayerStatus(
  formData: FormData,
  entry: AnnotationLayerEntry,
  signal: AbortSignal,
  report: AnnotationQueryReporter,
): Promise<AnnotationLayerStatus> {
  report({ type: 'annotationQueryStarted', layerName: entry.name });
  const status = await annotationLayerStatus(formData, entry, { signal });
  if (status.status === 'failed') report({ type: 'annotationQueryFailed', layerName: entry.name, error: status.error });
  else report({ type: 'annotationQuerySucceeded', layerName: entry.name });
  return status;
}

/** The chart's warnings: one line per layer that failed ("Releases: Query timeout"). */
export function annotationWarnings(states: readonly AnnotationLayerState[]): string[] {
  return states.flatMap(({ entry, status }) => (status.status === 'failed' ? [`${entry.name}: ${status.error}`] : []));
}
