import type { CellValue } from '@/features/chart/chartColumns';

/** The extent a column's bars are drawn against: [min, max], or [0, max |value|] when aligned at 0. */
export type ValueRange = readonly [minValue: number, maxValue: number];

/** A numeric cell as a plain number for drawing; null for anything else. */
export function cellNumber(value: CellValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  return null;
}

/**
 * Superset's `getValueRange`: the column's extent, or [0, largest absolute value] with
 * `align_pn`. Null when the column holds no number.
 */
export function columnValueRange(values: readonly CellValue[], alignPositiveNegative: boolean): ValueRange | null {
  let minValue = Number.POSITIVE_INFINITY;
  let maxValue = Number.NEGATIVE_INFINITY;
  let maxAbsolute = 0;
  let hasNumber = false;
  for (const value of values) {
    const number = cellNumber(value);
    if (number === null) continue;
    hasNumber = true;
    minValue = Math.min(minValue, number);
    maxValue = Math.max(maxValue, number);
    maxAbsolute = Math.max(maxAbsolute, Math.abs(number));
  }
  if (!hasNumber) return null;
  return alignPositiveNegative ? [0, maxAbsolute] : [minValue, maxValue];
}

export interface CellBarGeometry {
  /** Percent of the cell's width the bar covers. */
  widthPercent: number;
  /** Percent of the cell's width left of the bar. */
  offsetPercent: number;
}

/**
 * Superset's `cellWidth` and `cellOffset`: aligned bars start at the left edge and grow with
 * |value| / max; otherwise the axis sits where 0 falls between the extent's ends, negative bars
 * reaching left of it and positive ones right.
 */
export function cellBarGeometry(value: number, [minValue, maxValue]: ValueRange, alignPositiveNegative: boolean): CellBarGeometry {
  if (alignPositiveNegative) {
    const widthPercent = maxValue === 0 ? 0 : Math.abs(Math.round((value / maxValue) * 100));
    return { widthPercent, offsetPercent: 0 };
  }
  const positiveExtent = Math.abs(Math.max(maxValue, 0));
  const negativeExtent = Math.abs(Math.min(minValue, 0));
  const total = positiveExtent + negativeExtent;
  if (total === 0) return { widthPercent: 0, offsetPercent: 0 };
  return {
    widthPercent: Math.round((Math.abs(value) / total) * 100),
    offsetPercent: Math.round((Math.min(negativeExtent + value, negativeExtent) / total) * 100),
  };
}

/** Superset's bar colour: grey, or red for negative values when `color_pn` is on. */
export function cellBarColor(value: number, colorPositiveNegative: boolean): string {
  const red = colorPositiveNegative && value < 0 ? 150 : 0;
  return `rgba(${red},0,0,0.2)`;
}
