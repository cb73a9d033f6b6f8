import { describe, expect, it } from 'vitest';
import { layoutFromDocument } from './dashboardLayout';
import { columnFiltersFromPreselectParam, dataMaskFromFilterState, dataMaskFromNativeFiltersParam, focusedChartIn, permalinkUrlParams, withoutFocusedChart } from './dashboardUrl';

describe('dashboard URL parameters', () => {
  it('reads the data masks of native_filters (rison)', () => {
    const masks = dataMaskFromNativeFiltersParam(
      "(NATIVE_FILTER-a:(extraFormData:(filters:!((col:state,op:IN,val:!(CA,NY)))),filterState:(value:!(CA,NY)),id:NATIVE_FILTER-a))",
    );
    expect(masks).toEqual({
      'NATIVE_FILTER-a': {
        id: 'NATIVE_FILTER-a',
        extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA', 'NY'] }] },
        filterState: { value: ['CA', 'NY'] },
      },
    });
    expect(dataMaskFromNativeFiltersParam(null)).toBeUndefined();
    expect(dataMaskFromNativeFiltersParam('(broken')).toBeUndefined();
    expect(dataMaskFromNativeFiltersParam('!(1,2)')).toBeUndefined();
  });

  it('reads the data masks of a stored filter state, bare or under dataMask', () => {
    const mask = { 'NATIVE_FILTER-a': { filterState: { value: ['TX'] } } };
    expect(dataMaskFromFilterState(JSON.stringify(mask))).toEqual(mask);
    expect(dataMaskFromFilterState(JSON.stringify({ dataMask: mask, activeTabs: [] }))).toEqual(mask);
    expect(dataMaskFromFilterState('not json')).toBeUndefined();
  });

  it('finds the focused chart and the tabs that hold it', () => {
    const layout = layoutFromDocument({
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['TABS-1'] },
      'TABS-1': { type: 'TABS', id: 'TABS-1', children: ['TAB-a', 'TAB-b'] },
      'TAB-a': { type: 'TAB', id: 'TAB-a', children: ['ROW-1'] },
      'TAB-b': { type: 'TAB', id: 'TAB-b', children: ['TABS-2'] },
      'TABS-2': { type: 'TABS', id: 'TABS-2', children: ['TAB-c'] },
      'TAB-c': { type: 'TAB', id: 'TAB-c', children: ['ROW-2'] },
      'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-1'] },
      'ROW-2': { type: 'ROW', id: 'ROW-2', children: ['CHART-2'] },
      'CHART-1': { type: 'CHART', id: 'CHART-1', children: [], meta: { chartId: 11 } },
      'CHART-2': { type: 'CHART', id: 'CHART-2', children: [], meta: { chartId: 12 } },
    });
    expect(focusedChartIn(layout, 12)).toEqual({ componentId: 'CHART-2', tabIds: ['TAB-b', 'TAB-c'] });
    expect(focusedChartIn(layout, 11)).toEqual({ componentId: 'CHART-1', tabIds: ['TAB-a'] });
    expect(focusedChartIn(layout, 99)).toBeNull();
  });

  it('drops focused_chart and keeps the other parameters', () => {
    expect(withoutFocusedChart(new URLSearchParams('focused_chart=12&standalone=2')).toString()).toBe('standalone=2');
  });
});

describe('column filters in permalinks (preselect_filters)', () => {
  it('stores the active column filters with the page parameters, leaving out how the page was opened', () => {
    const current = new URLSearchParams('standalone=1&edit=true&permalink_key=abc&native_filters_key=k&preselect_filters=%7B%7D');
    const active = {
      '12_state': { chartId: 12, column: 'state', values: ['CA', 'NY'] },
      '12_gender': { chartId: 12, column: 'gender', values: ['boy'] },
      '7_name': { chartId: 7, column: 'name', values: ['Aaron'] },
    };
    expect(permalinkUrlParams(current, active)).toEqual([
      ['standalone', '1'],
      ['preselect_filters', '{"7":{"name":["Aaron"]},"12":{"state":["CA","NY"],"gender":["boy"]}}'],
    ]);
    expect(permalinkUrlParams(new URLSearchParams('edit=true'), {})).toEqual([]);
  });

  it('reads them back by chart, dropping what is not a list of values', () => {
    const filters = columnFiltersFromPreselectParam('{"12":{"state":["CA","NY"],"gender":[]},"x":{"a":["b"]},"7":{"name":"Aaron"},"9":["CA"]}');
    expect(filters).toEqual(new Map([[12, { state: ['CA', 'NY'] }]]));
    expect(columnFiltersFromPreselectParam(null)).toBeUndefined();
    expect(columnFiltersFromPreselectParam('{broken')).toBeUndefined();
    expect(columnFiltersFromPreselectParam('{"7":{"name":[]}}')).toBeUndefined();
  });
});
