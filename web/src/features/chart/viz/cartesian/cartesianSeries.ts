import { genericDataTypes, type ChartColumn } from '@/features/chart/chartColumns';
import type { ChartQueryData } from '../chartRendererProps';
import { numericCellValue } from '../numberFormat';
import { categoryLabel } from '../queryColumns';

/** How a series is drawn: Superset's `seriesType` values, with `area` for filled lines. */
export type SeriesKind = 'line' | 'smooth' | 'step-start' | 'step-middle' | 'step-end' | 'area' | 'bar' | 'scatter';

/** A time axis (epoch ms), a numeric axis, or categories in result order. */
export type XAxisKind = 'time' | 'linear' | 'category';

/** How a series' line is stroked when not the default (solid, 2 pixels, opaque). */
export interface SeriesLineStyle {
  isDashed: boolean;
  width: number;
  opacity: number;
}

export interface CartesianSeries {
  name: string;
  kind: SeriesKind;
  /** One value per x position, null where the series has none. */
  values: readonly (number | null)[];
  /** 0 is the left (primary) y axis, 1 the right one. */
  yAxisIndex: 0 | 1;
  /** Series sharing a stack group are stacked; null draws the series on its own. */
  stackGroup: string | null;
  color: string;
  /** A time comparison's shifted series (Superset's derived series) is dashed; absent is solid. */
  lineStyle?: SeriesLineStyle;
  /** This series' dots in px (null: none), instead of the chart's `markerRadius` (the mixed chart's per-query markers). */
  markerRadius?: number | null;
}

export interface CartesianData {
  xKind: XAxisKind;
  /** Sorted for time and numeric axes; category labels otherwise. */
  xValues: readonly (number | string)[];
  series: readonly CartesianSeries[];
}

/** One series column before it is given a kind and a colour. */
export interface SeriesColumn {
  name: string;
  values: (number | null)[];
}

/** The pivoted result (one x column, one column per series) aligned on sorted x values. */
export interface PivotedSeries {
  xKind: XAxisKind;
  xValues: (number | string)[];
  columns: SeriesColumn[];
}

function xAxisKindOf(column: ChartColumn): XAxisKind {
  if (column.genericType === genericDataTypes.temporal) return 'time';
  if (column.genericType === genericDataTypes.numeric) return 'linear';
  return 'category';
}

/** The x column: the one named by `x_axis`, else the first temporal column, else the first. */
export function findXColumn(columns: readonly ChartColumn[], xAxisName: string | null): ChartColumn | undefined {
  return (
    columns.find((column) => column.name === xAxisName) ??
    columns.find((column) => column.name === '__timestamp') ??
    columns.find((column) => column.genericType === genericDataTypes.temporal) ??
    columns[0]
  );
}

/**
 * Reads Superset's pivoted time-series result: the x column, then one numeric column per series
 * ("SUM(num), boy"). Rows without an x value are left out; time and numeric axes are sorted.
 */
export function readPivotedSeries(data: ChartQueryData, xAxisName: string | null): PivotedSeries {
  const xColumn = findXColumn(data.columns, xAxisName);
  if (xColumn === undefined) return { xKind: 'category', xValues: [], columns: [] };
  const xKind = xAxisKindOf(xColumn);
  const seriesColumns = data.columns.filter(
    (column) => column !== xColumn && column.genericType !== genericDataTypes.string && column.genericType !== genericDataTypes.temporal,
  );
  const rowIndexes: number[] = [];
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    if (xColumn.values[rowIndex] !== null && xColumn.values[rowIndex] !== undefined) rowIndexes.push(rowIndex);
  }
  const xOf = (rowIndex: number): number | string =>
    xKind === 'category' ? categoryLabel(xColumn.values[rowIndex], xColumn) : (numericCellValue(xColumn.values[rowIndex]) ?? 0);
  if (xKind !== 'category') rowIndexes.sort((left, right) => (xOf(left) as number) - (xOf(right) as number));
  return {
    xKind,
    xValues: rowIndexes.map(xOf),
    columns: seriesColumns.map((column) => ({
      name: column.name,
      values: rowIndexes.map((rowIndex) => numericCellValue(column.values[rowIndex])),
    })),
  };
}

function seriesTotal(column: SeriesColumn): number {
  return column.values.reduce<number>((total, value) => total + Math.abs(value ?? 0), 0);
}

/**
 * Superset's series limit: keep the `limit` largest series (by the sum of their values), in
 * their original order. A limit of 0 keeps every series.
 */
export function limitSeries(columns: readonly SeriesColumn[], limit: number): SeriesColumn[] {
  if (limit <= 0 || columns.length <= limit) return [...columns];
  const kept = new Set(
    [...columns].sort((left, right) => seriesTotal(right) - seriesTotal(left)).slice(0, limit).map((column) => column.name),
  );
  return columns.filter((column) => kept.has(column.name));
}

/** A stacked series' band at each x: from `lower` to `upper`. */
export interface StackedBand {
  lower: number;
  upper: number;
}

/**
 * Stacks the series of each stack group in order: positives upward from 0, negatives downward.
 * With `expand` each x position is scaled so that its stack totals 1. Unstacked series get
 * bands from 0.
 */
export function stackSeries(series: readonly CartesianSeries[], pointCount: number, expand = false): StackedBand[][] {
  const positiveTops = new Map<string, number[]>();
  const negativeBottoms = new Map<string, number[]>();
  const groupTotals = new Map<string, number[]>();
  if (expand) {
    for (const item of series) {
      if (item.stackGroup === null) continue;
      const totals = groupTotals.get(item.stackGroup) ?? new Array<number>(pointCount).fill(0);
      item.values.forEach((value, index) => {
        totals[index] = (totals[index] ?? 0) + Math.abs(value ?? 0);
      });
      groupTotals.set(item.stackGroup, totals);
    }
  }
  return series.map((item) => {
    const group = item.stackGroup;
    if (group === null) return item.values.map((value) => ({ lower: 0, upper: value ?? 0 }));
    const tops = positiveTops.get(group) ?? new Array<number>(pointCount).fill(0);
    const bottoms = negativeBottoms.get(group) ?? new Array<number>(pointCount).fill(0);
    positiveTops.set(group, tops);
    negativeBottoms.set(group, bottoms);
    const totals = groupTotals.get(group);
    return item.values.map((rawValue, index) => {
      const total = totals?.[index] ?? 0;
      const value = totals === undefined ? (rawValue ?? 0) : total === 0 ? 0 : (rawValue ?? 0) / total;
      const base = value >= 0 ? (tops[index] ?? 0) : (bottoms[index] ?? 0);
      const next = base + value;
      if (value >= 0) tops[index] = next;
      else bottoms[index] = next;
      return { lower: base, upper: next };
    });
  });
}
