import type { Dataset } from '@/api/generated/Dataset';
import type { GenericDataType } from '@/api/generated/GenericDataType';
import type { MetricRef } from '@/api/generated/MetricRef';
import { genericDataTypes } from '@/features/chart/chartColumns';
import { columnLabel } from '@/features/chart/viz/formDataValues';
import type { ExploreFormData } from '@/features/explore/exploreFormData';

/** A column the table chart's result will have: its name and, when known, its generic type. */
export interface TableResultColumn {
  name: string;
  /** The dataset's type of a physical column, numeric for metrics, null for an adhoc column. */
  genericType: GenericDataType | null;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

function metricRefs(value: unknown): MetricRef[] {
  return listOf(value).filter((item): item is MetricRef => typeof item === 'string' || (typeof item === 'object' && item !== null && 'expressionType' in item));
}

function chosenColumn(item: unknown, dataset: Dataset): TableResultColumn[] {
  const name = columnLabel(item);
  if (name === null) return [];
  if (typeof item !== 'string') return [{ name, genericType: null }];
  const genericType = dataset.columns.find((candidate) => candidate.column_name === item)?.type_generic ?? null;
  return [{ name, genericType }];
}

/**
 * The table chart's result columns, read from the form data before it runs (what Superset's
 * "Customize columns" and "Conditional formatting" read from the last result): in aggregate mode
 * the group-by columns, the metrics, then the percent metrics (`%label`); for raw records the
 * chosen columns. Each name once, in that order.
 */
export function tableResultColumns(formData: ExploreFormData, dataset: Dataset, metricLabel: (metric: MetricRef) => string): TableResultColumn[] {
  const columns =
    formData.query_mode === 'raw'
      ? listOf(formData.all_columns).flatMap((item) => chosenColumn(item, dataset))
      : [
          ...listOf(formData.groupby).flatMap((item) => chosenColumn(item, dataset)),
          ...metricRefs(formData.metrics).map((metric) => ({ name: metricLabel(metric), genericType: genericDataTypes.numeric })),
          ...metricRefs(formData.percent_metrics).map((metric) => ({ name: `%${metricLabel(metric)}`, genericType: genericDataTypes.numeric })),
        ];
  const byName = new Map<string, TableResultColumn>();
  for (const column of columns) if (!byName.has(column.name)) byName.set(column.name, column);
  return [...byName.values()];
}
