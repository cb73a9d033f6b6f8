/**
 * Annotation layers as a time-series chart draws them: formula lines y = f(x), event lines at
 * `start_dttm`, interval bands from `start_dttm` to `end_dttm` and other charts' time series
 * (x from each row's first column, y from its second), each with its layer's colour,
 * opacity, dash style and width (Superset's annotation layer options).
 */
import type { AnnotationLayerEntry } from '@/api/generated/AnnotationLayerEntry';
import { annotationOpacities, annotationTypes, isRecordsLayer, isTimeSeriesSourceLayer } from '@/features/chart/annotations/annotationLayerEntries';
import type { AnnotationPoint } from '@/features/chart/annotations/annotationQuery';
import { compileFormula, type Formula } from '@/features/chart/annotations/formulaExpression';
import type { AnnotationLayerState } from '@/features/chart/annotations/useAnnotationLayerStates';
import type { CategoricalColorScale } from '../colorSchemes';
import type { TooltipRow } from '../useChartTooltip';

/** How a layer's lines look. */
export interface AnnotationStroke {
  color: string;
  width: number;
  /** An SVG dash array; undefined draws a solid line. */
  dashArray: string | undefined;
  opacity: number;
}

export interface FormulaAnnotation {
  name: string;
  formula: Formula;
  stroke: AnnotationStroke;
}

/** One annotation of an event or interval layer. */
export interface RecordAnnotation {
  layerName: string;
  /** Epoch milliseconds; an event's `end` equals its `start`. */
  start: number;
  end: number;
  title: string;
  description: string;
  stroke: AnnotationStroke;
  showLabel: boolean;
}

/** A time series from another chart: its points, drawn as a line on the left axis. */
export interface TimeSeriesAnnotation {
  name: string;
  points: readonly AnnotationPoint[];
  stroke: AnnotationStroke;
  /** Superset's `showMarkers`: a dot at each point. */
  showMarkers: boolean;
}

export interface CartesianAnnotations {
  formulas: FormulaAnnotation[];
  events: RecordAnnotation[];
  intervals: RecordAnnotation[];
  timeSeries: TimeSeriesAnnotation[];
}

export const noAnnotations: CartesianAnnotations = { formulas: [], events: [], intervals: [], timeSeries: [] };

/** The diameter of a time series layer's markers (Superset's default `markerSize`). */
export const annotationMarkerSize = 6;

/** Superset's `style`: dashes scale with the line's width. */
export function annotationDashArray(style: string | undefined, width: number): string | undefined {
  const unit = Math.max(width, 1);
  switch (style) {
    case 'dashed':
      return `${unit * 4},${unit * 4}`;
    case 'longDashed':
      return `${unit * 10},${unit * 5}`;
    case 'dotted':
      return `${unit},${unit * 2}`;
    default:
      return undefined;
  }
}

/** Superset's `opacity`: low, medium or high; '' takes the type's default (intervals are medium). */
export function annotationOpacity(opacity: string | undefined, fallback: number): number {
  return (opacity === undefined ? undefined : annotationOpacities[opacity]) ?? fallback;
}

function strokeOf(entry: AnnotationLayerEntry, colorScale: CategoricalColorScale, defaultOpacity: number): AnnotationStroke {
  const setWidth = entry.width !== undefined && entry.width > 0 ? entry.width : 1;
  // Superset's `hideLine` draws a time series' markers only.
  const width = entry.hideLine === true && entry.annotationType === annotationTypes.timeSeries ? 0 : setWidth;
  return {
    color: entry.color ?? colorScale.colorOf(entry.name),
    width,
    dashArray: annotationDashArray(entry.style, width),
    opacity: annotationOpacity(entry.opacity, defaultOpacity),
  };
}

/**
 * The drawable annotations of the layers that are shown and loaded. A formula that does not
 * parse and a layer still loading or failed draw nothing (the chart panel warns about failures).
 */
export function cartesianAnnotations(states: readonly AnnotationLayerState[], colorScale: CategoricalColorScale): CartesianAnnotations {
  const annotations: CartesianAnnotations = { formulas: [], events: [], intervals: [], timeSeries: [] };
  for (const { entry, status } of states) {
    if (!entry.show || status.status !== 'success') continue;
    if (entry.annotationType === annotationTypes.formula) {
      try {
        annotations.formulas.push({ name: entry.name, formula: compileFormula(String(entry.value)), stroke: strokeOf(entry, colorScale, 1) });
      } catch {
        // The panel's warning says why.
      }
      continue;
    }
    if (isTimeSeriesSourceLayer(entry)) {
      const points = status.points ?? [];
      if (points.length > 0) annotations.timeSeries.push({ name: entry.name, points, stroke: strokeOf(entry, colorScale, 1), showMarkers: entry.showMarkers === true });
      continue;
    }
    if (!isRecordsLayer(entry) || status.data === null) continue;
    const isInterval = entry.annotationType === annotationTypes.interval;
    const stroke = strokeOf(entry, colorScale, isInterval ? annotationOpacities.opacityMedium ?? 0.5 : 1);
    for (const record of status.data.records) {
      if (record.start_dttm === null) continue;
      const end = isInterval ? Math.max(record.end_dttm ?? record.start_dttm, record.start_dttm) : record.start_dttm;
      const annotation: RecordAnnotation = {
        layerName: entry.name,
        start: record.start_dttm,
        end,
        title: record.short_descr ?? '',
        description: record.long_descr ?? '',
        stroke,
        showLabel: entry.showLabel === true,
      };
      (isInterval ? annotations.intervals : annotations.events).push(annotation);
    }
  }
  return annotations;
}

/**
 * A formula's points over the x axis: at each x of the data, plus `samples` evenly spaced x
 * between the ends, so that curves look like curves. Points where f(x) is not finite are gaps.
 */
export function formulaPoints(formula: Formula, xValues: readonly number[], samples = 100): { x: number; y: number | null }[] {
  if (xValues.length === 0) return [];
  const low = Math.min(...xValues);
  const high = Math.max(...xValues);
  const sampled = high > low ? Array.from({ length: samples + 1 }, (_unused, step) => low + ((high - low) * step) / samples) : [];
  const xs = [...new Set([...xValues, ...sampled])].sort((left, right) => left - right);
  return xs.map((x) => {
    const y = formula(x);
    return { x, y: Number.isFinite(y) ? y : null };
  });
}

/**
 * The position of an x value (epoch ms or number) on a banded axis whose band centres hold
 * `xValues` (sorted) at `positions`: linear between the two nearest centres, null outside.
 */
export function positionBetweenBands(value: number, xValues: readonly number[], positions: readonly number[]): number | null {
  const count = Math.min(xValues.length, positions.length);
  if (count === 0) return null;
  const first = xValues[0] ?? 0;
  const last = xValues[count - 1] ?? 0;
  if (value < first || value > last) return null;
  // The last centre at or before the value (binary search), then linear to the next one.
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((xValues[middle] ?? 0) <= value) low = middle;
    else high = middle - 1;
  }
  const left = xValues[low] ?? 0;
  const leftPosition = positions[low] ?? 0;
  if (low === count - 1) return leftPosition;
  const right = xValues[low + 1] ?? 0;
  const rightPosition = positions[low + 1] ?? 0;
  return right === left ? leftPosition : leftPosition + ((value - left) / (right - left)) * (rightPosition - leftPosition);
}

/** A formula with its points on the plot's x range. */
export interface FormulaLine {
  annotation: FormulaAnnotation;
  points: readonly { x: number; y: number | null }[];
}

/** A time series layer with its points inside the plot's x range. */
export interface TimeSeriesLine {
  annotation: TimeSeriesAnnotation;
  points: readonly AnnotationPoint[];
}

/** The time series layers not hidden in the legend, with their points between `range`'s ends. */
export function timeSeriesLines(annotations: readonly TimeSeriesAnnotation[], range: readonly [number, number], hidden: ReadonlySet<string>): TimeSeriesLine[] {
  return annotations
    .filter((annotation) => !hidden.has(annotation.name))
    .map((annotation) => ({ annotation, points: annotation.points.filter((point) => point.x >= range[0] && point.x <= range[1]) }));
}

/** Where the plot puts an x value; the range is the plot's [first, last] x value. */
export interface AnnotationXAxis {
  range: readonly [number, number];
  /** The x position of a value inside the range. */
  position: (value: number) => number;
}

/** Pixels either side of an event line that still count as pointing at it. */
export const eventHitDistance = 5;

function clamped(value: number, range: readonly [number, number]): number {
  return Math.min(Math.max(value, range[0]), range[1]);
}

/** The [left, right] pixels of an annotation on the plot, or null when it lies outside. */
export function annotationSpan(annotation: RecordAnnotation, xAxis: AnnotationXAxis): [number, number] | null {
  const [first, last] = xAxis.range;
  if (annotation.end < first || annotation.start > last) return null;
  return [xAxis.position(clamped(annotation.start, xAxis.range)), xAxis.position(clamped(annotation.end, xAxis.range))];
}

/** The tooltip rows of the events near `pointerX` and the intervals under it: title and description. */
export function annotationTooltipRows(annotations: CartesianAnnotations, xAxis: AnnotationXAxis, pointerX: number): TooltipRow[] {
  const isNear = (annotation: RecordAnnotation): boolean => {
    const span = annotationSpan(annotation, xAxis);
    return span !== null && pointerX >= span[0] - eventHitDistance && pointerX <= span[1] + eventHitDistance;
  };
  return [...annotations.events, ...annotations.intervals]
    .filter(isNear)
    .map((annotation) => ({ label: annotation.title === '' ? annotation.layerName : annotation.title, value: annotation.description, color: annotation.stroke.color }));
}
