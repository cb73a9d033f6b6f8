import type { UseQueryResult } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { tableFromArrays } from 'apache-arrow';
import type { JSX } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartDataArrowResult } from '@/api/chartData';
import { ApiError } from '@/api/errors';
import type { ChartDataResultMeta } from '@/api/generated/ChartDataResultMeta';
import type { FormData } from '@/api/generated/FormData';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { chartLifecycleEvents, type ChartLifecycleEvent } from './chartLifecycle';
import { ChartPanel, type ChartPanelProps } from './ChartPanel';
import type * as vizRegistryModule from './viz/vizRegistry';
import type { VizDefinition } from './viz/vizRegistry';

function BrokenRenderer(): JSX.Element {
  throw new TypeError("Cannot read properties of undefined (reading 'x')");
}

// A viz type whose renderer throws, beside the real ones.
vi.mock('./viz/vizRegistry', async (importOriginal) => {
  const original = await importOriginal<typeof vizRegistryModule>();
  const broken: VizDefinition = { vizType: 'broken_test', name: 'Broken', category: 'Table', isFixedSize: false, Renderer: BrokenRenderer };
  return { ...original, vizDefinition: (vizType: string) => (vizType === broken.vizType ? broken : original.vizDefinition(vizType)) };
});

type ChartData = UseQueryResult<ChartDataArrowResult[]>;

const fetching = { data: undefined, error: null, isError: false, isFetching: true, isPending: true, isSuccess: false } as unknown as ChartData;

function answered(rowCount: number, error: string | null = null): ChartData {
  const meta = { colnames: ['state', 'n'], coltypes: [1, 0], rowcount: rowCount, error, query: 'SELECT 1', annotation_data: {} } as unknown as ChartDataResultMeta;
  const table = tableFromArrays({ state: ['CA', 'NY', 'TX'].slice(0, rowCount), n: Float64Array.from([3, 2, 1].slice(0, rowCount)) });
  return { data: [{ meta, table }], error: null, isError: false, isFetching: false, isPending: false, isSuccess: true } as unknown as ChartData;
}

function failed(error: unknown): ChartData {
  return { data: undefined, error, isError: true, isFetching: false, isPending: false, isSuccess: false } as unknown as ChartData;
}

const tableFormData = { datasource: '1__table', viz_type: 'table', query_mode: 'raw', all_columns: ['state', 'n'] } as unknown as FormData;

function chartStatus(): string | null {
  return screen.getByTestId(testIds.chart.panel).getAttribute('data-chart-status');
}

describe('ChartPanel lifecycle', () => {
  let events: ChartLifecycleEvent[] = [];
  let unsubscribe: () => void = () => undefined;

  beforeEach(() => {
    events = [];
    unsubscribe = chartLifecycleEvents.subscribe((event) => events.push(event));
  });

  afterEach(() => {
    unsubscribe();
    vi.restoreAllMocks();
  });

  function panel(props: Partial<ChartPanelProps> & { chartData: ChartData }): JSX.Element {
    return <ChartPanel hasRun formData={tableFormData} chartId={7} errorSource="dashboard" runKey={1} {...props} />;
  }

  it('goes loading, success, then rendered once the renderer drew, with the events in order', () => {
    const { rerender } = renderWithTheme(panel({ chartData: fetching }));
    expect(chartStatus()).toBe('loading');

    rerender(panel({ chartData: answered(3) }));

    expect(chartStatus()).toBe('rendered');
    expect(screen.getByTestId(testIds.tableChart.table)).not.toBeNull();
    expect(events.map((event) => event.type)).toEqual(['chartAdded', 'queryTriggered', 'updateStarted', 'updateSucceeded', 'renderingSucceeded']);
    expect(events.every((event) => event.chartId === 7 && event.source === 'dashboard')).toBe(true);
  });

  it('stays at success when there is nothing to draw (the "No results" notice is no rendering)', () => {
    renderWithTheme(panel({ chartData: answered(0) }));
    expect(chartStatus()).toBe('success');
    expect(screen.getByTestId(testIds.chart.empty)).not.toBeNull();
  });

  it("is stopped, saying 'Updating chart was stopped', when the user stops the run", () => {
    const { rerender } = renderWithTheme(panel({ chartData: fetching }));
    rerender(panel({ chartData: answered(0), isStopped: true }));

    expect(chartStatus()).toBe('stopped');
    expect(screen.getByTestId(testIds.chartRun.stopped).textContent).toBe('Updating chart was stopped');
    expect(events.map((event) => event.type)).toContain('updateStopped');
    expect(events.map((event) => event.type)).not.toContain('updateFailed');
  });

  it("fails on a failed query, with the error and 'timeout' as details when it ran out of time", () => {
    const timeout = new ApiError('Request timed out', { status: null, errorType: 'FRONTEND_TIMEOUT_ERROR' });
    renderWithTheme(panel({ chartData: failed(timeout) }));

    expect(chartStatus()).toBe('failed');
    expect(events.find((event) => event.type === 'updateFailed')).toEqual({
      type: 'updateFailed',
      chartId: 7,
      source: 'dashboard',
      error: timeout,
      errorDetails: 'timeout',
    });
  });

  it("fails on a result carrying the server's error", () => {
    renderWithTheme(panel({ chartData: answered(3, 'Column "nope" does not exist') }));

    expect(chartStatus()).toBe('failed');
    expect(events.filter((event) => event.type === 'updateFailed')).toMatchObject([{ errorDetails: 'Column "nope" does not exist' }]);
  });

  it('fails when drawing throws, caught by the render boundary', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithTheme(panel({ chartData: answered(3), formData: { ...tableFormData, viz_type: 'broken_test' } }));

    expect(chartStatus()).toBe('failed');
    expect(screen.getByTestId(testIds.errorMessage.title).textContent).toBe('Unexpected error');
    const types = events.map((event) => event.type);
    expect(types).toContain('renderingFailed');
    expect(types).not.toContain('renderingSucceeded');
  });

  it('reports a redraw for a render-only change, and a new query for a new run', () => {
    const results = answered(3);
    const { rerender } = renderWithTheme(panel({ chartData: results }));
    events = [];

    rerender(panel({ chartData: results, formData: { ...tableFormData, color_scheme: 'bnbColors' } as FormData }));
    expect(events.map((event) => event.type)).toEqual(['renderTriggered']);
    expect(chartStatus()).toBe('rendered');

    rerender(panel({ chartData: fetching, runKey: 2 }));
    expect(events.map((event) => event.type)).toEqual(['renderTriggered', 'queryTriggered', 'updateStarted']);
    expect(chartStatus()).toBe('loading');
  });

  it('reports a new chart id, and the removal of the chart', () => {
    const { rerender, unmount } = renderWithTheme(panel({ chartData: answered(3), chartId: 0, errorSource: 'explore' }));
    rerender(panel({ chartData: answered(3), chartId: 12, errorSource: 'explore' }));
    unmount();

    expect(events.filter((event) => ['chartIdUpdated', 'chartRemoved'].includes(event.type))).toEqual([
      { type: 'chartIdUpdated', previousChartId: 0, chartId: 12, source: 'explore' },
      { type: 'chartRemoved', chartId: 12, source: 'explore' },
    ]);
  });

  it('has no status before the first run', () => {
    renderWithTheme(panel({ chartData: answered(0), hasRun: false }));
    expect(chartStatus()).toBeNull();
  });
});
