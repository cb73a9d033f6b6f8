/**
 * Filters set on a chart's columns (spec 000 §3 "Saved filter key", §4 "Filter on a chart
 * column"; Superset's `dashboardFilters` state): by chart, the selected values of each column and
 * the direct path to the filter's component in the layout. A filter is saved and applied under
 * the key `{chartId}_{column}`.
 */

/** One chart's column filters. */
export interface ChartColumnFilter {
  chartId: number;
  /** Column name to its selected values (a list, or one value such as a time range). */
  columns: Readonly<Record<string, unknown>>;
  /** The ids from the layout's root down to the filter's component; empty until recorded. */
  directPathToFilter: readonly string[];
}

/** Every chart's column filters, by chart id. */
export type ColumnFilterState = Readonly<Record<number, ChartColumnFilter>>;

/** The filter applied under one `{chartId}_{column}` key. */
export interface ActiveColumnFilter {
  chartId: number;
  column: string;
  values: unknown;
}

/** The saved filter key: `{chartId}_{column}`. */
export function columnFilterKey(chartId: number, column: string): string {
  return `${chartId}_${column}`;
}

/** The chart id and column of a `{chartId}_{column}` key (the column may hold `_`); null for other keys. */
export function parseColumnFilterKey(key: string): { chartId: number; column: string } | null {
  const match = /^(\d+)_(.+)$/.exec(key);
  if (match === null) return null;
  return { chartId: Number(match[1]), column: match[2] ?? '' };
}

function chartFilter(state: ColumnFilterState, chartId: number): ChartColumnFilter {
  return state[chartId] ?? { chartId, columns: {}, directPathToFilter: [] };
}

/**
 * Filters a chart's columns (Superset's `CHANGE_FILTER`): each column's new values replace its
 * current ones, or, with `merge`, are added to the list the column already has (each value
 * once). Columns not named keep their values.
 *
 * Example: `{state: ['CA']}` then `{state: ['NY', 'CA']}` with merge gives `{state: ['CA', 'NY']}`;
 * without merge, `{state: ['NY', 'CA']}`.
 */
export function changeColumnFilter(
  state: ColumnFilterState,
  chartId: number,
  newSelectedValues: Readonly<Record<string, unknown>>,
  merge: boolean,
): ColumnFilterState {
  const current = chartFilter(state, chartId);
  const columns: Record<string, unknown> = { ...current.columns };
  for (const [column, values] of Object.entries(newSelectedValues)) {
    const existing = columns[column];
    columns[column] = merge && Array.isArray(existing) && Array.isArray(values) ? [...new Set([...(existing as unknown[]), ...(values as unknown[])])] : values;
  }
  return { ...state, [chartId]: { ...current, columns } };
}

/** Records the direct path to a chart's filter component (Superset's `UPDATE_DIRECT_PATH_TO_FILTER`). */
export function updateDirectPathToFilter(state: ColumnFilterState, chartId: number, path: readonly string[]): ColumnFilterState {
  return { ...state, [chartId]: { ...chartFilter(state, chartId), directPathToFilter: [...path] } };
}

/** Whether a column's values filter anything: a non-empty list, or a set single value. */
function isActive(values: unknown): boolean {
  if (Array.isArray(values)) return values.length > 0;
  return values !== undefined && values !== null && values !== '';
}

/** The applied filters by `{chartId}_{column}` key (Superset's active filters); empty values are left out. */
export function activeColumnFilters(state: ColumnFilterState): Record<string, ActiveColumnFilter> {
  const active: Record<string, ActiveColumnFilter> = {};
  for (const filter of Object.values(state)) {
    for (const [column, values] of Object.entries(filter.columns)) {
      if (isActive(values)) active[columnFilterKey(filter.chartId, column)] = { chartId: filter.chartId, column, values };
    }
  }
  return active;
}

/** A legacy filter's scope (`json_metadata.filter_scopes[chartId][column]`, Superset's `{scope, immune}`). */
export interface ColumnFilterScope {
  /** The layout components whose charts the filter applies to. */
  scope: readonly string[];
  /** Charts it never applies to. */
  immune: readonly number[];
}

/** Superset's default scope of a legacy filter: the whole dashboard, no chart immune. */
export const defaultColumnFilterScope: ColumnFilterScope = { scope: ['ROOT_ID'], immune: [] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The scope of the filter under `{chartId}_{column}`: `filter_scopes[chartId][column]` of the
 * parsed `json_metadata` when it is well formed, else the default (the whole dashboard).
 */
export function columnFilterScope(jsonMetadata: Readonly<Record<string, unknown>>, chartId: number, column: string): ColumnFilterScope {
  const byChart = jsonMetadata.filter_scopes;
  const byColumn = isRecord(byChart) ? byChart[String(chartId)] : undefined;
  const stored = isRecord(byColumn) ? byColumn[column] : undefined;
  if (!isRecord(stored) || !Array.isArray(stored.scope)) return defaultColumnFilterScope;
  const scope = stored.scope.filter((id): id is string => typeof id === 'string');
  const immune = Array.isArray(stored.immune) ? stored.immune.filter((id): id is number => typeof id === 'number') : [];
  return { scope, immune };
}

/** A layout component as the path search reads it. */
interface LayoutChildren {
  children: readonly string[];
}

/**
 * The ids from the layout's root down to `componentId` (Superset's `directPathToFilter` of a
 * chart's filter: the chart component's parents and itself); empty when the layout lacks it.
 *
 * Example: `ROOT_ID > TABS-1 > TAB-A > ROW-1 > CHART-7` for `CHART-7` inside the tab `TAB-A`.
 */
export function pathToComponent(layout: Readonly<Record<string, LayoutChildren>>, componentId: string, rootId = 'ROOT_ID'): string[] {
  const visited = new Set<string>();
  function search(id: string): string[] | null {
    if (id === componentId) return [id];
    if (visited.has(id)) return null;
    visited.add(id);
    for (const child of layout[id]?.children ?? []) {
      const below = search(child);
      if (below !== null) return [id, ...below];
    }
    return null;
  }
  return search(rootId) ?? [];
}
