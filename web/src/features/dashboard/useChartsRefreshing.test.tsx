import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { JSX, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/api/queryKeys';
import { refreshStartWaitMs, useChartsRefreshing } from './useChartsRefreshing';

let queryClient: QueryClient;

function wrapper({ children }: { children: ReactNode }): JSX.Element {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Starts a dashboard chart's query; resolve it to answer. */
function startChartQuery(dashboardId: number, chartId: number, refreshNumber: number): () => void {
  let answer: (rows: unknown[]) => void = () => undefined;
  void queryClient.query({
    queryKey: queryKeys.dashboardFilteredChartData(dashboardId, chartId, refreshNumber, null),
    queryFn: () => new Promise<unknown[]>((resolve) => (answer = resolve)),
  });
  return () => answer([]);
}

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the refreshing flags', () => {
  it('are off at first, on from the trigger until the charts it started answer', async () => {
    const { result, rerender } = renderHook(({ trigger }: { trigger: number }) => useChartsRefreshing(4, trigger), { wrapper, initialProps: { trigger: 0 } });
    expect(result.current).toBe(false);

    rerender({ trigger: 1 });
    expect(result.current).toBe(true);
    let answerFirst: () => void = () => undefined;
    let answerSecond: () => void = () => undefined;
    act(() => {
      answerFirst = startChartQuery(4, 1, 1);
      answerSecond = startChartQuery(4, 2, 1);
    });
    // Past the start wait: charts are running, so it stays on.
    await act(() => vi.advanceTimersByTimeAsync(refreshStartWaitMs * 2));
    expect(result.current).toBe(true);
    // React Query tells its observers on a timer: let it run after each answer.
    await act(async () => {
      answerFirst();
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(result.current).toBe(true);
    await act(async () => {
      answerSecond();
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(result.current).toBe(false);
  });

  it("ignore another dashboard's charts, and end when no chart query starts", async () => {
    const { result, rerender } = renderHook(({ trigger }: { trigger: string }) => useChartsRefreshing(4, trigger), { wrapper, initialProps: { trigger: 'a' } });
    rerender({ trigger: 'b' });
    act(() => {
      startChartQuery(5, 1, 1);
    });
    expect(result.current).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(refreshStartWaitMs - 1));
    expect(result.current).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(false);
  });
});
