import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import { loadNativeFilterRules, type NativeFilterRules } from '@/wasm/nativeFilters';
import type { DashboardLayout } from './dashboardLayout';
import {
  activeColumnFilters,
  changeColumnFilter,
  columnFilterScope,
  pathToComponent,
  updateDirectPathToFilter,
  type ActiveColumnFilter,
  type ColumnFilterState,
} from './filters/columnFilters';

export interface ColumnFiltersInput {
  /** The layout shown; null while it loads. */
  layout: DashboardLayout | null;
  chartIds: readonly number[];
  /** The dataset of each chart: a column filter applies to the charts on its emitter's dataset. */
  chartDatasetIds: ReadonlyMap<number, number | null>;
  /** The parsed `json_metadata` (its `filter_scopes`). */
  jsonMetadata: Readonly<Record<string, unknown>>;
  /** The native filters and cross-filters each chart applies; null until known. */
  nativeExtraFormDataByChart: ReadonlyMap<number, ExtraFormData> | null;
}

/** The dashboard's legacy column filters (spec 000 §3 "Saved filter key", §4 "Filter on a chart column"). */
export interface ColumnFilters {
  state: ColumnFilterState;
  /** The applied filters by `{chartId}_{column}`. */
  active: Readonly<Record<string, ActiveColumnFilter>>;
  /** A chart emits its filter (Superset's `changeFilter(chartId, newSelectedValues, merge)`). */
  changeFilter: (chartId: number, newSelectedValues: Readonly<Record<string, unknown[]>>, merge: boolean) => void;
  /** Each chart's `extraFormData`: the native ones with the column filters in its scope appended; null until known. */
  extraFormDataByChart: ReadonlyMap<number, ExtraFormData> | null;
}

/**
 * The charts each active column filter applies to: those its scope (`filter_scopes`, else the
 * whole dashboard) holds, except the immune charts and the emitting chart itself, on the
 * emitter's dataset.
 */
export function chartsFilteredBy(
  rules: Pick<NativeFilterRules, 'chartsInScope'>,
  filter: ActiveColumnFilter,
  input: Pick<ColumnFiltersInput, 'layout' | 'chartIds' | 'chartDatasetIds' | 'jsonMetadata'>,
): number[] {
  const { scope, immune } = columnFilterScope(input.jsonMetadata, filter.chartId, filter.column);
  const inScope = rules.chartsInScope(input.layout, { rootPath: [...scope], excluded: [...immune] }, [...input.chartIds]);
  const datasetId = input.chartDatasetIds.get(filter.chartId);
  return inScope.filter((chartId) => chartId !== filter.chartId && input.chartDatasetIds.get(chartId) === datasetId);
}

/**
 * Each chart's `extraFormData` with the column filters that apply to it: a list of values becomes
 * the core's select filter (`{col, op: "IN", val}`), merged after the native filters' masks.
 */
export function withColumnFilters(
  rules: Pick<NativeFilterRules, 'chartsInScope' | 'selectExtraFormData' | 'mergeExtraFormData'>,
  active: Readonly<Record<string, ActiveColumnFilter>>,
  input: ColumnFiltersInput,
): Map<number, ExtraFormData> {
  const native = input.nativeExtraFormDataByChart ?? new Map<number, ExtraFormData>();
  const masksByChart = new Map<number, ExtraFormData[]>();
  for (const filter of Object.values(active)) {
    const values = Array.isArray(filter.values) ? (filter.values as unknown[]) : [filter.values];
    const mask = rules.selectExtraFormData(filter.column, values, false, false);
    for (const chartId of chartsFilteredBy(rules, filter, input)) {
      masksByChart.set(chartId, [...(masksByChart.get(chartId) ?? []), mask]);
    }
  }
  const merged = new Map(native);
  for (const [chartId, masks] of masksByChart) {
    const own = native.get(chartId);
    merged.set(chartId, rules.mergeExtraFormData(own === undefined ? masks : [own, ...masks]));
  }
  return merged;
}

interface ComputedExtraFormData {
  active: Readonly<Record<string, ActiveColumnFilter>>;
  native: ReadonlyMap<number, ExtraFormData> | null;
  byChart: ReadonlyMap<number, ExtraFormData>;
}

/**
 * The legacy column filters charts emit (a table with `table_filter`): kept by chart and column,
 * each chart's direct path recorded when it first filters, and applied to the charts in scope.
 */
export function useColumnFilters(input: ColumnFiltersInput): ColumnFilters {
  const { layout, chartIds, chartDatasetIds, jsonMetadata, nativeExtraFormDataByChart } = input;
  const [state, setState] = useState<ColumnFilterState>({});
  // What the core computed, with the filters and native masks it was computed from.
  const [computed, setComputed] = useState<ComputedExtraFormData | null>(null);
  const active = useMemo(() => activeColumnFilters(state), [state]);
  const hasActiveFilters = Object.keys(active).length > 0;

  const changeFilter = useCallback(
    (chartId: number, newSelectedValues: Readonly<Record<string, unknown[]>>, merge: boolean) => {
      setState((current) => {
        const changed = changeColumnFilter(current, chartId, newSelectedValues, merge);
        // Superset's ADD_FILTER: the path to the chart's component, recorded when it first filters.
        const isNew = current[chartId] === undefined;
        const chartComponent = layout === null ? undefined : Object.values(layout).find((component) => component.type === 'CHART' && component.meta.chartId === chartId);
        if (!isNew || layout === null || chartComponent === undefined) return changed;
        return updateDirectPathToFilter(changed, chartId, pathToComponent(layout, chartComponent.id));
      });
    },
    [layout],
  );

  useEffect(() => {
    if (!hasActiveFilters || nativeExtraFormDataByChart === null || layout === null) return undefined;
    let isCurrent = true;
    loadNativeFilterRules().then(
      (rules) => {
        if (!isCurrent) return;
        const byChart = withColumnFilters(rules, active, { layout, chartIds, chartDatasetIds, jsonMetadata, nativeExtraFormDataByChart });
        setComputed({ active, native: nativeExtraFormDataByChart, byChart });
      },
      (error: unknown) => console.warn('native filter rules could not be loaded', error),
    );
    return () => {
      isCurrent = false;
    };
  }, [hasActiveFilters, active, layout, chartIds, chartDatasetIds, jsonMetadata, nativeExtraFormDataByChart]);

  const isComputedForThese = computed !== null && computed.active === active && computed.native === nativeExtraFormDataByChart;
  return {
    state,
    active,
    changeFilter,
    // Without column filters the native masks pass as they are; with them, charts wait for the core.
    extraFormDataByChart: !hasActiveFilters ? nativeExtraFormDataByChart : isComputedForThese ? computed.byChart : null,
  };
}
