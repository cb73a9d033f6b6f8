import type { AdhocMetric } from '@/api/generated/AdhocMetric';
import type { Aggregate } from '@/api/generated/Aggregate';
import type { Dataset } from '@/api/generated/Dataset';
import type { FormData } from '@/api/generated/FormData';
import type { MetricRef } from '@/api/generated/MetricRef';
import { loadedQuiverCore, type QuiverCore } from '@/wasm/core';

/** The generated FormData has its typed core only; Explore keeps every other key as well. */
export type ExploreFormData = FormData & Record<string, unknown>;

/**
 * Spec defaults: row limit 1000, time range "No filter", viz type table. The rule lives in
 * quiver-core (`defaultFormData`); these stand in only while the Wasm core has not loaded, so the
 * first Explore render does not wait on it.
 */
export const defaultRowLimit = 1000;
export const defaultTimeRange = 'No filter';
export const defaultVizType = 'table';

export const aggregates: readonly Aggregate[] = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'];

/** The core's `defaultFormData`, the one export the initial form data needs. */
export type DefaultFormDataSource = Pick<QuiverCore, 'defaultFormData'>;

/** The spec's default form data of a new chart on `datasource`: from the core once it has loaded. */
export function defaultExploreFormData(datasource: string, core: DefaultFormDataSource | null): FormData & Record<string, unknown> {
  if (core !== null) return core.defaultFormData(datasource);
  return { datasource, viz_type: defaultVizType, row_limit: defaultRowLimit, time_range: defaultTimeRange };
}

/**
 * The server's form data over the core's default form data (`defaultFormData`), with Explore's
 * empty aggregate-mode controls, for every key the server leaves out.
 */
export function initialExploreFormData(
  dataset: Dataset,
  serverFormData: FormData,
  core: DefaultFormDataSource | null = loadedQuiverCore(),
): ExploreFormData {
  const datasource = serverFormData.datasource || `${dataset.id}__table`;
  const defaults = defaultExploreFormData(datasource, core);
  return {
    query_mode: 'aggregate',
    groupby: [],
    metrics: [],
    ...defaults,
    ...serverFormData,
    datasource,
    viz_type: serverFormData.viz_type || defaults.viz_type,
  };
}

export function readStringList(formData: ExploreFormData, key: string): string[] {
  const value = formData[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function isMetricRef(value: unknown): value is MetricRef {
  return typeof value === 'string' || (typeof value === 'object' && value !== null && 'expressionType' in value);
}

export function readMetrics(formData: ExploreFormData): MetricRef[] {
  const value = formData.metrics;
  return Array.isArray(value) ? value.filter(isMetricRef) : [];
}

export function readRowLimit(formData: ExploreFormData): number {
  const value = formData.row_limit;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : defaultRowLimit;
}

/** Single-metric controls of the viz types: `metric`, the bubble chart's `x`, `y` and `size`. */
const singleMetricKeys = ['metric', 'x', 'y', 'size'] as const;
/** Column lists that chart something without metrics: raw records, a histogram's column. */
const columnListKeys = ['groupby', 'all_columns', 'columns'] as const;

/** True when the form asks for something to chart, so a loaded chart can run at once. */
export function hasQueryControls(formData: ExploreFormData): boolean {
  const hasColumns = columnListKeys.some((key) => readStringList(formData, key).length > 0) || typeof formData.column === 'string';
  const hasMetric = readMetrics(formData).length > 0 || singleMetricKeys.some((key) => isMetricRef(formData[key]));
  return hasColumns || hasMetric;
}

/** A control's value, or its default while the form data does not hold the key. */
export function controlValue(formData: ExploreFormData, name: string, defaultValue: unknown): unknown {
  return formData[name] === undefined ? defaultValue : formData[name];
}

/** The x-axis a time-series chart starts with: the dataset's main datetime column, else its first temporal column. */
export function defaultTemporalColumn(dataset: Dataset): string | null {
  if (dataset.main_dttm_col !== null && dataset.columns.some((column) => column.column_name === dataset.main_dttm_col)) {
    return dataset.main_dttm_col;
  }
  return dataset.columns.find((column) => column.is_dttm || column.type_generic === 2)?.column_name ?? null;
}

function randomOptionSuffix(): string {
  return Math.random().toString(36).slice(2, 13).padEnd(11, '0');
}

/** A SIMPLE adhoc metric: `SUM(num)` is `{expressionType: "SIMPLE", column: {column_name: "num"}, aggregate: "SUM"}`. */
export function simpleAdhocMetric(columnName: string, aggregate: Aggregate, optionSuffix = randomOptionSuffix()): AdhocMetric {
  return {
    expressionType: 'SIMPLE',
    column: { column_name: columnName },
    aggregate,
    label: `${aggregate}(${columnName})`,
    hasCustomLabel: false,
    optionName: `metric_${optionSuffix}`,
  };
}

/** What a metric chip shows until the Wasm core, which owns the label rule, has loaded. */
export function provisionalMetricLabel(metric: MetricRef): string {
  if (typeof metric === 'string') return metric;
  return metric.label ?? metric.sqlExpression ?? metric.optionName ?? '';
}

/** A metric's label by the core's rule, or the provisional one while the core loads (or refuses the metric). */
export function coreMetricLabel(core: Pick<QuiverCore, 'metricLabel'> | null, metric: MetricRef): string {
  if (core === null) return provisionalMetricLabel(metric);
  try {
    return core.metricLabel(metric);
  } catch {
    return provisionalMetricLabel(metric);
  }
}

/** A stable React key for a chosen metric. */
export function metricKey(metric: MetricRef): string {
  return typeof metric === 'string' ? `saved:${metric}` : (metric.optionName ?? provisionalMetricLabel(metric));
}
