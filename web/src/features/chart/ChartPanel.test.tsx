import type { UseQueryResult } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { tableFromArrays } from 'apache-arrow';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartDataArrowResult } from '@/api/chartData';
import type { ChartDataResultMeta } from '@/api/generated/ChartDataResultMeta';
import type { FormData } from '@/api/generated/FormData';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
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
