import type { NativeFilter } from '@/api/generated/NativeFilter';
import type { NativeFilterScope } from '@/api/generated/NativeFilterScope';
import type { NativeFilterRules } from '@/wasm/nativeFilters';
import { dataMaskFor, filterValueOf } from './filterValues';
import { allChartsScope, filterColumnName, filterDatasetId, needsColumn, needsDataset, newNativeFilterId, selectFilterType } from './nativeFilterConfig';

export const nameRequiredMessage = 'Name is required';
export const datasetRequiredMessage = 'Dataset is required';
export const columnRequiredMessage = 'Column is required';

/** A new "Value" filter over the whole dashboard, with Superset's default controls. */
export function newFilterDraft(): NativeFilter {
  return {
    id: newNativeFilterId(),
    name: '',
    filterType: selectFilterType,
    type: 'NATIVE_FILTER',
    targets: [{}],
    controlValues: { enableEmptyFilter: false, defaultToFirstItem: false, multiSelect: true, inverseSelection: false, searchAllOptions: false },
    defaultDataMask: { extraFormData: {}, filterState: {} },
    cascadeParentIds: [],
    scope: allChartsScope,
    description: '',
  };
}

/** The scope holding exactly `chosenChartIds` of `allChartIds`: the whole dashboard minus the rest. */
export function scopeOfCharts(allChartIds: readonly number[], chosenChartIds: readonly number[]): NativeFilterScope {
  return { rootPath: ['ROOT_ID'], excluded: allChartIds.filter((chartId) => !chosenChartIds.includes(chartId)) };
}

/** The first problem of a draft, in the modal's words; null when it can be saved. */
export function draftProblem(draft: NativeFilter): string | null {
  if (draft.name.trim() === '') return nameRequiredMessage;
  if (needsDataset(draft.filterType) && filterDatasetId(draft) === undefined) return datasetRequiredMessage;
  if (needsColumn(draft.filterType) && (filterColumnName(draft) ?? '') === '') return columnRequiredMessage;
  return null;
}

/**
 * The draft as saved: its default data mask, and the charts in scope and their tabs computed by
 * the core. Throws the core's range error ("Minimum must be strictly less than maximum") for a
 * bad default range.
 */
export function savedFilter(rules: NativeFilterRules, draft: NativeFilter, layout: unknown, chartIds: number[]): NativeFilter {
  const defaultDataMask = dataMaskFor(rules, draft, filterValueOf(draft, draft.defaultDataMask));
  const { chartsInScope, tabsInScope } = rules.filterScopeRuntime(layout, draft.scope, chartIds);
  return { ...draft, name: draft.name.trim(), defaultDataMask, chartsInScope, tabsInScope };
}

/** Each draft's parents (`cascadeParentIds`), by draft id: what the core checks for cycles. */
export function parentsByFilter(drafts: readonly NativeFilter[]): Record<string, string[]> {
  return Object.fromEntries(drafts.map((draft) => [draft.id, [...draft.cascadeParentIds]]));
}
