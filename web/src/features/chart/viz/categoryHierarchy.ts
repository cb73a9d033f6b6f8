import type { ChartFormData, ChartQueryData, DrillValue } from './chartRendererProps';
import { rowDrillValues } from './drillValues';
import { readColumnLabels } from './formDataValues';
import { numericCellValue } from './numberFormat';
import { categoryLabel, splitDimensionsAndMetrics } from './queryColumns';
import type { TimeFormatter } from './timeFormat';

/** A node of the groups' tree: its label path from the root and the summed metric below it. */
export interface HierarchyNode {
  name: string;
  path: readonly string[];
  value: number;
  children: HierarchyNode[];
  /** The grouping values down to this node (`state = CA`, `name = Anna`): what drilling to detail keeps. */
  drillValues: readonly DrillValue[];
}

/**
 * Nests the rows by the grouping columns in order (`groupby` for treemaps, `columns` for
 * sunbursts), summing the metric up the tree; rows without a value are left out. Temporal
 * groups are named with `formatTime` when given (the chart's `date_format`).
 */
export function buildCategoryHierarchy(
  data: ChartQueryData,
  formData: ChartFormData,
  groupKey: string,
  rootName: string,
  formatTime?: TimeFormatter,
): HierarchyNode {
  const { dimensions, metrics } = splitDimensionsAndMetrics(data.columns, readColumnLabels(formData, groupKey));
  const root: HierarchyNode = { name: rootName, path: [], value: 0, children: [], drillValues: [] };
  const metric = metrics[0];
  if (metric === undefined) return root;
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    const value = numericCellValue(metric.values[rowIndex]);
    if (value === null) continue;
    let node = root;
    node.value += value;
    for (const dimension of dimensions) {
      const name = categoryLabel(dimension.values[rowIndex], dimension, formatTime);
      let child = node.children.find((candidate) => candidate.name === name);
      if (child === undefined) {
        const drillValues = [...node.drillValues, ...rowDrillValues([dimension], rowIndex)];
        child = { name, path: [...node.path, name], value: 0, children: [], drillValues };
        node.children.push(child);
      }
      child.value += value;
      node = child;
    }
  }
  return root;
}
