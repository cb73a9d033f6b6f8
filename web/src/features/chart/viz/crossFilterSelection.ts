import type { CrossFilterSelection } from './chartRendererProps';

/**
 * The cross-filter after clicking `value` of `column` (Superset's single selection): clicking the
 * selected value again clears it.
 */
export function toggledCrossFilter(column: string, value: unknown, current: readonly unknown[] | undefined): CrossFilterSelection | null {
  const isSelected = current?.length === 1 && current[0] === value;
  if (isSelected) return null;
  return { clauses: [{ column, values: [value] }], values: [value], label: filterValueText(value) };
}

/**
 * The cross-filter after clicking a series whose group-by values are `seriesValues` (one per
 * column of `groupby`), as Superset's echarts timeseries emits it: an `IN` clause per group-by
 * column; clicking the selected series again clears it.
 */
export function toggledSeriesCrossFilter(
  groupby: readonly string[],
  seriesValues: readonly unknown[],
  current: readonly unknown[] | undefined,
): CrossFilterSelection | null {
  const selected = current?.length === 1 ? current[0] : undefined;
  const isSelected = Array.isArray(selected) && selected.length === seriesValues.length && selected.every((value, index) => value === seriesValues[index]);
  if (isSelected) return null;
  return {
    clauses: groupby.map((column, index) => ({ column, values: [seriesValues[index] ?? null] })),
    values: [[...seriesValues]],
    label: seriesValues.map(filterValueText).join(', '),
  };
}

/** How the pivot names a missing group-by value (Superset's `column_fill_value`). */
const nullSeriesValue = '<NULL>';

/**
 * The group-by values of a pivoted series (Superset's `label_map` entry without the metric):
 * the name's parts, split on `", "` not preceded by a backslash (commas inside values are
 * escaped as `\,`), the last `groupbyCount` of them; `<NULL>` reads as null. Null when the name
 * has fewer parts or there is no group-by.
 *
 * Example: `SUM(num), boy` with one group-by column gives `["boy"]`; `boy, CA` with two gives
 * `["boy", "CA"]`; `a\, b` with one gives `["a, b"]`.
 */
export function seriesGroupbyValues(seriesName: string, groupbyCount: number): unknown[] | null {
  if (groupbyCount === 0) return null;
  const parts = seriesName.split(/(?<!\\), /).map((part) => part.replaceAll('\\,', ','));
  if (parts.length < groupbyCount) return null;
  return parts.slice(parts.length - groupbyCount).map((part) => (part === nullSeriesValue ? null : part));
}

/** A filter value as the filter bar shows it: `<NULL>` for null, JSON for objects. */
export function filterValueText(value: unknown): string {
  if (value === null || value === undefined) return '<NULL>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}
