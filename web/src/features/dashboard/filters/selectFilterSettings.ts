import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import type { FilterValuesOrder } from '@/wasm/nativeFilters';
import { filterColumnName, filterDatasetId } from './nativeFilterConfig';

/**
 * The settings of a Value filter (Superset's `filter_select`), read from where Superset stores
 * them: `controlValues` (`sortAscending`, `defaultToFirstItem`, `multiSelect`, `searchAllOptions`,
 * `enableEmptyFilter`, `inverseSelection`) and the filter's own `sortMetric`.
 */
export interface SelectFilterSettings {
  /** "Sort filter values": true ascending, false descending, undefined when not sorted (ascending, as the values endpoint answers). */
  sortAscending: boolean | undefined;
  /** "Sort Metric": a metric of the dataset; the values are ordered by it instead of by their text. */
  sortMetric: string | undefined;
  /** "Select first filter value by default": the first value is chosen on load; no default value. */
  isFirstItemDefault: boolean;
  /** "Can select multiple values" (on unless turned off). */
  isMultiple: boolean;
  /** "Dynamically search all filter values": typing asks the server for the values containing the text. */
  searchesAllOptions: boolean;
  /** "Filter value is required". */
  isValueRequired: boolean;
  /** "Inverse selection": the chosen values are excluded. */
  isInverseSelection: boolean;
}

const controlKeys: Record<Exclude<keyof SelectFilterSettings, 'sortMetric'>, string> = {
  sortAscending: 'sortAscending',
  isFirstItemDefault: 'defaultToFirstItem',
  isMultiple: 'multiSelect',
  searchesAllOptions: 'searchAllOptions',
  isValueRequired: 'enableEmptyFilter',
  isInverseSelection: 'inverseSelection',
};

export function selectFilterSettings(filter: NativeFilter): SelectFilterSettings {
  const controls = filter.controlValues;
  const sortAscending = controls.sortAscending;
  return {
    sortAscending: typeof sortAscending === 'boolean' ? sortAscending : undefined,
    sortMetric: typeof filter.sortMetric === 'string' && filter.sortMetric !== '' ? filter.sortMetric : undefined,
    isFirstItemDefault: controls.defaultToFirstItem === true,
    isMultiple: controls.multiSelect !== false,
    searchesAllOptions: controls.searchAllOptions === true,
    isValueRequired: controls.enableEmptyFilter === true,
    isInverseSelection: controls.inverseSelection === true,
  };
}

/**
 * The filter with `changes` written where Superset keeps them. Turning sorting off
 * (`sortAscending: undefined`) drops the sort metric too; choosing the first value by default
 * drops the default value (Superset's `resetConfig`).
 */
export function withSelectFilterSettings(filter: NativeFilter, changes: Partial<SelectFilterSettings>): NativeFilter {
  const changedControls = new Map<string, unknown>();
  for (const [setting, key] of Object.entries(controlKeys) as [keyof typeof controlKeys, string][]) {
    if (setting in changes) changedControls.set(key, changes[setting]);
  }
  const keptControls = Object.entries(filter.controlValues).filter(([key]) => !changedControls.has(key));
  const setControls = [...changedControls].filter(([, value]) => value !== undefined);
  const controlValues: Record<string, unknown> = Object.fromEntries([...keptControls, ...setControls]);
  const isSortingOff = 'sortAscending' in changes && changes.sortAscending === undefined;
  const sortMetric = isSortingOff ? undefined : 'sortMetric' in changes ? changes.sortMetric : filter.sortMetric;
  const updated: NativeFilter = { ...filter, controlValues };
  if (sortMetric === undefined || sortMetric === '') delete updated.sortMetric;
  else updated.sortMetric = sortMetric;
  return changes.isFirstItemDefault === true ? { ...updated, defaultDataMask: { extraFormData: {}, filterState: {} } } : updated;
}

/**
 * Where a Value filter's choices come from (Superset's select filter `buildQuery`):
 * - the column values endpoint (distinct values, ascending) for a filter sorted by its values
 *   only, reversed for "Sort descending";
 * - the chart data query the core builds otherwise: grouped with the sort metric and ordered by
 *   it, under the parents' masks of a dependent filter, or holding the typed search text.
 */
export type SelectValuesSource =
  | { kind: 'columnValues'; datasetId: number; column: string; isDescending: boolean }
  | { kind: 'optionsQuery'; datasetId: number; column: string; parentMasks: Record<string, ExtraFormData>; order: FilterValuesOrder };

/**
 * The source of a filter's choices; null without a dataset and column. `search` counts only when
 * the filter searches all its values on the server.
 */
export function selectValuesSource(filter: NativeFilter, parentMasks: Record<string, ExtraFormData>, search = ''): SelectValuesSource | null {
  const datasetId = filterDatasetId(filter);
  const column = filterColumnName(filter);
  if (datasetId === undefined || column === undefined || column === '') return null;
  const settings = selectFilterSettings(filter);
  const serverSearch = settings.searchesAllOptions ? search.trim() : '';
  const isCascading = filter.cascadeParentIds.length > 0;
  if (settings.sortMetric === undefined && !isCascading && serverSearch === '') {
    return { kind: 'columnValues', datasetId, column, isDescending: settings.sortAscending === false };
  }
  const order: FilterValuesOrder = {
    ...(settings.sortAscending === undefined ? {} : { sortAscending: settings.sortAscending }),
    ...(settings.sortMetric === undefined ? {} : { sortMetric: settings.sortMetric }),
    ...(serverSearch === '' ? {} : { search: serverSearch }),
  };
  return { kind: 'optionsQuery', datasetId, column, parentMasks: isCascading ? parentMasks : {}, order };
}
