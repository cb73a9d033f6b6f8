/** Superset's pivot table `aggregateFunction` choices that Quiver computes. */
export const pivotAggregatorNames = [
  'Count',
  'Count Unique Values',
  'Sum',
  'Average',
  'Median',
  'Sample Variance',
  'Sample Standard Deviation',
  'Minimum',
  'Maximum',
  'First',
  'Last',
  'Sum as Fraction of Total',
  'Sum as Fraction of Rows',
  'Sum as Fraction of Columns',
  'Count as Fraction of Total',
  'Count as Fraction of Rows',
  'Count as Fraction of Columns',
] as const;

export type PivotAggregatorName = (typeof pivotAggregatorNames)[number];

/** What a fraction aggregator divides by: the grand total, the row's total or the column's. */
export type FractionBase = 'total' | 'row' | 'column';

export interface PivotAggregator {
  name: PivotAggregatorName;
  /** Aggregates the present values of one cell (a group of input rows). */
  aggregate: (values: readonly number[]) => number | null;
  fractionOf: FractionBase | null;
  isFraction: boolean;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function sampleVariance(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = sum(values) / values.length;
  return sum(values.map((value) => (value - mean) ** 2)) / (values.length - 1);
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const aggregates: Record<PivotAggregatorName, (values: readonly number[]) => number | null> = {
  Count: (values) => values.length,
  'Count Unique Values': (values) => new Set(values).size,
  Sum: (values) => (values.length === 0 ? null : sum(values)),
  Average: (values) => (values.length === 0 ? null : sum(values) / values.length),
  Median: median,
  'Sample Variance': sampleVariance,
  'Sample Standard Deviation': (values) => {
    const variance = sampleVariance(values);
    return variance === null ? null : Math.sqrt(variance);
  },
  Minimum: (values) => (values.length === 0 ? null : Math.min(...values)),
  Maximum: (values) => (values.length === 0 ? null : Math.max(...values)),
  First: (values) => values[0] ?? null,
  Last: (values) => values.at(-1) ?? null,
  'Sum as Fraction of Total': (values) => sum(values),
  'Sum as Fraction of Rows': (values) => sum(values),
  'Sum as Fraction of Columns': (values) => sum(values),
  'Count as Fraction of Total': (values) => values.length,
  'Count as Fraction of Rows': (values) => values.length,
  'Count as Fraction of Columns': (values) => values.length,
};

function fractionBaseOf(name: PivotAggregatorName): FractionBase | null {
  if (name.endsWith('Fraction of Total')) return 'total';
  if (name.endsWith('Fraction of Rows')) return 'row';
  if (name.endsWith('Fraction of Columns')) return 'column';
  return null;
}

/** The aggregator named by the form data; unknown names use Sum, Superset's default. */
export function pivotAggregator(name: unknown): PivotAggregator {
  const known = (pivotAggregatorNames as readonly unknown[]).includes(name) ? (name as PivotAggregatorName) : 'Sum';
  const fractionOf = fractionBaseOf(known);
  return { name: known, aggregate: aggregates[known], fractionOf, isFraction: fractionOf !== null };
}
