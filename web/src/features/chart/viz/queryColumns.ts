import { genericDataTypes, type CellValue, type ChartColumn } from '@/features/chart/chartColumns';
import { formatCellValue } from './table/formatCellValue';
import type { TimeFormatter } from './timeFormat';

/** A result split into the grouping columns (dimensions) and the metric columns. */
export interface DimensionsAndMetrics {
  dimensions: ChartColumn[];
  metrics: ChartColumn[];
}

function isNumericColumn(column: ChartColumn): boolean {
  if (column.genericType !== null) return column.genericType === genericDataTypes.numeric;
  return column.values.some((value) => typeof value === 'number' || typeof value === 'bigint');
}

/**
 * Columns named by the form's column controls (`groupby`, `columns`, ...) are dimensions, in the
 * result's order; the numeric rest are metrics. Without named dimensions every non-numeric
 * column is one.
 */
export function splitDimensionsAndMetrics(columns: readonly ChartColumn[], dimensionNames: readonly string[]): DimensionsAndMetrics {
  const named = new Set(dimensionNames);
  const hasNamedDimension = columns.some((column) => named.has(column.name));
  const isDimension = (column: ChartColumn): boolean => (hasNamedDimension ? named.has(column.name) : !isNumericColumn(column));
  return {
    dimensions: columns.filter(isDimension),
    metrics: columns.filter((column) => !isDimension(column) && isNumericColumn(column)),
  };
}

/**
 * One cell as a category label: text as is, numbers ungrouped (2000), dates as YYYY-MM-DD (or
 * with `formatTime`, the chart's date format), null as N/A.
 */
export function categoryLabel(value: CellValue | undefined, column: ChartColumn, formatTime?: TimeFormatter): string {
  const isTemporal = column.genericType === genericDataTypes.temporal;
  if (isTemporal && typeof value === 'number' && formatTime !== undefined) return formatTime(value);
  const isPlainNumber = (typeof value === 'number' || typeof value === 'bigint') && !isTemporal;
  if (isPlainNumber) return String(value);
  return formatCellValue(value ?? null, column.genericType);
}

/** A row's label across dimensions, joined as Superset joins series names: "boy, CA". */
export function rowLabel(dimensions: readonly ChartColumn[], rowIndex: number, formatTime?: TimeFormatter): string {
  return dimensions.map((column) => categoryLabel(column.values[rowIndex], column, formatTime)).join(', ');
}
