import { createContext, useContext } from 'react';

/**
 * A dashboard chart's legacy column filters (Superset's `hooks.onAddFilter` and the chart's
 * `filters`): a chart with `table_filter` on filters the dashboard by the values clicked in its
 * columns. Absent outside a dashboard.
 */
export interface ChartColumnFilterHooks {
  /** The chart's own filter: the selected values of each column. */
  selectedValues: Readonly<Record<string, unknown>>;
  /**
   * Sets the chart's filter (Superset's `onAddFilter(newSelectedValues, merge)`): each named
   * column's values replace its current ones, or are added to them with `merge`.
   */
  onAddFilter: (newSelectedValues: Readonly<Record<string, unknown[]>>, merge: boolean) => void;
}

export const ChartColumnFilterContext = createContext<ChartColumnFilterHooks | null>(null);

/** The column filter hooks of the chart being drawn; null outside a dashboard. */
export function useChartColumnFilter(): ChartColumnFilterHooks | null {
  return useContext(ChartColumnFilterContext);
}

/**
 * The chart's filter after a click on `value` in `column` (Superset's table `toggleFilter`): the
 * value joins the column's selected values, or leaves them when already selected. The column is
 * always named, with an empty list once its last value leaves, so that replacing the dashboard's
 * filter clears it. Other columns keep theirs.
 *
 * Example: `{state: ['CA']}` and a click on `NY` gives `{state: ['CA', 'NY']}`; a click on `CA`
 * then gives `{state: ['NY']}`, and one on `NY` `{state: []}`.
 */
export function toggledColumnFilter(selectedValues: Readonly<Record<string, unknown>>, column: string, value: unknown): Record<string, unknown[]> {
  const lists: Record<string, unknown[]> = {};
  for (const [name, values] of Object.entries(selectedValues)) {
    if (Array.isArray(values) && values.length > 0) lists[name] = [...(values as unknown[])];
  }
  const current = lists[column] ?? [];
  const next = current.includes(value) ? current.filter((selected) => selected !== value) : [...current, value];
  return { ...lists, [column]: next };
}
