import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { NativeFilterScope } from '@/api/generated/NativeFilterScope';
import type { QueryContext } from '@/api/generated/QueryContext';
import { loadQuiverCore } from './core';

/** `chartsInScope` and `tabsInScope` of a filter over a layout. */
export interface FilterScopeRuntime {
  chartsInScope: number[];
  tabsInScope: string[];
}

/** How a Value filter's values are ordered and searched: its `controlValues.sortAscending`, its `sortMetric`, the typed text. */
export interface FilterValuesOrder {
  sortAscending?: boolean;
  sortMetric?: string;
  search?: string;
}

/** quiver-core's native filter rules, loaded (see core-wasm `native_filter`). */
export interface NativeFilterRules {
  /** The ids of `chartIds` that `scope` holds in the layout (`position_json` object). */
  chartsInScope: (layout: unknown, scope: NativeFilterScope, chartIds: number[]) => number[];
  /** A filter's runtime fields: the charts its scope holds and the tabs holding them. */
  filterScopeRuntime: (layout: unknown, scope: NativeFilterScope, chartIds: number[]) => FilterScopeRuntime;
  /** The `extraFormData` of a select filter's chosen values. */
  selectExtraFormData: (column: string, values: unknown[], isInverseSelection: boolean, isValueRequired: boolean) => ExtraFormData;
  /** The `extraFormData` of a numerical range; throws "Minimum must be strictly less than maximum". */
  rangeExtraFormData: (column: string, min: number | null, max: number | null) => ExtraFormData;
  /** The `extraFormData` of several masks applied to one chart, in order. */
  mergeExtraFormData: (masks: ExtraFormData[]) => ExtraFormData;
  /** The `extraFormData` of a time range, time column or time grain filter's value. */
  timeFilterExtraFormData: (filterType: string, value: string | null) => ExtraFormData;
  /** The time grains a time grain filter offers, `[value, label]`. */
  timeGrainChoices: () => [string, string][];
  /** The filters whose `cascadeParentIds` lead back to themselves. */
  filtersInCascadeCycle: (parentsByFilter: Record<string, string[]>) => string[];
  /**
   * The query of a select filter's values: its column's distinct values under its parents' masks,
   * ordered by the column or by the sort metric (grouped with it), containing the search text.
   */
  filterOptionsQueryContext: (
    datasetId: number,
    column: string,
    parentIds: string[],
    masksByFilter: Record<string, ExtraFormData>,
    order?: FilterValuesOrder,
  ) => QueryContext;
}

/** Loads the core and returns its native filter rules. */
export async function loadNativeFilterRules(): Promise<NativeFilterRules> {
  await loadQuiverCore();
  const corePackage = await import('./pkg/quiver_core.js');
  return {
    chartsInScope: corePackage.chartsInScope,
    filterScopeRuntime: corePackage.filterScopeRuntime,
    selectExtraFormData: corePackage.selectExtraFormData,
    rangeExtraFormData: corePackage.rangeExtraFormData,
    mergeExtraFormData: corePackage.mergeExtraFormData,
    timeFilterExtraFormData: (filterType, value) => corePackage.timeFilterExtraFormData(filterType, value ?? undefined),
    timeGrainChoices: corePackage.timeGrainChoices,
    filtersInCascadeCycle: corePackage.filtersInCascadeCycle,
    filterOptionsQueryContext: (datasetId, column, parentIds, masksByFilter, order = {}) =>
      corePackage.filterOptionsQueryContext(datasetId, column, parentIds, masksByFilter, order.sortAscending, order.sortMetric, order.search),
  };
}
