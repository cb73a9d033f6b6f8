import { act, renderHook } from '@testing-library/react';
import type { JSX } from 'react';
import { Float64, Table, Utf8, vectorFromArray } from 'apache-arrow';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartDataArrowResult } from '@/api/chartData';
import { chartResultMeta } from '@/api/chartDataTestResults';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { FormData } from '@/api/generated/FormData';
import { giveElementsHeight } from '@/testLayout';
import { renderWithTheme } from '@/testRendering';
import { readRefreshSettings } from './autoRefresh';
import { DashboardChartHolder } from './DashboardChartHolder';
import { DashboardGridContext, type DashboardGridState } from './dashboardGridContext';
import { useAutoRefresh } from './useAutoRefresh';

const chartDataMock = vi.fn<(formData: FormData, options: { force: boolean }) => Promise<ChartDataArrowResult[]>>();
vi.mock('./api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return {
    ...original,
    useMyRoles: () => ({ data: undefined }),
    runDashboardChartQuery: (formData: FormData, options: { force: boolean }) => chartDataMock(formData, options),
  };
});

beforeEach(() => {
  vi.useFakeTimers();
  chartDataMock.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('auto refresh: the period', () => {
  it('ticks every max(requested, stagger_time), stagger on by default', async () => {
    const settings = readRefreshSettings(JSON.stringify({ refresh_frequency: 2 }));
    const { result } = renderHook(() => useAutoRefresh(2, settings, [1, 2]));
    // Two seconds asked, but the default stagger time of 5000 ms is the minimum.
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(result.current.autoRefreshNumber).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.autoRefreshNumber).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(result.current.autoRefreshNumber).toBe(2);
  });

  it('ticks at the requested interval when it is longer, or when staggering is off', async () => {
    const longer = renderHook(() => useAutoRefresh(10, readRefreshSettings('{}'), [1]));
    const unstaggered = renderHook(() => useAutoRefresh(2, readRefreshSettings('{"stagger_refresh": false}'), [1]));
    await act(() => vi.advanceTimersByTimeAsync(9999));
    expect(longer.result.current.autoRefreshNumber).toBe(0);
    expect(unstaggered.result.current.autoRefreshNumber).toBe(4);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(longer.result.current.autoRefreshNumber).toBe(1);
    expect(unstaggered.result.current.autoRefreshNumber).toBe(5);
  });

  it('does not tick without an interval, and stops when it is cleared', async () => {
    const settings = readRefreshSettings('{}');
    const { result, rerender } = renderHook(({ seconds }: { seconds: number }) => useAutoRefresh(seconds, settings, [1]), { initialProps: { seconds: 0 } });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(result.current.autoRefreshNumber).toBe(0);
    rerender({ seconds: 10 });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(result.current.autoRefreshNumber).toBe(1);
    rerender({ seconds: 0 });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(result.current.autoRefreshNumber).toBe(1);
  });

  it('spreads the refreshed charts over stagger_time and leaves immune charts out', () => {
    const settings = readRefreshSettings(JSON.stringify({ stagger_time: 6000, timed_refresh_immune_slices: [2] }));
    const { result } = renderHook(() => useAutoRefresh(30, settings, [1, 2, 3, 4]));
    // Charts 1, 3 and 4 refresh, a third of 6000 ms apart; chart 2 never.
    expect([1, 2, 3, 4].map((chartId) => result.current.autoRefreshDelayMs(chartId))).toEqual([0, null, 2000, 4000]);
    const unstaggered = renderHook(() => useAutoRefresh(30, { ...settings, isStaggered: false }, [1, 2, 3, 4]));
    expect([1, 2, 3, 4].map((chartId) => unstaggered.result.current.autoRefreshDelayMs(chartId))).toEqual([0, null, 0, 0]);
  });
});

function chartWithId(id: number): DashboardChart {
  return {
    id,
    slice_name: `Chart ${id}`,
    slice_url: `/explore/?slice_id=${id}`,
    form_data: { datasource: '3__table', viz_type: 'table', slice_id: id },
    viz_type: 'table',
    description: null,
    description_markeddown: '',
    owners: [],
    changed_on: '2026-11-24T09:00:00',
    modified: 'now',
    cache_timeout: null,
    certified_by: null,
    certification_details: null,
    is_managed_externally: false,
  };
}

function namesResult(): ChartDataArrowResult {
  const table = new Table({ name: vectorFromArray(['Michael'], new Utf8()), 'SUM(num)': vectorFromArray([1500], new Float64()) });
  return { meta: chartResultMeta(['name', 'SUM(num)'], [1, 0], 1, 'SELECT 1'), table };
}

describe('auto refresh: the charts', () => {
  giveElementsHeight();

  const charts = [chartWithId(1), chartWithId(2), chartWithId(3)];
  /** Chart 2 is immune; 1 and 3 refresh 0 and 2500 ms after each tick (5000 ms stagger). */
  const settings = readRefreshSettings(JSON.stringify({ timed_refresh_immune_slices: [2] }));

  function gridWith(autoRefreshNumber: number, autoRefreshDelayMs: (chartId: number) => number | null): DashboardGridState {
    return {
      dashboardId: 5,
      layout: {},
      chartsById: new Map(charts.map((chart) => [chart.id, chart])),
      columnWidth: 80,
      activeTabs: {},
      onTabChange: () => undefined,
      scrollRoot: null,
      editor: null,
      extraFormDataByChart: new Map(),
      onCrossFilter: null,
      crossFilterValues: new Map(),
      dashboardRefreshNumber: 0,
      autoRefreshNumber,
      autoRefreshDelayMs,
    };
  }

  function forcedRunsOf(chartId: number): number {
    return chartDataMock.mock.calls.filter(([formData, options]) => (formData as { slice_id: number }).slice_id === chartId && options.force).length;
  }

  it('re-runs each chart with force after its stagger delay; immune charts stay', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    chartDataMock.mockResolvedValue([namesResult()]);
    const { result: refresh } = renderHook(() => useAutoRefresh(10, settings, charts.map((chart) => chart.id)));
    const page = (): JSX.Element => (
      <MemoryRouter>
        <DashboardGridContext.Provider value={gridWith(refresh.current.autoRefreshNumber, refresh.current.autoRefreshDelayMs)}>
          {charts.map((chart) => (
            <DashboardChartHolder key={chart.id} chartId={chart.id} widthPx={400} heightPx={300} />
          ))}
        </DashboardGridContext.Provider>
      </MemoryRouter>
    );
    const { rerender } = renderWithTheme(page());
    await act(() => vi.advanceTimersByTimeAsync(0));
    // Each chart ran once, not forced.
    expect(chartDataMock).toHaveBeenCalledTimes(3);
    expect([1, 2, 3].map(forcedRunsOf)).toEqual([0, 0, 0]);

    // The first tick, 10 s in: chart 1 at once, chart 3 2500 ms later, chart 2 never.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    rerender(page());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect([1, 2, 3].map(forcedRunsOf)).toEqual([1, 0, 0]);
    await act(() => vi.advanceTimersByTimeAsync(2499));
    expect([1, 2, 3].map(forcedRunsOf)).toEqual([1, 0, 0]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect([1, 2, 3].map(forcedRunsOf)).toEqual([1, 0, 1]);

    // The next tick refreshes them again, in the same order.
    await act(() => vi.advanceTimersByTimeAsync(7500));
    rerender(page());
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect([1, 2, 3].map(forcedRunsOf)).toEqual([2, 0, 2]);
    expect(chartDataMock).toHaveBeenCalledTimes(7);
  });
});
