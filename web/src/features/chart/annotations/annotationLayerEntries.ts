/**
 * The form data's `annotation_layers` (Superset's annotation layer control): what each entry
 * says, read defensively, and which part of the entries the chart-data query depends on.
 */
import type { AnnotationLayerEntry } from '@/api/generated/AnnotationLayerEntry';
import type { QueryContext } from '@/api/generated/QueryContext';

/** Superset's annotation types. */
export const annotationTypes = {
  formula: 'FORMULA',
  event: 'EVENT',
  interval: 'INTERVAL',
  timeSeries: 'TIME_SERIES',
} as const;

/** The source of an annotation layer's records: "Superset annotation" (a saved layer). */
export const nativeSourceType = 'NATIVE';

/** `style`: the line's dash pattern. */
export const annotationStyles = ['solid', 'dashed', 'longDashed', 'dotted'] as const;
export type AnnotationStyle = (typeof annotationStyles)[number];

/** `opacity`: Superset's named opacities; '' is the type's default. */
export const annotationOpacities: Readonly<Record<string, number>> = { opacityLow: 0.2, opacityMedium: 0.5, opacityHigh: 0.8 };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function optionalBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** One entry as saved, or null when it is not an annotation layer entry at all. */
export function readAnnotationLayerEntry(value: unknown): AnnotationLayerEntry | null {
  if (!isRecord(value)) return null;
  const { name, annotationType, value: layerValue } = value;
  if (typeof name !== 'string' || typeof annotationType !== 'string') return null;
  if (typeof layerValue !== 'string' && typeof layerValue !== 'number') return null;
  const width = value.width;
  const descriptionColumns = value.descriptionColumns;
  return {
    name,
    annotationType,
    sourceType: optionalString(value.sourceType),
    value: layerValue,
    show: value.show !== false,
    showLabel: optionalBoolean(value.showLabel),
    showMarkers: optionalBoolean(value.showMarkers),
    hideLine: optionalBoolean(value.hideLine),
    color: typeof value.color === 'string' ? value.color : null,
    opacity: optionalString(value.opacity),
    style: optionalString(value.style),
    width: typeof width === 'number' && Number.isFinite(width) ? width : undefined,
    titleColumn: optionalString(value.titleColumn),
    descriptionColumns: Array.isArray(descriptionColumns) ? descriptionColumns.filter((column) => typeof column === 'string') : undefined,
    timeColumn: optionalString(value.timeColumn),
    intervalEndColumn: optionalString(value.intervalEndColumn),
    overrides: isRecord(value.overrides) ? value.overrides : undefined,
  };
}

/** Every readable entry of a form data's `annotation_layers`. */
export function readAnnotationLayers(annotationLayers: unknown): AnnotationLayerEntry[] {
  if (!Array.isArray(annotationLayers)) return [];
  return annotationLayers.flatMap((value: unknown) => {
    const entry = readAnnotationLayerEntry(value);
    return entry === null ? [] : [entry];
  });
}

export function isFormulaLayer(entry: AnnotationLayerEntry): boolean {
  return entry.annotationType === annotationTypes.formula;
}

/** The source of events and intervals drawn from another chart's rows (Superset's "Table"). */
export const tableSourceType = 'table';

function isEventOrInterval(entry: AnnotationLayerEntry): boolean {
  return entry.annotationType === annotationTypes.event || entry.annotationType === annotationTypes.interval;
}

/** A saved layer's events or intervals, which the chart-data answer carries (`annotation_data[name]`). */
export function isNativeLayer(entry: AnnotationLayerEntry): boolean {
  return entry.sourceType === nativeSourceType && isEventOrInterval(entry);
}

/**
 * Events or intervals from another chart's rows (`value` is the chart id): the chart-data answer
 * carries that chart's rows as `annotation_data[name].records`.
 */
export function isTableSourceLayer(entry: AnnotationLayerEntry): boolean {
  return entry.sourceType === tableSourceType && isEventOrInterval(entry);
}

/** The source of a time series drawn from another chart's rows (Superset's "Line" source). */
export const lineSourceType = 'line';

/**
 * A time series from another chart (`value` is the chart id): the chart-data answer carries that
 * chart's rows as `annotation_data[name]`, the first column x and the second y.
 */
export function isTimeSeriesSourceLayer(entry: AnnotationLayerEntry): boolean {
  return entry.sourceType === lineSourceType && entry.annotationType === annotationTypes.timeSeries;
}

/** A layer drawn from records (events or intervals): a saved layer's or another chart's rows. */
export function isRecordsLayer(entry: AnnotationLayerEntry): boolean {
  return isNativeLayer(entry) || isTableSourceLayer(entry);
}

/**
 * What the chart-data query depends on in `annotation_layers`: the name, source, layer id and
 * overrides of each layer that is not a formula, and whether it is shown (the server sends no
 * records for a hidden layer). Formulas, colours, widths and styles only change the drawing.
 */
export function annotationLayersQueryPart(annotationLayers: unknown): unknown[] {
  return readAnnotationLayers(annotationLayers)
    .filter((entry) => !isFormulaLayer(entry))
    .map((entry) => ({ name: entry.name, sourceType: entry.sourceType ?? '', value: entry.value, show: entry.show, overrides: entry.overrides ?? {} }));
}

/**
 * The query context as the server gets it: formulas are evaluated in the browser, so they never
 * reach the server (and never change a query's cache key).
 */
export function withoutFormulaLayers(queryContext: QueryContext): QueryContext {
  return {
    ...queryContext,
    queries: queryContext.queries.map((query) => ({
      ...query,
      annotation_layers: query.annotation_layers.filter((value) => !isRecord(value) || value.annotationType !== annotationTypes.formula),
    })),
  };
}
