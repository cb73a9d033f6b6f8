import type { CartesianSeries, SeriesKind } from '../cartesian/cartesianSeries';
import { limitSeries, readPivotedSeries, type PivotedSeries } from '../cartesian/cartesianSeries';
import type { ChartFormData, ChartQueryData } from '../chartRendererProps';
import type { CategoricalColorScale } from '../colorSchemes';
import { columnLabel, readFormBoolean, readFormNumber } from '../formDataValues';
import { derivedSeriesStyles } from './timeComparison';

/** How one query's series are drawn. */
export interface TimeseriesLayerOptions {
  kind: SeriesKind;
  isStacked: boolean;
  yAxisIndex: 0 | 1;
  /** Series kept, largest first; 0 keeps all. */
  seriesLimit: number;
  /** Told apart from another layer's series: " (Query B)". */
  nameSuffix: string;
  stackGroup: string;
  /** `_b` when the layer is the mixed chart's query B: its time comparison is `time_compare_b`. */
  controlSuffix?: string;
}

/** The series kind a time-series viz draws; the step chart's `seriesType` picks its step. */
export function timeseriesSeriesKind(vizType: string, formData: ChartFormData): SeriesKind {
  switch (vizType) {
    case 'echarts_timeseries_bar':
      return 'bar';
    case 'echarts_area':
      return 'area';
    case 'echarts_timeseries_scatter':
      return 'scatter';
    case 'echarts_timeseries_smooth':
      return 'smooth';
    case 'echarts_timeseries_step':
      return stepKind(formData.seriesType);
    default:
      return readFormBoolean(formData, 'area', false) ? 'area' : 'line';
  }
}

function stepKind(seriesType: unknown): SeriesKind {
  if (seriesType === 'middle') return 'step-middle';
  if (seriesType === 'end') return 'step-end';
  return 'step-start';
}

/** Mixed charts' `seriesType` / `seriesTypeB`: line, scatter, smooth, bar or a step position. */
export function mixedSeriesKind(seriesType: unknown, isArea: boolean): SeriesKind {
  if (seriesType === 'bar') return 'bar';
  if (seriesType === 'scatter') return 'scatter';
  if (seriesType === 'start' || seriesType === 'middle' || seriesType === 'end') return stepKind(seriesType);
  if (isArea) return 'area';
  return seriesType === 'smooth' ? 'smooth' : 'line';
}

/** Superset's `stack`: true, "Stack", "Stream" or "Expand" stack; false and null do not. */
export function isStackEnabled(stack: unknown): boolean {
  return stack === true || stack === 'Stack' || stack === 'Stream' || stack === 'Expand';
}

/** The `series_limit` applies to groups; each group has one series per metric. */
export function seriesLimitFor(formData: ChartFormData, metricsKey: string, limitKey = 'series_limit'): number {
  const limit = readFormNumber(formData, limitKey, 0);
  const metrics = formData[metricsKey];
  const metricCount = Array.isArray(metrics) ? Math.max(metrics.length, 1) : 1;
  return limit > 0 ? limit * metricCount : 0;
}

export function xAxisName(formData: ChartFormData): string | null {
  return columnLabel(formData.x_axis) ?? columnLabel(formData.granularity_sqla);
}

/** One query's pivoted result as coloured series. */
export function timeseriesLayer(
  data: ChartQueryData,
  formData: ChartFormData,
  options: TimeseriesLayerOptions,
  colorScale: CategoricalColorScale,
): { pivoted: PivotedSeries; series: CartesianSeries[] } {
  const pivoted = readPivotedSeries(data, xAxisName(formData));
  const columns = limitSeries(pivoted.columns, options.seriesLimit);
  const lineStyles = derivedSeriesStyles(
    columns.map((column) => column.name),
    formData,
    options.controlSuffix,
  );
  const series = columns.map((column): CartesianSeries => {
    const name = `${column.name}${options.nameSuffix}`;
    const lineStyle = lineStyles.get(column.name);
    return {
      name,
      kind: options.kind,
      values: column.values,
      yAxisIndex: options.yAxisIndex,
      stackGroup: options.isStacked ? options.stackGroup : null,
      color: colorScale.colorOf(name),
      ...(lineStyle === undefined ? {} : { lineStyle }),
    };
  });
  return { pivoted, series };
}

/** `y_axis_bounds`: [min, max], either end null. */
export function readValueAxisBounds(formData: ChartFormData, key = 'y_axis_bounds'): readonly [number | null, number | null] | undefined {
  const bounds = formData[key];
  if (!Array.isArray(bounds)) return undefined;
  const [low, high] = bounds as unknown[];
  const asBound = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  if (asBound(low) === null && asBound(high) === null) return undefined;
  return [asBound(low), asBound(high)];
}
