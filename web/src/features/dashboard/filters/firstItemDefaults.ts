import type { QueryClient } from '@tanstack/react-query';
import type { DataMask } from '@/api/generated/DataMask';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { loadNativeFilterRules } from '@/wasm/nativeFilters';
import { selectFilterValuesQuery, valuesInFilterOrder } from './api';
import { dataMaskFor, parentMasksOf } from './filterValues';
import { selectFilterType, type DataMaskState } from './nativeFilterConfig';
import { selectFilterSettings, selectValuesSource } from './selectFilterSettings';

/** The Value filters with "Select first filter value by default" (`controlValues.defaultToFirstItem`). */
export function firstItemDefaultFilters(filters: readonly NativeFilter[]): NativeFilter[] {
  return filters.filter((filter) => filter.filterType === selectFilterType && selectFilterSettings(filter).isFirstItemDefault);
}

/**
 * The masks of the filters that choose their first value by default (Superset's select filter
 * `defaultToFirstItem`): the first of the values each offers, in its order (by its sort metric
 * when it has one), under the masks `known` so far of its parents. A filter without values gets
 * an empty mask (no rows when required); one whose values cannot be fetched is left out.
 * The values are fetched through `queryClient`, so the filter bar shows them without asking again.
 */
export async function resolveFirstItemMasks(queryClient: QueryClient, filters: readonly NativeFilter[], known: DataMaskState): Promise<Record<string, DataMask>> {
  const firstItemFilters = firstItemDefaultFilters(filters);
  if (firstItemFilters.length === 0) return {};
  const rules = await loadNativeFilterRules();
  const masks: Record<string, DataMask> = {};
  for (const filter of firstItemFilters) {
    const source = selectValuesSource(filter, parentMasksOf(filter, {}, { ...known, ...masks }));
    try {
      const values = valuesInFilterOrder(source, await queryClient.query(selectFilterValuesQuery(source)));
      masks[filter.id] = dataMaskFor(rules, filter, { kind: 'select', values: values.slice(0, 1) });
    } catch (error: unknown) {
      console.warn('the first value of a filter could not be fetched', filter.id, error);
    }
  }
  return masks;
}
