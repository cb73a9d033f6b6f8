import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { NativeFilterScope } from '@/api/generated/NativeFilterScope';
import type { DashboardLayout, LayoutComponent } from './dashboardLayout';
import { chartsFilteredBy, useColumnFilters, withColumnFilters, type ColumnFiltersInput } from './useColumnFilters';

/** The charts under `rootPath`, without `excluded`: the core's rule over this small layout. */
function chartsInScope(layout: unknown, scope: NativeFilterScope, chartIds: number[]): number[] {
  const components = layout as DashboardLayout;
  const found = new Set<number>();
  const visit = (id: string): void => {
    const component = components[id];
    if (component === undefined) return;
    if (component.type === 'CHART' && component.meta.chartId !== undefined) found.add(component.meta.chartId);
    component.children.forEach(visit);
  };
  scope.rootPath.forEach(visit);
  return chartIds.filter((chartId) => found.has(chartId) && !scope.excluded.includes(chartId));
}

const rules = {
  chartsInScope,
  selectExtraFormData: (column: string, values: unknown[]): ExtraFormData => ({ filters: [{ col: column, op: 'IN', val: values }] }) as ExtraFormData,
  mergeExtraFormData: (masks: ExtraFormData[]): ExtraFormData => ({ filters: masks.flatMap((mask) => mask.filters ?? []) }),
};
vi.mock('@/wasm/nativeFilters', () => ({ loadNativeFilterRules: () => Promise.resolve(rules) }));

function component(id: string, type: LayoutComponent['type'], children: string[] = [], chartId?: number): LayoutComponent {
  return { id, type, children, meta: chartId === undefined ? {} : { chartId } };
}

// ROOT > GRID > ROW-1 (table 1, total 2) and TABS > TAB-A (pie 3), TAB-B (chart 4 on another dataset).
const layout: DashboardLayout = Object.fromEntries(
  [
    component('ROOT_ID', 'ROOT', ['GRID_ID']),
    component('GRID_ID', 'GRID', ['ROW-1', 'TABS-1']),
    component('ROW-1', 'ROW', ['CHART-1', 'CHART-2']),
    component('CHART-1', 'CHART', [], 1),
    component('CHART-2', 'CHART', [], 2),
    component('TABS-1', 'TABS', ['TAB-A', 'TAB-B']),
    component('TAB-A', 'TAB', ['CHART-3']),
    component('TAB-B', 'TAB', ['CHART-4']),
    component('CHART-3', 'CHART', [], 3),
    component('CHART-4', 'CHART', [], 4),
  ].map((entry) => [entry.id, entry]),
);

const boys: ExtraFormData = { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] };

function input(overrides: Partial<ColumnFiltersInput> = {}): ColumnFiltersInput {
  return {
    layout,
    chartIds: [1, 2, 3, 4],
    chartDatasetIds: new Map([
      [1, 10],
      [2, 10],
      [3, 10],
      [4, 20],
    ]),
    jsonMetadata: {},
    nativeExtraFormDataByChart: new Map([[2, boys]]),
    ...overrides,
  };
}

const stateFilter = { chartId: 1, column: 'state', values: ['CA', 'NY'] };

describe('column filters applied to the other charts', () => {
  it('reach every chart of the dashboard on the same dataset, not the emitting chart', () => {
    expect(chartsFilteredBy(rules, stateFilter, input())).toEqual([2, 3]);
  });

  it('follow filter_scopes: the scope, without its immune charts', () => {
    const scoped = input({ jsonMetadata: { filter_scopes: { '1': { state: { scope: ['TAB-A', 'ROW-1'], immune: [3] } } } } });
    expect(chartsFilteredBy(rules, stateFilter, scoped)).toEqual([2]);
    // Another column of the same chart keeps the default scope.
    expect(chartsFilteredBy(rules, { ...stateFilter, column: 'name' }, scoped)).toEqual([2, 3]);
  });

  it("are appended to each chart's native filters as IN filters", () => {
    const byChart = withColumnFilters(rules, { '1_state': stateFilter }, input());
    expect(byChart.get(2)).toEqual({ filters: [boys.filters?.[0], { col: 'state', op: 'IN', val: ['CA', 'NY'] }] });
    expect(byChart.get(3)).toEqual({ filters: [{ col: 'state', op: 'IN', val: ['CA', 'NY'] }] });
    expect(byChart.has(1)).toBe(false);
    expect(byChart.has(4)).toBe(false);
  });
});

describe('useColumnFilters', () => {
  it('keeps what a chart emits, records its path, and filters the charts in scope', async () => {
    const native = new Map([[2, boys]]);
    // The page passes memoized parts; so does the test.
    const pageInput = input({ nativeExtraFormDataByChart: native });
    const { result } = renderHook(() => useColumnFilters(pageInput));
    // Without column filters the native masks pass through unchanged.
    expect(result.current.extraFormDataByChart).toBe(native);

    act(() => result.current.changeFilter(3, { state: ['CA'] }, false));
    expect(result.current.state[3]).toEqual({ chartId: 3, columns: { state: ['CA'] }, directPathToFilter: ['ROOT_ID', 'GRID_ID', 'TABS-1', 'TAB-A', 'CHART-3'] });
    expect(result.current.active).toEqual({ '3_state': { chartId: 3, column: 'state', values: ['CA'] } });
    await waitFor(() => expect(result.current.extraFormDataByChart).not.toBeNull());
    expect(result.current.extraFormDataByChart?.get(1)).toEqual({ filters: [{ col: 'state', op: 'IN', val: ['CA'] }] });
    expect(result.current.extraFormDataByChart?.get(2)?.filters).toHaveLength(2);
    expect(result.current.extraFormDataByChart?.has(3)).toBe(false);

    // Merged values join; replaced by an empty list, the filter is gone and the native masks return.
    act(() => result.current.changeFilter(3, { state: ['NY'] }, true));
    await waitFor(() => expect(result.current.extraFormDataByChart?.get(1)).toEqual({ filters: [{ col: 'state', op: 'IN', val: ['CA', 'NY'] }] }));
    act(() => result.current.changeFilter(3, { state: [] }, false));
    expect(result.current.active).toEqual({});
    expect(result.current.extraFormDataByChart).toBe(native);
  });
});
