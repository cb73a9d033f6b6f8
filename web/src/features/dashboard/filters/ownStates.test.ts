import { describe, expect, it } from 'vitest';
import { ownStatesOf, withOwnStates } from './useDashboardFilters';

describe("a dashboard's chart own states in its data masks", () => {
  it("reads each chart's own state from saved masks, and puts it back in the chart's mask beside its cross-filter", () => {
    const saved = {
      'NATIVE_FILTER-state': { extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA'] }] }, filterState: { value: ['CA'] } },
      '9': { extraFormData: {}, filterState: {}, ownState: { currentPage: 2, pageSize: 15 } },
      '12': { extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] }, filterState: { value: ['boy'] } },
      '13': { ownState: ['not', 'a', 'state'] },
    };
    const ownStates = ownStatesOf(saved);
    expect(ownStates).toEqual({ '9': { currentPage: 2, pageSize: 15 } });

    const crossFilter = { id: '12', extraFormData: { filters: [{ col: 'gender', op: 'IN' as const, val: ['boy'] }] }, filterState: { value: ['boy'] } };
    const masks = withOwnStates({ '12': crossFilter }, { ...ownStates, '12': { currentPage: 1, pageSize: 5, searchColumn: 'name', searchText: 'Aa' } });
    expect(masks['12']).toEqual({ ...crossFilter, ownState: { currentPage: 1, pageSize: 5, searchColumn: 'name', searchText: 'Aa' } });
    expect(masks['9']).toEqual({ id: '9', extraFormData: {}, filterState: {}, ownState: { currentPage: 2, pageSize: 15 } });
    expect(withOwnStates({ '12': crossFilter }, {})).toEqual({ '12': crossFilter });
  });
});
