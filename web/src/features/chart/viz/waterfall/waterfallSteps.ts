import type { ChartQueryData } from '../chartRendererProps';
import { numericCellValue } from '../numberFormat';
import { categoryLabel } from '../queryColumns';
import type { TimeFormatter } from '../timeFormat';
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
}

export const waterfallTotalLabel = 'Total';

/**
 * Sums the metric per x value (over any breakdown), in the result's order, each step starting
 * where the previous ended; a final "Total" bar runs from 0 to the sum. Temporal x values are
 * labelled with `formatTime` when given (the chart's `x_axis_time_format`).
 */
export function waterfallSteps(data: ChartQueryData, xAxisName: string | null, showTotal = true, formatTime?: TimeFormatter): WaterfallStep[] {
  const xColumn = findXColumn(data.columns, xAxisName);
  const metric = data.columns.find((column) => column !== xColumn && column.genericType === genericDataTypes.numeric);
  if (xColumn === undefined || metric === undefined) return [];
  // Summed by the x value itself: a coarse date format must not merge two periods.
  const sums = new Map<string, { label: string; value: number }>();
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    const key = categoryLabel(xColumn.values[rowIndex], xColumn);
    const sum = sums.get(key) ?? { label: categoryLabel(xColumn.values[rowIndex], xColumn, formatTime), value: 0 };
    sum.value += numericCellValue(metric.values[rowIndex]) ?? 0;
    sums.set(key, sum);
  }
  const steps: WaterfallStep[] = [];
  let running = 0;
  for (const { label, value } of sums.values()) {
    steps.push({ label, kind: value >= 0 ? 'increase' : 'decrease', value, start: running, end: running + value });
    running += value;
  }
  if (showTotal && steps.length > 0) steps.push({ label: waterfallTotalLabel, kind: 'total', value: running, start: 0, end: running });
  return steps;
}
