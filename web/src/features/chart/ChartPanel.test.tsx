import type { UseQueryResult } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import type { ChartDataArrowResult } from '@/api/chartData';
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
