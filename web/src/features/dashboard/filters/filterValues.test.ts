import { describe, expect, it } from 'vitest';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import type { NativeFilterRules } from '@/wasm/nativeFilters';
import { dataMaskFor, filterValueOf, parentMasksOf } from './filterValues';
import { newFilterDraft } from './filterDrafts';

function filterOf(filterType: string, cascadeParentIds: string[] = []): NativeFilter {
  return { ...newFilterDraft(), id: `NATIVE_FILTER-${filterType}`, filterType, cascadeParentIds };
}

/** The core's answer for a time filter, as recorded by the call it got. */
function recordingRules(answer: ExtraFormData): { rules: NativeFilterRules; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const rules = {
    timeFilterExtraFormData: (filterType: string, value: string | null) => {
      calls.push([filterType, value]);
      return answer;
    },
  } as unknown as NativeFilterRules;
  return { rules, calls };
}

describe('filter values', () => {
  it('reads a time filter value as text', () => {
    const grain = filterOf('filter_timegrain');
    expect(filterValueOf(grain, { extraFormData: { time_grain_sqla: 'P1M' }, filterState: { value: 'P1M' } })).toEqual({ kind: 'time', value: 'P1M' });
    expect(filterValueOf(grain, undefined)).toEqual({ kind: 'time', value: null });
    expect(filterValueOf(filterOf('filter_time'), { extraFormData: {}, filterState: { value: ['CA'] } })).toEqual({ kind: 'time', value: null });
  });

  it('builds a time filter mask from the core and shows the value only when it filters', () => {
    const range = filterOf('filter_time');
    const lastWeek = recordingRules({ time_range: 'Last week' });
    expect(dataMaskFor(lastWeek.rules, range, { kind: 'time', value: 'Last week' })).toEqual({
      id: range.id,
      extraFormData: { time_range: 'Last week' },
      filterState: { value: 'Last week' },
    });
    expect(lastWeek.calls).toEqual([['filter_time', 'Last week']]);
    // "No filter" sets nothing in the core: the bar shows no value either.
    const noFilter = recordingRules({});
    expect(dataMaskFor(noFilter.rules, range, { kind: 'time', value: 'No filter' })).toEqual({ id: range.id, extraFormData: {}, filterState: {} });
  });

  it("gives a cascading filter its parents' masks, a pending one before the applied one", () => {
    const child = filterOf('filter_select', ['NATIVE_FILTER-state', 'NATIVE_FILTER-gender', 'NATIVE_FILTER-gone']);
    const applied = {
      'NATIVE_FILTER-state': { extraFormData: { filters: [{ col: 'state', op: 'IN' as const, val: ['CA'] }] }, filterState: { value: ['CA'] } },
      'NATIVE_FILTER-gender': { extraFormData: { filters: [{ col: 'gender', op: 'IN' as const, val: ['boy'] }] }, filterState: { value: ['boy'] } },
      'NATIVE_FILTER-other': { extraFormData: { time_range: 'Last week' }, filterState: {} },
    };
    const pending = { 'NATIVE_FILTER-state': { extraFormData: { filters: [{ col: 'state', op: 'IN' as const, val: ['NY'] }] }, filterState: { value: ['NY'] } } };
    expect(parentMasksOf(child, pending, applied)).toEqual({
      'NATIVE_FILTER-state': { filters: [{ col: 'state', op: 'IN', val: ['NY'] }] },
      'NATIVE_FILTER-gender': { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] },
    });
    expect(parentMasksOf(filterOf('filter_select'), pending, applied)).toEqual({});
  });
});
