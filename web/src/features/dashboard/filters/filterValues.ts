import type { DataMask } from '@/api/generated/DataMask';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import type { SelectOption } from '@/components/Select';
import { filterValueText } from '@/features/chart/viz/crossFilterSelection';
import type { NativeFilterRules } from '@/wasm/nativeFilters';
import { filterColumnName, isFilterValueRequired, isTimeFilterType, rangeFilterType, type DataMaskState } from './nativeFilterConfig';

/** A filter's value as the bar edits it: chosen values, a range's ends, or a time filter's text. */
export type FilterValue =
  | { kind: 'select'; values: unknown[] }
  | { kind: 'range'; min: number | null; max: number | null }
  | { kind: 'time'; value: string | null };

/** The option of a column value: its text as key and label. */
export function valueOptions(values: readonly unknown[]): SelectOption[] {
  return values.map((value) => ({ value: optionKey(value), label: filterValueText(value) }));
}

export function optionKey(value: unknown): string {
  return filterValueText(value);
}

/** The column values whose option keys are `keys`, in the order of `keys`. */
export function valuesOfKeys(keys: readonly string[], values: readonly unknown[]): unknown[] {
  return keys.map((key) => values.find((value) => optionKey(value) === key) ?? key);
}

/** The value a mask's filter state holds, read as the filter's kind. */
export function filterValueOf(filter: NativeFilter, mask: DataMask | undefined): FilterValue {
  const value = mask?.filterState.value;
  if (isTimeFilterType(filter.filterType)) return { kind: 'time', value: typeof value === 'string' ? value : null };
  if (filter.filterType === rangeFilterType) {
    const [min, max] = Array.isArray(value) ? (value as unknown[]) : [];
    return { kind: 'range', min: typeof min === 'number' ? min : null, max: typeof max === 'number' ? max : null };
  }
  if (value === undefined || value === null) return { kind: 'select', values: [] };
  return { kind: 'select', values: Array.isArray(value) ? (value as unknown[]) : [value] };
}

/** The data mask of a filter value, built by the core. Throws the core's range error. */
export function dataMaskFor(rules: NativeFilterRules, filter: NativeFilter, value: FilterValue): DataMask {
  const column = filterColumnName(filter) ?? '';
  if (value.kind === 'time') {
    const extraFormData = rules.timeFilterExtraFormData(filter.filterType, value.value);
    const isSet = Object.keys(extraFormData).length > 0 && value.value !== null;
    return { id: filter.id, extraFormData, filterState: isSet ? { value: value.value } : {} };
  }
  if (value.kind === 'range') {
    const isEmpty = value.min === null && value.max === null;
    return {
      id: filter.id,
      extraFormData: rules.rangeExtraFormData(column, value.min, value.max),
      filterState: isEmpty ? {} : { value: [value.min, value.max] },
    };
  }
  const isInverse = filter.controlValues.inverseSelection === true;
  const extraFormData = rules.selectExtraFormData(column, value.values, isInverse, isFilterValueRequired(filter));
  // Superset's label of an inverse selection ends with " (excluded)".
  const label = `${value.values.map(filterValueText).join(', ')}${isInverse ? ' (excluded)' : ''}`;
  const filterState = value.values.length === 0 ? {} : { value: value.values, label };
  return { id: filter.id, extraFormData, filterState };
}

/**
 * The masks a cascading filter's values depend on: each parent's (`cascadeParentIds`) chosen
 * value, pending before applied, by parent id. Parents without a mask are left out.
 */
export function parentMasksOf(filter: NativeFilter, pending: DataMaskState, applied: DataMaskState): Record<string, ExtraFormData> {
  const masks: Record<string, ExtraFormData> = {};
  for (const parentId of filter.cascadeParentIds) {
    const mask = pending[parentId] ?? applied[parentId];
    if (mask !== undefined) masks[parentId] = mask.extraFormData;
  }
  return masks;
}
