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
  /** The first result row of the step's period (its x value); none for the final total. */
  rowIndex?: number;
  /** A breakdown change's own result row (its breakdown value). */
  breakdownRowIndex?: number;
}

export const waterfallTotalLabel = 'Total';

export interface WaterfallOptions {
  /** `x_axis`: the periods. */
  xAxisName: string | null;
  /** `groupby`'s column: a bar per breakdown value in each period, then the period's running total. */
  breakdownName?: string | null;
  /** `show_total`: the final "Total" bar, or with a breakdown each period's total. */
  showTotal?: boolean;
  /** Labels temporal values (`x_axis_time_format`); without it they show as YYYY-MM-DD. */
  formatTime?: TimeFormatter;
}

/**
 * Superset's waterfall: in the result's order, each change starts where the previous ended. Without
 * a breakdown the metric is summed per x value and a final "Total" bar runs from 0 to the sum; with
 * one, each breakdown value is a change and each period ends with a bar from 0 to the running
 * total, labelled by the period.
 */
export function waterfallSteps(data: ChartQueryData, { xAxisName, breakdownName = null, showTotal = true, formatTime }: WaterfallOptions): WaterfallStep[] {
  const xColumn = findXColumn(data.columns, xAxisName);
  const breakdown = data.columns.find((column) => column.name === breakdownName && column !== xColumn);
  const metric = data.columns.find((column) => column !== xColumn && column !== breakdown && column.genericType === genericDataTypes.numeric);
  if (xColumn === undefined || metric === undefined) return [];
  // Periods by the x value itself: a coarse date format must not merge two of them.
  const periods = new Map<string, { label: string; rows: number[] }>();
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    const key = categoryLabel(xColumn.values[rowIndex], xColumn);
    const period = periods.get(key) ?? { label: categoryLabel(xColumn.values[rowIndex], xColumn, formatTime), rows: [] };
    period.rows.push(rowIndex);
    periods.set(key, period);
  }
  const steps: WaterfallStep[] = [];
  let running = 0;
  const addChange = (label: string, value: number, rowIndex: number, breakdownRowIndex?: number): void => {
    steps.push({ label, kind: value >= 0 ? 'increase' : 'decrease', value, start: running, end: running + value, rowIndex, breakdownRowIndex });
    running += value;
  };
  const addTotal = (label: string, rowIndex?: number): void => {
    steps.push({ label, kind: 'total', value: running, start: 0, end: running, rowIndex });
  };
  for (const period of periods.values()) {
    const values = period.rows.map((rowIndex) => numericCellValue(metric.values[rowIndex]) ?? 0);
    const firstRow = period.rows[0] ?? 0;
    if (breakdown === undefined) {
      addChange(period.label, values.reduce((sum, value) => sum + value, 0), firstRow);
      continue;
    }
    period.rows.forEach((rowIndex, index) => addChange(categoryLabel(breakdown.values[rowIndex], breakdown, formatTime), values[index] ?? 0, firstRow, rowIndex));
    if (showTotal) addTotal(period.label, firstRow);
  }
  if (breakdown === undefined && showTotal && steps.length > 0) addTotal(waterfallTotalLabel);
  return steps;
}
