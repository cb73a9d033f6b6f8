import { describe, expect, it } from 'vitest';
import {
  activeColumnFilters,
  changeColumnFilter,
  columnFilterKey,
  columnFilterScope,
  defaultColumnFilterScope,
  parseColumnFilterKey,
  pathToComponent,
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
    // Merged values already selected are kept once.
    expect(changeColumnFilter(state, 12, { state: ['NY', 'CA'] }, true)[12]?.columns.state).toEqual(['CA', 'NY']);
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

describe('column filter scopes and paths', () => {
  it("read filter_scopes[chartId][column], else Superset's default: the whole dashboard", () => {
    const metadata = { filter_scopes: { '12': { state: { scope: ['TAB-A'], immune: [7] }, gender: { immune: [1] } } } };
    expect(columnFilterScope(metadata, 12, 'state')).toEqual({ scope: ['TAB-A'], immune: [7] });
    expect(defaultColumnFilterScope).toEqual({ scope: ['ROOT_ID'], immune: [] });
    // A scope without its list, another column, another chart, or no metadata: the default.
    expect(columnFilterScope(metadata, 12, 'gender')).toEqual(defaultColumnFilterScope);
    expect(columnFilterScope(metadata, 12, 'name')).toEqual(defaultColumnFilterScope);
    expect(columnFilterScope(metadata, 4, 'state')).toEqual(defaultColumnFilterScope);
    expect(columnFilterScope({}, 12, 'state')).toEqual(defaultColumnFilterScope);
    expect(columnFilterScope({ filter_scopes: { '12': { state: { scope: ['ROW-1', 3] } } } }, 12, 'state')).toEqual({ scope: ['ROW-1'], immune: [] });
  });

  it('find the path from the root to a component inside nested tabs', () => {
    const layout = {
      ROOT_ID: { children: ['TABS-1'] },
      'TABS-1': { children: ['TAB-A', 'TAB-B'] },
      'TAB-A': { children: ['ROW-1'] },
      'TAB-B': { children: ['ROW-2'] },
      'ROW-1': { children: ['CHART-1'] },
      'ROW-2': { children: ['COLUMN-1'] },
      'COLUMN-1': { children: ['CHART-7'] },
    };
    expect(pathToComponent(layout, 'CHART-7')).toEqual(['ROOT_ID', 'TABS-1', 'TAB-B', 'ROW-2', 'COLUMN-1', 'CHART-7']);
    expect(pathToComponent(layout, 'CHART-1')).toEqual(['ROOT_ID', 'TABS-1', 'TAB-A', 'ROW-1', 'CHART-1']);
    expect(pathToComponent(layout, 'CHART-404')).toEqual([]);
    // A malformed layout that loops ends the search.
    expect(pathToComponent({ ROOT_ID: { children: ['A'] }, A: { children: ['ROOT_ID'] } }, 'B')).toEqual([]);
  });
});
