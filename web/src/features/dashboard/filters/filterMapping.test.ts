import { describe, expect, it } from 'vitest';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import type { DashboardLayout } from '../dashboardLayout';
import { chartComponentPath, filtersWithMappingChanges, scopeWithChartMapped } from './filterMapping';

const layout: DashboardLayout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'], meta: {} },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'], meta: {} },
  'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-1'], meta: {} },
  'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['ROW-2'], meta: {} },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-5'], meta: {} },
  'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-7'], meta: {} },
  'CHART-5': { id: 'CHART-5', type: 'CHART', children: [], meta: { chartId: 5 } },
  'CHART-7': { id: 'CHART-7', type: 'CHART', children: [], meta: { chartId: 7 } },
};

function filter(id: string, rootPath: string[], excluded: number[]): NativeFilter {
  return {
    id,
    name: id,
    filterType: 'filter_select',
    type: 'NATIVE_FILTER',
    targets: [],
    controlValues: {},
    defaultDataMask: { filterState: {}, extraFormData: {} },
    cascadeParentIds: [],
    scope: { rootPath, excluded },
  };
}

describe('set filter mapping', () => {
  it('finds the path from the root to the chart component', () => {
    expect(chartComponentPath(layout, 7)).toEqual(['ROOT_ID', 'TABS-1', 'TAB-b', 'ROW-2', 'CHART-7']);
    expect(chartComponentPath(layout, 9)).toBeNull();
  });

  it('maps a chart out by excluding it, once', () => {
    const scope = { rootPath: ['ROOT_ID'], excluded: [5] };
    expect(scopeWithChartMapped(scope, 7, ['ROOT_ID', 'CHART-7'], false)).toEqual({ rootPath: ['ROOT_ID'], excluded: [5, 7] });
    const excluded = { rootPath: ['ROOT_ID'], excluded: [7] };
    expect(scopeWithChartMapped(excluded, 7, ['ROOT_ID', 'CHART-7'], false)).toBe(excluded);
  });

  it('maps a chart in: out of the excluded list, and its component added when no root path holds it', () => {
    const path = ['ROOT_ID', 'TABS-1', 'TAB-b', 'ROW-2', 'CHART-7'];
    expect(scopeWithChartMapped({ rootPath: ['ROOT_ID'], excluded: [5, 7] }, 7, path, true)).toEqual({ rootPath: ['ROOT_ID'], excluded: [5] });
    expect(scopeWithChartMapped({ rootPath: ['TAB-a'], excluded: [7] }, 7, path, true)).toEqual({ rootPath: ['TAB-a', 'CHART-7'], excluded: [] });
  });

  it('saves only the filters whose mapping changed, with every other key kept', () => {
    const path = chartComponentPath(layout, 7) ?? [];
    const gender = filter('NATIVE_FILTER-gender', ['ROOT_ID'], []);
    const state = filter('NATIVE_FILTER-state', ['TAB-a'], []);
    const name = filter('NATIVE_FILTER-name', ['ROOT_ID'], []);
    const changed = filtersWithMappingChanges(
      [gender, state, name],
      7,
      path,
      new Set(['NATIVE_FILTER-gender', 'NATIVE_FILTER-name']),
      new Set(['NATIVE_FILTER-state', 'NATIVE_FILTER-name']),
    );
    expect(changed).toEqual([
      { ...gender, scope: { rootPath: ['ROOT_ID'], excluded: [7] } },
      { ...state, scope: { rootPath: ['TAB-a', 'CHART-7'], excluded: [] } },
    ]);
  });
});
