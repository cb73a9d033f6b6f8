import type { ChartFormData, ChartQueryData, DrillValue } from './chartRendererProps';
import { rowDrillValues } from './drillValues';
import { readColumnLabels } from './formDataValues';
import { numericCellValue } from './numberFormat';
import { rowLabel, splitDimensionsAndMetrics } from './queryColumns';

/** A category (one result row, labelled by its groups) and its metric value. */
export interface CategoryValue {
  label: string;
  value: number;
  /** The row's group values: what drilling to detail keeps. */
  drillValues: DrillValue[];
}

/**
 * The rows of a `groupby` + `metric` result as labelled values, in the result's order; rows
 * without a value are left out. Without groups, the label is the metric's.
 */
export function readCategoryValues(data: ChartQueryData, formData: ChartFormData, groupbyKey = 'groupby'): { metricName: string; categories: CategoryValue[] } {
  const { dimensions, metrics } = splitDimensionsAndMetrics(data.columns, readColumnLabels(formData, groupbyKey));
  const metric = metrics[0];
  if (metric === undefined) return { metricName: '', categories: [] };
  const categories: CategoryValue[] = [];
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    const value = numericCellValue(metric.values[rowIndex]);
    if (value !== null) {
      categories.push({ label: dimensions.length === 0 ? metric.name : rowLabel(dimensions, rowIndex), value, drillValues: rowDrillValues(dimensions, rowIndex) });
    }
  }
  return { metricName: metric.name, categories };
}
