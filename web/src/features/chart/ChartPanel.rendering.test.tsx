import type { UseQueryResult } from '@tanstack/react-query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, type RenderResult } from '@testing-library/react';
import { tableFromArrays } from 'apache-arrow';
import type { JSX, ReactElement, ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartDataArrowResult } from '@/api/chartData';
import type { ChartDataResultMeta } from '@/api/generated/ChartDataResultMeta';
import type { FormData } from '@/api/generated/FormData';
import { testIds } from '@/testIds';
import { buildTheme } from '@/theme/tokens';
import { ChartPanel, spinnerDelayMs } from './ChartPanel';
import type { ChartRendererProps } from './viz/chartRendererProps';

const drawnRowCounts: number[] = [];

function CountingRenderer({ data }: ChartRendererProps): JSX.Element {
  drawnRowCounts.push(data.rowCount);
  return <p data-testid="counting-renderer">{data.rowCount} rows drawn</p>;
}

vi.mock('./viz/vizRegistry', () => ({
  vizDefinition: (vizType: string) => ({ vizType, name: 'Counting', category: 'Table', isFixedSize: false, Renderer: CountingRenderer }),
}));

/** The providers with one theme object throughout, as the app has (a new theme redraws every chart). */
function renderWithStableTheme(element: ReactElement): RenderResult {
  const queryClient = new QueryClient();
  const theme = buildTheme('default');
  function Providers({ children }: { children: ReactNode }): JSX.Element {
    return (
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>{children}</ThemeProvider>
      </QueryClientProvider>
    );
  }
  return render(element, { wrapper: Providers });
}

const formData = { datasource: '1__table', viz_type: 'table' } as unknown as FormData;

function answered(values: number[]): UseQueryResult<ChartDataArrowResult[]> {
  const meta = { colnames: ['SUM(num)'], coltypes: [0], rowcount: values.length, error: null, query: 'SELECT 1' } as unknown as ChartDataResultMeta;
  const table = tableFromArrays({ 'SUM(num)': Float64Array.from(values) });
  return { data: [{ meta, table }], error: null, isError: false, isFetching: false, isPending: false, isSuccess: true } as unknown as UseQueryResult<
    ChartDataArrowResult[]
  >;
}

const loading = { data: undefined, error: null, isError: false, isFetching: true, isPending: true, isSuccess: false } as unknown as UseQueryResult<
  ChartDataArrowResult[]
>;

afterEach(() => {
  drawnRowCounts.length = 0;
  vi.useRealTimers();
});

describe('ChartPanel drawing', () => {
  it('draws a result once, though the panel re-renders as the chart moves to rendered', () => {
    const chartData = answered([10, 20, 30]);
    const { rerender } = renderWithStableTheme(<ChartPanel chartData={chartData} hasRun formData={formData} chartId={4} runKey="a" />);

    expect(screen.getByTestId('counting-renderer').textContent).toBe('3 rows drawn');
    expect(screen.getByTestId(testIds.chart.panel).dataset.chartStatus).toBe('rendered');
    expect(drawnRowCounts).toEqual([3]);

    // The same props again (a sibling or the page re-rendered): nothing is drawn again.
    rerender(<ChartPanel chartData={chartData} hasRun formData={formData} chartId={4} runKey="a" />);
    expect(drawnRowCounts).toEqual([3]);

    // A new result is drawn.
    rerender(<ChartPanel chartData={answered([1, 2])} hasRun formData={formData} chartId={4} runKey="b" />);
    expect(drawnRowCounts).toEqual([3, 2]);
  });
});

describe('ChartPanel loading notice', () => {
  it('says Loading… at once and turns its spinner only after half a second', () => {
    vi.useFakeTimers();
    renderWithStableTheme(<ChartPanel chartData={loading} hasRun formData={formData} />);

    expect(screen.getByTestId(testIds.chart.loading).textContent).toBe('Loading…');
    expect(screen.queryByTestId(testIds.chart.loadingSpinner)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(spinnerDelayMs - 1);
    });
    expect(screen.queryByTestId(testIds.chart.loadingSpinner)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId(testIds.chart.loadingSpinner)).toBeTruthy();
    expect(drawnRowCounts).toEqual([]);
  });
});
