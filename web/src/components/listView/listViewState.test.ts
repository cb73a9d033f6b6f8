import { describe, expect, it } from 'vitest';
import {
  clampPageIndex,
  defaultListPageSize,
  paginationText,
  parseListViewState,
  serializeListViewState,
  shouldPushHistory,
  withFilter,
  type ListViewState,
} from './listViewState';

const defaults = { sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc' } as const;
const base: ListViewState = { filters: [], pageIndex: 0, sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc', viewMode: 'table' };

describe('list view URL state', () => {
  it('takes the defaults from an empty query', () => {
    expect(parseListViewState(new URLSearchParams(''), defaults)).toEqual(base);
  });

  it('round-trips filters, page, sort and view mode through the query string', () => {
    const state: ListViewState = {
      filters: [
        { id: 'search', value: "births & 'names'!" },
        { id: 'favorite', value: 'yes' },
      ],
      pageIndex: 3,
      sortColumn: 'slice_name',
      sortOrder: 'asc',
      viewMode: 'card',
    };
    const query = serializeListViewState(state).toString();
    expect(query).toContain('pageIndex=3');
    expect(query).toContain('sortColumn=slice_name');
    expect(query).toContain('sortOrder=asc');
    expect(query).toContain('viewMode=card');
    expect(parseListViewState(new URLSearchParams(query), defaults)).toEqual(state);
  });

  it('ignores malformed values', () => {
    const params = new URLSearchParams('filters=%5Bnot-json&pageIndex=-2&sortOrder=sideways&viewMode=grid');
    expect(parseListViewState(params, defaults)).toEqual(base);
    const partial = new URLSearchParams(`filters=${encodeURIComponent('[{"id":"a","value":1},{"id":"b","value":"x"}]')}&pageIndex=1.5`);
    expect(parseListViewState(partial, defaults)).toEqual({ ...base, filters: [{ id: 'b', value: 'x' }] });
  });

  it('pushes a history entry for a page change only', () => {
    expect(shouldPushHistory(base, { ...base, pageIndex: 1 })).toBe(true);
    expect(shouldPushHistory(base, { ...base, sortColumn: 'slice_name' })).toBe(false);
    expect(shouldPushHistory(base, { ...base, sortOrder: 'asc' })).toBe(false);
    expect(shouldPushHistory({ ...base, pageIndex: 2 }, { ...base, filters: [{ id: 'search', value: 'x' }] })).toBe(false);
    expect(shouldPushHistory(base, { ...base, viewMode: 'card' })).toBe(false);
  });

  it('sets, replaces and clears one filter', () => {
    const one = withFilter([], 'search', 'abc');
    expect(one).toEqual([{ id: 'search', value: 'abc' }]);
    expect(withFilter([...one, { id: 'favorite', value: 'yes' }], 'search', 'def')).toEqual([
      { id: 'favorite', value: 'yes' },
      { id: 'search', value: 'def' },
    ]);
    expect(withFilter(one, 'search', '')).toEqual([]);
  });
});

describe('pagination', () => {
  it('uses 25 rows per page by default', () => {
    expect(defaultListPageSize).toBe(25);
  });

  it.each([
    [0, 25, 7, '1-7 of 7'],
    [0, 25, 60, '1-25 of 60'],
    [1, 25, 60, '26-50 of 60'],
    [2, 25, 60, '51-60 of 60'],
    [0, 25, 0, '0-0 of 0'],
  ])('page %i of size %i with %i rows reads %s', (pageIndex, pageSize, count, text) => {
    expect(paginationText(pageIndex, pageSize, count)).toBe(text);
  });

  it('resets a page index beyond the last page to 0', () => {
    expect(clampPageIndex(2, 25, 60)).toBe(2);
    expect(clampPageIndex(3, 25, 60)).toBe(0);
    expect(clampPageIndex(5, 25, 0)).toBe(0);
  });
});
