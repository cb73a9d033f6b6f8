import { parseRison } from '@/api/rison';
import { rootId, type DashboardLayout } from './dashboardLayout';
import type { ActiveColumnFilter } from './filters/columnFilters';

/**
 * What a dashboard URL carries besides the dashboard (spec 001 §2): filter values to preselect
 * (`native_filters` as rison, or `native_filters_key`, a stored filter state) and a chart to
 * focus (`focused_chart`, removed from the URL once used).
 */
export const nativeFiltersParam = 'native_filters';
export const nativeFiltersKeyParam = 'native_filters_key';
export const focusedChartParam = 'focused_chart';
/** Superset's legacy `preselect_filters`: column filters by chart, `{"12": {"state": ["CA"]}}` (JSON). */
export const preselectFiltersParam = 'preselect_filters';
/** Parameters that describe how the page was opened, not the state a permalink keeps. */
const transientParams = ['edit', 'permalink_key', nativeFiltersKeyParam, nativeFiltersParam, focusedChartParam, preselectFiltersParam];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The data masks by filter id of a decoded filter state; `{dataMask: ...}` is read too. */
function dataMaskOf(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  return isRecord(value.dataMask) ? value.dataMask : value;
}

/** The data masks of `?native_filters=(NATIVE_FILTER-x:(filterState:...,extraFormData:...))`; undefined when absent or malformed. */
export function dataMaskFromNativeFiltersParam(text: string | null): Record<string, unknown> | undefined {
  if (text === null || text.trim() === '') return undefined;
  try {
    return dataMaskOf(parseRison(text));
  } catch {
    return undefined;
  }
}

/** The data masks of a stored filter state's `value` (JSON text); undefined when unreadable. */
export function dataMaskFromFilterState(value: string): Record<string, unknown> | undefined {
  try {
    return dataMaskOf(JSON.parse(value));
  } catch {
    return undefined;
  }
}

/** The chart a URL focuses, and the tabs to open to show it. */
export interface FocusedChart {
  componentId: string;
  tabIds: string[];
}

/** The layout component of `chartId` and the tabs on its way from the root; null when the layout does not hold it. */
export function focusedChartIn(layout: DashboardLayout, chartId: number): FocusedChart | null {
  const walk = (id: string, tabIds: string[], seen: Set<string>): FocusedChart | null => {
    const component = layout[id];
    if (component === undefined || seen.has(id)) return null;
    seen.add(id);
    if (component.type === 'CHART' && component.meta.chartId === chartId) return { componentId: id, tabIds };
    const path = component.type === 'TAB' ? [...tabIds, id] : tabIds;
    for (const child of component.children) {
      const found = walk(child, path, seen);
      if (found !== null) return found;
    }
    return null;
  };
  return walk(rootId, [], new Set());
}

/** The URL query without `focused_chart` (after the chart was focused). */
export function withoutFocusedChart(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(focusedChartParam);
  return next;
}

/** The column filters of `preselect_filters`: values by column, by chart id; undefined when absent or malformed. */
export function columnFiltersFromPreselectParam(text: string | null): Map<number, Record<string, unknown[]>> | undefined {
  if (text === null || text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed)) return undefined;
  const filters = new Map<number, Record<string, unknown[]>>();
  for (const [chartKey, columns] of Object.entries(parsed)) {
    const chartId = Number(chartKey);
    if (!Number.isInteger(chartId) || chartId <= 0 || !isRecord(columns)) continue;
    const lists = Object.entries(columns).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]) && entry[1].length > 0);
    if (lists.length > 0) filters.set(chartId, Object.fromEntries(lists));
  }
  return filters.size === 0 ? undefined : filters;
}

/**
 * The `urlParams` a dashboard permalink stores: the page's own parameters (`standalone`, ...)
 * without those of how it was opened, and the active column filters as `preselect_filters`.
 *
 * Example: `?standalone=1&edit=true` with CA clicked in chart 12 gives
 * `[['standalone', '1'], ['preselect_filters', '{"12":{"state":["CA"]}}']]`.
 */
export function permalinkUrlParams(current: URLSearchParams, activeColumnFilters: Readonly<Record<string, ActiveColumnFilter>>): [string, string][] {
  const params: [string, string][] = [...current.entries()].filter(([name]) => !transientParams.includes(name));
  const byChart: Record<string, Record<string, unknown>> = {};
  for (const filter of Object.values(activeColumnFilters)) {
    byChart[filter.chartId] = { ...byChart[filter.chartId], [filter.column]: Array.isArray(filter.values) ? filter.values : [filter.values] };
  }
  if (Object.keys(byChart).length > 0) params.push([preselectFiltersParam, JSON.stringify(byChart)]);
  return params;
}
