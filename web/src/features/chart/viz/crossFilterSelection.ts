import type { CrossFilterSelection } from './chartRendererProps';

/**
 * The cross-filter after clicking `value` of `column` (Superset's single selection): clicking the
 * selected value again clears it.
 */
export function toggledCrossFilter(column: string, value: unknown, current: readonly unknown[] | undefined): CrossFilterSelection | null {
  const isSelected = current?.length === 1 && current[0] === value;
  if (isSelected) return null;
  return { column, values: [value], label: filterValueText(value) };
}

/** A filter value as the filter bar shows it: `<NULL>` for null, JSON for objects. */
export function filterValueText(value: unknown): string {
  if (value === null || value === undefined) return '<NULL>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}
