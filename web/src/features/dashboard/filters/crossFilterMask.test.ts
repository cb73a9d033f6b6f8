import { beforeAll, describe, expect, it } from 'vitest';
import { toggledCrossFilter, toggledSeriesCrossFilter } from '@/features/chart/viz/crossFilterSelection';
import { loadQuiverCoreInNode } from '@/wasm/loadQuiverCoreInNode';
import { loadNativeFilterRules, type NativeFilterRules } from '@/wasm/nativeFilters';
import { crossFilterDataMask } from './crossFilterMask';
import { crossFilterScopeOf, readCrossFilterSettings } from './crossFilterScoping';
import { crossFilterValuesByChart } from './nativeFilterConfig';

let rules: NativeFilterRules;

beforeAll(async () => {
  await loadQuiverCoreInNode();
  rules = await loadNativeFilterRules();
});

/** root > grid > row > charts 1, 2, 3 (1 the line chart that emits). */
const layout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'] },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'CHART-2', 'CHART-3'] },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1 } },
  'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: 2 } },
  'CHART-3': { id: 'CHART-3', type: 'CHART', children: [], meta: { chartId: 3 } },
};

describe('cross-filter data masks', () => {
  it("a series' mask filters each group-by column with IN and keeps Superset's selected values", () => {
    const selection = toggledSeriesCrossFilter(['gender', 'state'], ['boy', 'CA'], undefined);
    if (selection === null) throw new Error('a selection was expected');
    const mask = crossFilterDataMask(rules, selection);
    expect(mask).toEqual({
      extraFormData: {
        filters: [
          { col: 'gender', op: 'IN', val: ['boy'] },
          { col: 'state', op: 'IN', val: ['CA'] },
        ],
      },
      filterState: { value: [['boy', 'CA']], label: 'boy, CA' },
    });
    // The chart reads its selection back to toggle it off.
    const values = crossFilterValuesByChart({ '1': { ...mask, id: '1' } }).get(1);
    expect(toggledSeriesCrossFilter(['gender', 'state'], ['boy', 'CA'], values)).toBeNull();
  });

  it("a bar, slice or row's mask filters its one column", () => {
    const selection = toggledCrossFilter('state', 'NY', undefined);
    if (selection === null) throw new Error('a selection was expected');
    expect(crossFilterDataMask(rules, selection)).toEqual({
      extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['NY'] }] },
      filterState: { value: ['NY'], label: 'NY' },
    });
  });

  it('reaches the charts of the global scope minus the excluded ones, or those of a custom scope, never the emitter', () => {
    const globalExcludingThree = readCrossFilterSettings(
      JSON.stringify({ global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [3] }, chartsInScope: [1, 2] } }),
    ).scoping;
    expect(rules.chartsInScope(layout, crossFilterScopeOf(globalExcludingThree, 1), [1, 2, 3])).toEqual([2]);
    expect(rules.chartsInScope(layout, crossFilterScopeOf(globalExcludingThree, 2), [1, 2, 3])).toEqual([1]);
    const customForOne = readCrossFilterSettings(
      JSON.stringify({
        global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [1, 2, 3] },
        chart_configuration: { '1': { id: 1, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [1, 2] }, chartsInScope: [3] } } },
      }),
    ).scoping;
    expect(rules.chartsInScope(layout, crossFilterScopeOf(customForOne, 1), [1, 2, 3])).toEqual([3]);
    expect(rules.chartsInScope(layout, crossFilterScopeOf(customForOne, 3), [1, 2, 3])).toEqual([1, 2]);
  });
});
