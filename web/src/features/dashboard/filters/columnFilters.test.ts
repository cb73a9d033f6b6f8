import { describe, expect, it } from 'vitest';
import {
  activeColumnFilters,
  changeColumnFilter,
  columnFilterKey,
  parseColumnFilterKey,
  updateDirectPathToFilter,
  type ColumnFilterState,
} from './columnFilters';

describe('column filters', () => {
  it('are saved under {chartId}_{column}', () => {
    expect(columnFilterKey(12, 'state')).toBe('12_state');
    expect(columnFilterKey(3, '__time_range')).toBe('3___time_range');
    expect(parseColumnFilterKey('12_state')).toEqual({ chartId: 12, column: 'state' });
    expect(parseColumnFilterKey('3___time_range')).toEqual({ chartId: 3, column: '__time_range' });
    expect(parseColumnFilterKey('NATIVE_FILTER-a')).toBeNull();
    expect(parseColumnFilterKey('12')).toBeNull();
  });

  it('merge new values into a column or replace them', () => {
    let state: ColumnFilterState = {};
    state = changeColumnFilter(state, 12, { state: ['CA'], gender: ['boy'] }, false);
    const merged = changeColumnFilter(state, 12, { state: ['NY'] }, true);
    expect(merged[12]?.columns).toEqual({ state: ['CA', 'NY'], gender: ['boy'] });
    const replaced = changeColumnFilter(state, 12, { state: ['NY'] }, false);
    expect(replaced[12]?.columns).toEqual({ state: ['NY'], gender: ['boy'] });
    // A column the chart did not filter yet is added, merged or not.
    expect(changeColumnFilter(state, 12, { name: ['Aaron'] }, true)[12]?.columns.name).toEqual(['Aaron']);
    // A single value (a time range) is replaced, never merged.
    const timed = changeColumnFilter(changeColumnFilter({}, 5, { __time_range: 'Last week' }, false), 5, { __time_range: 'Last year' }, true);
    expect(timed[5]?.columns).toEqual({ __time_range: 'Last year' });
    // The state before the change is left as it was.
    expect(state[12]?.columns).toEqual({ state: ['CA'], gender: ['boy'] });
  });

  it('record the direct path to the filter and keep the values', () => {
    const filtered = changeColumnFilter({}, 7, { state: ['CA'] }, false);
    expect(filtered[7]?.directPathToFilter).toEqual([]);
    const located = updateDirectPathToFilter(filtered, 7, ['ROOT_ID', 'TABS-1', 'TAB-A', 'CHART-7']);
    expect(located[7]).toEqual({ chartId: 7, columns: { state: ['CA'] }, directPathToFilter: ['ROOT_ID', 'TABS-1', 'TAB-A', 'CHART-7'] });
    expect(updateDirectPathToFilter({}, 8, ['ROOT_ID'])[8]).toEqual({ chartId: 8, columns: {}, directPathToFilter: ['ROOT_ID'] });
  });

  it('apply under their keys, without empty values', () => {
    let state = changeColumnFilter({}, 12, { state: ['CA', 'NY'], gender: [] }, false);
    state = changeColumnFilter(state, 4, { __time_range: 'Last week', name: null }, false);
    expect(activeColumnFilters(state)).toEqual({
      '4___time_range': { chartId: 4, column: '__time_range', values: 'Last week' },
      '12_state': { chartId: 12, column: 'state', values: ['CA', 'NY'] },
    });
  });
});
