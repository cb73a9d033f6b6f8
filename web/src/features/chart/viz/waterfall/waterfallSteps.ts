import type { ChartQueryData } from '../chartRendererProps';
import { numericCellValue } from '../numberFormat';
import { categoryLabel } from '../queryColumns';
import { findXColumn } from '../cartesian/cartesianSeries';
import { genericDataTypes } from '@/features/chart/chartColumns';

export type WaterfallStepKind = 'increase' | 'decrease' | 'total';

/** One bar of a waterfall: it floats from `start` to `end`. */
export interface WaterfallStep {
  label: string;
  kind: WaterfallStepKind;
  value: number;
  start: number;
  end: number;
  /** The first result row of the step's x value; none for the total. */
  rowIndex?: number;
}

export const waterfallTotalLabel = 'Total';

/**
 * Sums the metric per x value (over any breakdown), in the result's order, each step starting
 * where the previous ended; a final "Total" bar runs from 0 to the sum.
 */
export function waterfallSteps(data: ChartQueryData, xAxisName: string | null, showTotal = true): WaterfallStep[] {
  const xColumn = findXColumn(data.columns, xAxisName);
  const metric = data.columns.find((column) => column !== xColumn && column.genericType === genericDataTypes.numeric);
  if (xColumn === undefined || metric === undefined) return [];
  const sums = new Map<string, number>();
  const firstRows = new Map<string, number>();
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    const label = categoryLabel(xColumn.values[rowIndex], xColumn);
    sums.set(label, (sums.get(label) ?? 0) + (numericCellValue(metric.values[rowIndex]) ?? 0));
    if (!firstRows.has(label)) firstRows.set(label, rowIndex);
  }
  const steps: WaterfallStep[] = [];
  let running = 0;
  for (const [label, value] of sums) {
    steps.push({ label, kind: value >= 0 ? 'increase' : 'decrease', value, start: running, end: running + value, rowIndex: firstRows.get(label) });
    running += value;
  }
  if (showTotal && steps.length > 0) steps.push({ label: waterfallTotalLabel, kind: 'total', value: running, start: 0, end: running });
  return steps;
}
