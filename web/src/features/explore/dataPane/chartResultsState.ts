import type { UseQueryResult } from '@tanstack/react-query';
import type { ChartDataArrowResult } from '@/api/chartData';
import { chartErrorMessages } from '@/features/chart/api';

/** What the chart has to show in the "Results" pane: the same results it renders, fetched once. */
export type ChartResultsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; messages: string[] }
  | { status: 'success'; results: readonly ChartDataArrowResult[] };

/** The chart's run as the "Results" pane sees it. */
export function chartResultsStateOf(chartData: UseQueryResult<ChartDataArrowResult[]>, hasRun: boolean): ChartResultsState {
  if (!hasRun) return { status: 'idle' };
  if (chartData.isFetching || chartData.isPending) return { status: 'loading' };
  if (chartData.isError) return { status: 'error', messages: chartErrorMessages(chartData.error) };
  return { status: 'success', results: chartData.data };
}
