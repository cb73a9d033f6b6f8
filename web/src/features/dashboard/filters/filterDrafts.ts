import type { NativeFilter } from '@/api/generated/NativeFilter';
import type { NativeFilterScope } from '@/api/generated/NativeFilterScope';
import type { NativeFilterRules } from '@/wasm/nativeFilters';
import { dataMaskFor, filterValueOf } from './filterValues';
import {
  allChartsScope,
  filterColumnName,
  filterDatasetId,
  isDivider,
  needsColumn,
  needsDataset,
  newDividerId,
  newNativeFilterId,
  selectFilterType,
} from './nativeFilterConfig';

export const nameRequiredMessage = 'Name is required';
export const datasetRequiredMessage = 'Dataset is required';
export const columnRequiredMessage = 'Column is required';
/** Superset's `DividerConfigForm` rule. */
export const titleRequiredMessage = 'Title is required';

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

/** A new divider of the filter bar (`type: DIVIDER`, id `NATIVE_FILTER_DIVIDER-`), as Superset saves one. */
export function newDividerDraft(): NativeFilter {
  return draftOf({ id: newDividerId(), type: 'DIVIDER', title: '', description: '' } as NativeFilter);
}

/**
 * A configuration item as the modal edits it: a stored divider holds only its id, type, title
 * and description (Superset's shape), so the fields of a filter get their empty values.
 */
export function draftOf(item: NativeFilter): NativeFilter {
  if (!isDivider(item)) return item;
  // Read as partial: a stored divider may lack every field below but its own.
  const stored: Partial<NativeFilter> = item;
  return {
    name: '',
    filterType: '',
    type: 'DIVIDER',
    targets: [],
    controlValues: {},
    defaultDataMask: { extraFormData: {}, filterState: {} },
    cascadeParentIds: [],
    scope: allChartsScope,
    ...stored,
    id: item.id,
  };
}

/** The name a draft is listed under in the modal: a divider's title, a filter's name. */
export function draftLabel(draft: NativeFilter): string {
  return (isDivider(draft) ? (draft.title ?? '') : draft.name).trim();
}

/** The scope holding exactly `chosenChartIds` of `allChartIds`: the whole dashboard minus the rest. */
export function scopeOfCharts(allChartIds: readonly number[], chosenChartIds: readonly number[]): NativeFilterScope {
  return { rootPath: ['ROOT_ID'], excluded: allChartIds.filter((chartId) => !chosenChartIds.includes(chartId)) };
}

/** The first problem of a draft, in the modal's words; null when it can be saved. */
export function draftProblem(draft: NativeFilter): string | null {
  if (isDivider(draft)) return (draft.title ?? '').trim() === '' ? titleRequiredMessage : null;
  if (draft.name.trim() === '') return nameRequiredMessage;
  if (needsDataset(draft.filterType) && filterDatasetId(draft) === undefined) return datasetRequiredMessage;
  if (needsColumn(draft.filterType) && (filterColumnName(draft) ?? '') === '') return columnRequiredMessage;
  return null;
}

/**
 * The draft as saved: its default data mask, and the charts in scope and their tabs computed by
 * the core; a divider keeps its trimmed title and description. Throws the core's range error ("Minimum must be strictly less than maximum") for a
 * bad default range.
 */
export function savedFilter(rules: NativeFilterRules, draft: NativeFilter, layout: unknown, chartIds: number[]): NativeFilter {
  if (isDivider(draft)) return { ...draft, title: (draft.title ?? '').trim(), description: (draft.description ?? '').trim() };
  const defaultDataMask = dataMaskFor(rules, draft, filterValueOf(draft, draft.defaultDataMask));
  const { chartsInScope, tabsInScope } = rules.filterScopeRuntime(layout, draft.scope, chartIds);
  return { ...draft, name: draft.name.trim(), defaultDataMask, chartsInScope, tabsInScope };
}

/** Each draft's parents (`cascadeParentIds`), by draft id: what the core checks for cycles. */
export function parentsByFilter(drafts: readonly NativeFilter[]): Record<string, string[]> {
  return Object.fromEntries(drafts.map((draft) => [draft.id, [...draft.cascadeParentIds]]));
}
