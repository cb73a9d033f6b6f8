import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { queryKeys } from '@/api/queryKeys';
import { loadQuiverCoreInNode } from '@/wasm/loadQuiverCoreInNode';
import { loadNativeFilterRules, type NativeFilterRules } from '@/wasm/nativeFilters';
import { selectFilterValuesQuery, valuesInFilterOrder } from './api';
import { newFilterDraft } from './filterDrafts';
import { dataMaskFor } from './filterValues';
import { resolveFirstItemMasks } from './firstItemDefaults';
import { initialDataMasks, isFilterValueRequired } from './nativeFilterConfig';
import { selectFilterSettings, selectValuesSource, withSelectFilterSettings } from './selectFilterSettings';

let rules: NativeFilterRules;

beforeAll(async () => {
  await loadQuiverCoreInNode();
  rules = await loadNativeFilterRules();
});

/** A Value filter on `state` of dataset 3, as Superset stores one. */
function stateFilter(controlValues: Record<string, unknown> = {}, extra: Partial<NativeFilter> = {}): NativeFilter {
  return { ...newFilterDraft(), id: 'NATIVE_FILTER-state', name: 'State', targets: [{ datasetId: 3, column: { name: 'state' } }], controlValues, ...extra };
}

describe('Value filter settings', () => {
  it("reads each setting where Superset stores it: controlValues and the filter's sortMetric", () => {
    const stored = stateFilter(
      { sortAscending: false, defaultToFirstItem: true, multiSelect: false, searchAllOptions: true, enableEmptyFilter: true, inverseSelection: true },
      { sortMetric: 'count' },
    );
    expect(selectFilterSettings(stored)).toEqual({
      sortAscending: false,
      sortMetric: 'count',
      isFirstItemDefault: true,
      isMultiple: false,
      searchesAllOptions: true,
      isValueRequired: true,
      isInverseSelection: true,
    });
    expect(selectFilterSettings(newFilterDraft())).toEqual({
      sortAscending: undefined,
      sortMetric: undefined,
      isFirstItemDefault: false,
      isMultiple: true,
      searchesAllOptions: false,
      isValueRequired: false,
      isInverseSelection: false,
    });
  });

  it('writes them back: sorting on with a metric, descending, then off drops the metric; the first item drops the default value', () => {
    const withDefault = stateFilter({ multiSelect: true }, { defaultDataMask: { extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA'] }] }, filterState: { value: ['CA'] } } });
    const sorted = withSelectFilterSettings(withDefault, { sortAscending: true });
    expect(sorted.controlValues).toEqual({ multiSelect: true, sortAscending: true });
    const byMetric = withSelectFilterSettings(withSelectFilterSettings(sorted, { sortMetric: 'count' }), { sortAscending: false });
    expect(byMetric.sortMetric).toBe('count');
    expect(byMetric.controlValues.sortAscending).toBe(false);
    const unsorted = withSelectFilterSettings(byMetric, { sortAscending: undefined });
    expect(unsorted.controlValues).toEqual({ multiSelect: true });
    expect('sortMetric' in unsorted).toBe(false);
    const firstItem = withSelectFilterSettings(byMetric, { isFirstItemDefault: true, isInverseSelection: true, searchesAllOptions: true, isMultiple: false });
    expect(firstItem.controlValues).toEqual({ multiSelect: false, sortAscending: false, defaultToFirstItem: true, inverseSelection: true, searchAllOptions: true });
    expect(firstItem.defaultDataMask).toEqual({ extraFormData: {}, filterState: {} });
    expect(withDefault.defaultDataMask.filterState.value).toEqual(['CA']);
  });

  it('makes a filter choosing its first value required-like: without a value its charts show no rows', () => {
    const firstItem = stateFilter({ defaultToFirstItem: true });
    expect(isFilterValueRequired(firstItem)).toBe(true);
    expect(isFilterValueRequired(stateFilter())).toBe(false);
    expect(dataMaskFor(rules, firstItem, { kind: 'select', values: [] }).extraFormData.adhoc_filters?.[0]?.sqlExpression).toBe('1 = 0');
  });

  it('labels an inverse selection as excluded and filters with NOT IN', () => {
    const inverse = stateFilter({ inverseSelection: true });
    expect(dataMaskFor(rules, inverse, { kind: 'select', values: ['CA', 'NY'] })).toEqual({
      id: inverse.id,
      extraFormData: { filters: [{ col: 'state', op: 'NOT IN', val: ['CA', 'NY'] }] },
      filterState: { value: ['CA', 'NY'], label: 'CA, NY (excluded)' },
    });
  });
});

describe("a Value filter's values query", () => {
  it('uses the column values endpoint when sorted by value, reversed for "Sort descending"', () => {
    expect(selectValuesSource(stateFilter(), {})).toEqual({ kind: 'columnValues', datasetId: 3, column: 'state', isDescending: false });
    const descending = selectValuesSource(stateFilter({ sortAscending: false }), {});
    expect(descending).toEqual({ kind: 'columnValues', datasetId: 3, column: 'state', isDescending: true });
    expect(valuesInFilterOrder(descending, ['CA', 'NY', 'TX'])).toEqual(['TX', 'NY', 'CA']);
    // Typing searches the loaded values only, unless the filter searches all its values.
    expect(selectValuesSource(stateFilter(), {}, 'ca')?.kind).toBe('columnValues');
    expect(selectValuesSource({ ...stateFilter(), targets: [{ datasetId: 3 }] }, {})).toBeNull();
  });

  it('groups the column with the sort metric and orders by it, in the chosen direction', () => {
    const source = selectValuesSource(stateFilter({ sortAscending: false }, { sortMetric: 'count' }), {});
    expect(source).toEqual({ kind: 'optionsQuery', datasetId: 3, column: 'state', parentMasks: {}, order: { sortAscending: false, sortMetric: 'count' } });
    if (source?.kind !== 'optionsQuery') throw new Error('an options query was expected');
    const context = rules.filterOptionsQueryContext(source.datasetId, source.column, [], source.parentMasks, source.order);
    expect(context.datasource).toEqual({ id: 3, type: 'table' });
    const [query] = context.queries;
    expect(query?.columns).toEqual(['state']);
    expect(query?.metrics).toEqual(['count']);
    expect(query?.orderby).toEqual([['count', false]]);
    expect(query?.filters).toEqual([]);
    // Ascending by the metric.
    const ascending = rules.filterOptionsQueryContext(3, 'state', [], {}, { sortAscending: true, sortMetric: 'count' });
    expect(ascending.queries[0]?.orderby).toEqual([['count', true]]);
  });

  it("searches all values on the server with ILIKE when the filter asks, under a dependent filter's parents", () => {
    const parentMasks = { 'NATIVE_FILTER-gender': { filters: [{ col: 'gender', op: 'IN' as const, val: ['girl'] }] } };
    const dependent = stateFilter({ searchAllOptions: true }, { cascadeParentIds: ['NATIVE_FILTER-gender'] });
    const source = selectValuesSource(dependent, parentMasks, ' ca ');
    expect(source).toEqual({ kind: 'optionsQuery', datasetId: 3, column: 'state', parentMasks, order: { search: 'ca' } });
    if (source?.kind !== 'optionsQuery') throw new Error('an options query was expected');
    const [query] = rules.filterOptionsQueryContext(source.datasetId, source.column, Object.keys(parentMasks), source.parentMasks, source.order).queries;
    expect(query?.metrics).toEqual([]);
    expect(query?.orderby).toEqual([['state', true]]);
    expect(query?.filters).toEqual([
      { col: 'gender', op: 'IN', val: ['girl'] },
      { col: 'state', op: 'ILIKE', val: '%ca%' },
    ]);
  });
});

describe('first value by default', () => {
  it("opens with the first of the filter's values in its order; other filters keep their defaults and a permalink wins", async () => {
    const queryClient = new QueryClient();
    const byMetric = stateFilter({ defaultToFirstItem: true, sortAscending: false }, { sortMetric: 'count' });
    const descending = { ...stateFilter({ defaultToFirstItem: true, sortAscending: false }), id: 'NATIVE_FILTER-desc' };
    const plain = { ...stateFilter(), id: 'NATIVE_FILTER-plain' };
    queryClient.setQueryData(queryKeys.selectFilterValues(3, 'state', { parentMasks: {}, order: { sortAscending: false, sortMetric: 'count' } }), ['TX', 'CA', 'NY']);
    queryClient.setQueryData(queryKeys.columnValues(3, 'state'), ['CA', 'NY', 'TX']);
    expect(selectFilterValuesQuery(selectValuesSource(byMetric, {})).queryKey).toEqual(
      queryKeys.selectFilterValues(3, 'state', { parentMasks: {}, order: { sortAscending: false, sortMetric: 'count' } }),
    );
    const firstItems = await resolveFirstItemMasks(queryClient, [byMetric, descending, plain], {});
    expect(firstItems).toEqual({
      [byMetric.id]: { id: byMetric.id, extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['TX'] }] }, filterState: { value: ['TX'], label: 'TX' } },
      [descending.id]: { id: descending.id, extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['TX'] }] }, filterState: { value: ['TX'], label: 'TX' } },
    });
    const saved = { [descending.id]: { extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['NY'] }] }, filterState: { value: ['NY'] } } };
    const masks = initialDataMasks([byMetric, descending, plain], saved, firstItems);
    expect(masks[byMetric.id]?.filterState.value).toEqual(['TX']);
    expect(masks[descending.id]?.filterState.value).toEqual(['NY']);
    expect(masks[plain.id]).toEqual({ ...plain.defaultDataMask, id: plain.id });
  });
});
