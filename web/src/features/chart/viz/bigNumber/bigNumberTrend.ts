import type { ChartQueryData } from '../chartRendererProps';
import { numberFormatter, numericCellValue } from '../numberFormat';
import { findXColumn } from '../cartesian/cartesianSeries';
import { genericDataTypes } from '@/features/chart/chartColumns';

export interface TrendPoint {
  time: number;
  value: number | null;
}

/** The big number with trendline: the latest value, its time, and the change against `compare_lag`. */
export interface BigNumberTrend {
  points: TrendPoint[];
  /** The metric's result column name (the tooltip's label). */
  metricName: string | null;
  latestValue: number | null;
  latestTime: number | null;
  /** "+12.5% WoW" when `compare_lag` points back to a present value. */
  comparisonText: string | null;
}

const percentChangeFormatter = numberFormatter('+.1%');

/**
 * Superset's rule: the latest row's value, or the latest present one when it is null; with
 * `compare_lag` N, the change is against the value N rows before the latest, relative to its
 * absolute value.
 */
export function bigNumberTrend(data: ChartQueryData, xAxisName: string | null, compareLag: number, compareSuffix: string): BigNumberTrend {
  const timeColumn = findXColumn(data.columns, xAxisName);
  const metricColumn = data.columns.find((column) => column !== timeColumn && column.genericType === genericDataTypes.numeric);
  if (timeColumn === undefined || metricColumn === undefined) {
    return { points: [], metricName: null, latestValue: null, latestTime: null, comparisonText: null };
  }
  const points: TrendPoint[] = [];
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    const time = numericCellValue(timeColumn.values[rowIndex]);
    if (time !== null) points.push({ time, value: numericCellValue(metricColumn.values[rowIndex]) });
  }
  points.sort((left, right) => left.time - right.time);
  const latestFirst = [...points].reverse();
  const latest = latestFirst.find((point) => point.value !== null) ?? latestFirst[0];
  const latestValue = latest?.value ?? null;
  let comparisonText: string | null = null;
  const compared = compareLag > 0 ? latestFirst[compareLag] : undefined;
  if (compared?.value !== null && compared?.value !== undefined && latestValue !== null) {
    const change = compared.value === 0 ? 0 : (latestValue - compared.value) / Math.abs(compared.value);
    comparisonText = `${percentChangeFormatter(change)} ${compareSuffix}`.trim();
  }
  return { points, metricName: metricColumn.name, latestValue, latestTime: latest?.time ?? null, comparisonText };
}
