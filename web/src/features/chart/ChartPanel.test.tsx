import type { UseQueryResult } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tableFromArrays } from 'apache-arrow';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartDataArrowResult } from '@/api/chartData';
import { ApiError, timeoutError } from '@/api/errors';
import type { ChartDataResultMeta } from '@/api/generated/ChartDataResultMeta';
import type { FormData } from '@/api/generated/FormData';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { FormDataInvalidError } from './api';
import { ChartPanel, idleMessage } from './ChartPanel';

const notRun = {
  data: undefined,
  error: null,
  isError: false,
  isFetching: false,
  isPending: true,
  isSuccess: false,
} as unknown as UseQueryResult<ChartDataArrowResult[]>;

describe('ChartPanel chartRef', () => {
  it("is the chart's element, without the toolbar (what Explore's Download as image draws)", () => {
    const chartRef = createRef<HTMLDivElement>();
    renderWithTheme(<ChartPanel chartData={notRun} hasRun={false} chartRef={chartRef} />);

    const chart = chartRef.current;
    expect(chart).not.toBeNull();
    expect(screen.getByTestId(testIds.chart.panel).contains(chart)).toBe(true);
    expect(chart?.textContent).toBe(idleMessage);
    expect(chart?.contains(screen.getByTestId(testIds.chart.viewQueryButton))).toBe(false);
  });
});

const years: [number, number, number] = [Date.UTC(2000, 0, 1), Date.UTC(2001, 0, 1), Date.UTC(2002, 0, 1)];

function answered(annotationData: ChartDataResultMeta['annotation_data']): UseQueryResult<ChartDataArrowResult[]> {
  const meta = {
    colnames: ['ds', 'SUM(num)'],
    coltypes: [2, 0],
    rowcount: 3,
    error: null,
    query: 'SELECT 1',
    annotation_data: annotationData,
  } as unknown as ChartDataResultMeta;
  const table = tableFromArrays({ ds: Float64Array.from(years), 'SUM(num)': Float64Array.from([10, 20, 30]) });
  return { data: [{ meta, table }], error: null, isError: false, isFetching: false, isPending: false, isSuccess: true } as unknown as UseQueryResult<
    ChartDataArrowResult[]
  >;
}

describe('ChartPanel annotation layers', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("draws the native layers of the chart's answer and warns about a failed layer without failing the chart", () => {
    const formData = {
      datasource: '1__table',
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      annotation_layers: [
        { name: 'Broken', annotationType: 'FORMULA', sourceType: '', value: '2 *', show: true },
        { name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 4, show: true },
      ],
    } as unknown as FormData;
    const releases = { columns: [], records: [{ start_dttm: years[1], end_dttm: years[1], short_descr: 'v1', long_descr: null, json_metadata: null }] };
    // happy-dom lays nothing out: the chart's body measures 600 × 400.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    renderWithTheme(<ChartPanel chartData={answered({ Releases: releases })} hasRun formData={formData} />);

    expect(screen.getByTestId(testIds.chart.annotationWarning).textContent).toBe('⚠ Broken: Unexpected the end of the formula');
    expect(screen.queryByTestId(testIds.chart.error)).toBeNull();
    expect(screen.getAllByTestId(testIds.viz.mark).filter((mark) => mark.getAttribute('data-kind') === 'line')).toHaveLength(1);
    const events = screen.getAllByTestId(testIds.viz.annotation).filter((mark) => mark.getAttribute('data-kind') === 'event');
    expect(events.map((event) => event.getAttribute('data-title'))).toEqual(['v1']);
  });
});

function failed(error: unknown): UseQueryResult<ChartDataArrowResult[]> {
  return { data: undefined, error, isError: true, isFetching: false, isPending: false, isSuccess: false } as unknown as UseQueryResult<
    ChartDataArrowResult[]
  >;
}

describe('ChartPanel errors', () => {
  it("shows the engine's error with the issue code and the chart owners to contact", async () => {
    const error = new ApiError('DuckDB Error: Binder Error: Referenced column "nope" not found in FROM clause!', {
      status: 400,
      errorType: 'GENERIC_DB_ENGINE_ERROR',
      errors: [
        {
          message: 'DuckDB Error: Binder Error: Referenced column "nope" not found in FROM clause!',
          error_type: 'GENERIC_DB_ENGINE_ERROR',
          level: 'error',
          extra: { engine_name: 'DuckDB', issue_codes: [{ code: 1002, message: 'Issue 1002 - The database returned an unexpected error.' }] },
        },
      ],
    });
    const owners = [{ id: 1, first_name: 'Ada', last_name: 'Admin' }];
    renderWithTheme(<ChartPanel chartData={failed(error)} hasRun errorSource="dashboard" owners={owners} />);

    const chartError = screen.getByTestId(testIds.chart.error);
    expect(within(chartError).getByTestId(testIds.errorMessage.title).textContent).toBe('DuckDB Error');
    await userEvent.click(within(chartError).getByTestId(testIds.errorMessage.detailsToggle));
    expect(within(chartError).getByTestId(testIds.errorMessage.details).textContent).toBe(
      'This may be triggered by:Issue 1002 - The database returned an unexpected error.' +
        'Please reach out to the Chart Owner for assistance.Chart Owner: Ada Admin',
    );
  });

  it("shows a chart on a datasource the user cannot read as 'Unexpected error' with the server's 'Request Access' link", async () => {
    const message = 'This endpoint requires the datasource birth_names, database or `all_datasource_access` permission';
    const link = 'mailto:ada@example.org?subject=Request%20access%20to%20birth_names';
    const error = new ApiError(message, {
      status: 403,
      errorType: 'DATASOURCE_SECURITY_ACCESS_ERROR',
      errors: [{ message, error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR', level: 'warning', extra: { link, datasource: 'birth_names' } }],
    });
    renderWithTheme(<ChartPanel chartData={failed(error)} hasRun errorSource="dashboard" />);

    const chartError = screen.getByTestId(testIds.chart.error);
    expect(within(chartError).getByTestId(testIds.errorMessage.title).textContent).toBe('Unexpected error');
    expect(within(chartError).getByTestId(testIds.errorMessage.message).textContent).toBe(message);
    await userEvent.click(within(chartError).getByTestId(testIds.errorMessage.detailsToggle));
    expect(within(chartError).getByRole('link', { name: 'Request Access' }).getAttribute('href')).toBe(link);
  });

  it("shows a chart query that ran out of time as 'Timeout error' with the hints of issues 1000 and 1001", async () => {
    renderWithTheme(<ChartPanel chartData={failed(timeoutError(60_000))} hasRun errorSource="explore" />);

    const chartError = screen.getByTestId(testIds.chart.error);
    expect(within(chartError).getByTestId(testIds.errorMessage.alert).getAttribute('data-error-display')).toBe('timeout');
    expect(within(chartError).getByTestId(testIds.errorMessage.title).textContent).toBe('Timeout error');
    expect(within(chartError).getByTestId(testIds.errorMessage.message).textContent).toBe(
      'We’re having trouble loading this visualization. Queries are set to timeout after 60 seconds.',
    );
    await userEvent.click(within(chartError).getByTestId(testIds.errorMessage.detailsToggle));
    expect(within(chartError).getByTestId(testIds.errorMessage.details).textContent).toBe(
      'This may be triggered by:Issue 1000 - The dataset is too large to query.Issue 1001 - The database is under an unusual load.',
    );
  });

  it('lists the controls the core refused', () => {
    const error = new FormDataInvalidError([
      { control: 'metrics', message: 'cannot be empty' },
      { control: 'row_limit', message: 'is expected to be an integer' },
    ]);
    renderWithTheme(<ChartPanel chartData={failed(error)} hasRun />);

    const chartError = screen.getByTestId(testIds.chart.error);
    expect(within(chartError).getByTestId(testIds.errorMessage.title).textContent).toBe('Invalid input');
    expect(within(chartError).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'metrics: cannot be empty',
      'row_limit: is expected to be an integer',
    ]);
  });
});
