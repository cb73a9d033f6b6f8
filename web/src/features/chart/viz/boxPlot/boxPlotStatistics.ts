import type { CellValue } from '@/features/chart/chartColumns';
import type { ChartQueryData, DrillValue } from '../chartRendererProps';
import { rowDrillValues } from '../drillValues';
import { numericCellValue } from '../numberFormat';
import { rowLabel } from '../queryColumns';
import type { TimeFormatter } from '../timeFormat';

export interface BoxStatistics {
  group: string;
  metric: string;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number | null;
  count: number | null;
  outliers: number[];
  /** The box's group values: what drilling to detail keeps. */
  drillValues: DrillValue[];
}

const statisticSuffixes = ['__mean', '__median', '__max', '__min', '__q1', '__q3', '__count', '__outliers'] as const;

/** Outliers arrive as an Arrow list, which reads as text ("[1, 2]"), or as a JSON array. */
export function readOutliers(value: CellValue | undefined): number[] {
  if (typeof value !== 'string') return [];
  return value
    .replace(/[[\]]/g, '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(Number)
    .filter((number) => Number.isFinite(number));
}

/**
 * Reads the boxplot post-processing's result: the group columns, then per metric
 * `<metric>__mean`, `__median`, `__max`, `__min`, `__q1`, `__q3`, `__count`, `__outliers`.
 * Temporal groups are labelled with `formatTime` when given (the chart's `date_format`).
 */
export function readBoxStatistics(data: ChartQueryData, formatTime?: TimeFormatter): BoxStatistics[] {
  const metrics = [...new Set(data.columns.flatMap((column) => (column.name.endsWith('__median') ? [column.name.slice(0, -'__median'.length)] : [])))];
  const groupColumns = data.columns.filter((column) => !statisticSuffixes.some((suffix) => column.name.endsWith(suffix)));
  const valuesOf = (metric: string, statistic: string): readonly CellValue[] =>
    data.columns.find((column) => column.name === `${metric}__${statistic}`)?.values ?? [];
  const boxes: BoxStatistics[] = [];
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    for (const metric of metrics) {
      const read = (statistic: string): number | null => numericCellValue(valuesOf(metric, statistic)[rowIndex]);
      const [min, q1, median, q3, max] = ['min', 'q1', 'median', 'q3', 'max'].map(read);
      if (min == null || q1 == null || median == null || q3 == null || max == null) continue;
      boxes.push({
        group: groupColumns.length === 0 ? metric : rowLabel(groupColumns, rowIndex, formatTime),
        metric,
        min,
        q1,
        median,
        q3,
        max,
        mean: read('mean'),
        count: read('count'),
        outliers: readOutliers(valuesOf(metric, 'outliers')[rowIndex]),
        drillValues: rowDrillValues(groupColumns, rowIndex),
      });
    }
  }
  return boxes;
}
