import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Float64, Table, Utf8, vectorFromArray } from 'apache-arrow';
import { useMemo, useState, type JSX } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartDataArrowResult } from '@/api/chartData';
import { chartResultMeta } from '@/api/chartDataTestResults';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { FormData } from '@/api/generated/FormData';
import { testIds } from '@/testIds';
import { giveElementsHeight } from '@/testLayout';
import { renderWithTheme } from '@/testRendering';
import { DashboardChartHolder } from './DashboardChartHolder';
import { DashboardGridContext, type DashboardGridState } from './dashboardGridContext';

/** Each chart query the holder runs: its form data, answered when the test says. */
interface AskedQuery {
  formData: FormData;
  answer: (results: ChartDataArrowResult[]) => void;
}
let asked: AskedQuery[] = [];
vi.mock('./api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return {
    ...original,
    useMyRoles: () => ({ data: undefined }),
    runDashboardChartQuery: (formData: FormData) =>
      new Promise<ChartDataArrowResult[]>((resolve) => {
        asked.push({ formData, answer: resolve });
      }),
  };
});

const chart = {
  id: 9,
  slice_name: 'Names, a server page at a time',
  slice_url: '/explore/?slice_id=9',
  form_data: {
    datasource: '3__table',
    viz_type: 'table',
    slice_id: 9,
    query_mode: 'aggregate',
    groupby: ['name'],
    metrics: ['count'],
    server_pagination: true,
    server_page_length: 5,
    include_search: true,
  } as unknown as FormData,
  viz_type: 'table',
  description: null,
  description_markeddown: '',
  owners: [],
  changed_on: '2026-11-25T09:00:00',
  modified: 'now',
  cache_timeout: null,
  certified_by: null,
  certification_details: null,
  is_managed_externally: false,
} satisfies DashboardChart;

/** A server page of names and the row count query's answer (23 rows). */
function pageResults(names: string[]): ChartDataArrowResult[] {
  const page = new Table({
    name: vectorFromArray(names, new Utf8()),
    count: vectorFromArray(names.map((_, index) => 10 - index), new Float64()),
  });
  const rowCount = new Table({ rowcount: vectorFromArray([23], new Float64()) });
  return [
    { meta: chartResultMeta(['name', 'count'], [1, 0], names.length), table: page },
    { meta: chartResultMeta(['rowcount'], [0], 1), table: rowCount },
  ];
}

const baseGrid: DashboardGridState = {
  dashboardId: 1,
  layout: {},
  chartsById: new Map([[chart.id, chart]]),
  columnWidth: 80,
  activeTabs: {},
  onTabChange: () => undefined,
  scrollRoot: null,
  editor: null,
  extraFormDataByChart: new Map(),
  onCrossFilter: null,
  crossFilterValues: new Map(),
  dashboardRefreshNumber: 0,
  autoRefreshNumber: 0,
  autoRefreshDelayMs: () => null,
};

/** The dashboard page's part: it keeps each chart's own state, as `useDashboardFilters` does. */
function DashboardWithOwnStates(): JSX.Element {
  const [ownStates, setOwnStates] = useState<ReadonlyMap<number, Readonly<Record<string, unknown>>>>(new Map());
  const grid = useMemo<DashboardGridState>(
    () => ({
      ...baseGrid,
      ownStateByChart: ownStates,
      onOwnStateChange: (chartId, ownState) => setOwnStates((current) => new Map(current).set(chartId, ownState)),
    }),
    [ownStates],
  );
  return (
    <MemoryRouter>
      <DashboardGridContext.Provider value={grid}>
        <DashboardChartHolder chartId={chart.id} widthPx={600} heightPx={400} />
      </DashboardGridContext.Provider>
    </MemoryRouter>
  );
}

function shownNames(): string[] {
  return screen
    .getAllByTestId(testIds.tableChart.cell)
    .filter((cell) => cell.getAttribute('data-column') === 'name')
    .map((cell) => cell.textContent);
}

describe("a dashboard's server-paginated table", () => {
  giveElementsHeight();
  afterEach(() => {
    asked = [];
    vi.unstubAllGlobals();
  });

  it('queries its page, sort and search again as its own state, keeping the shown page and the focused search box while it loads', async () => {
    // Without IntersectionObserver every chart counts as near the viewport: its query runs.
    vi.stubGlobal('IntersectionObserver', undefined);
    renderWithTheme(<DashboardWithOwnStates />);
    await waitFor(() => expect(asked).toHaveLength(1));
    expect((asked[0]?.formData as { own_state?: unknown }).own_state).toBeUndefined();
    asked[0]?.answer(pageResults(['Ada', 'Bea', 'Cid', 'Dan', 'Eve']));
    await waitFor(() => expect(shownNames()).toEqual(['Ada', 'Bea', 'Cid', 'Dan', 'Eve']));

    // Page 2: asked with the own state; the first page stays drawn (not "Loading…") meanwhile.
    fireEvent.click(screen.getAllByTestId(testIds.tableChart.pageButton)[1] as HTMLElement);
    await waitFor(() => expect(asked).toHaveLength(2));
    expect((asked[1]?.formData as { own_state?: unknown }).own_state).toEqual({ currentPage: 1, pageSize: 5 });
    expect(screen.getByTestId(testIds.chart.refreshing)).toBeTruthy();
    expect(screen.queryByTestId(testIds.chart.loading)).toBeNull();
    expect(shownNames()).toEqual(['Ada', 'Bea', 'Cid', 'Dan', 'Eve']);
    asked[1]?.answer(pageResults(['Fay', 'Gus', 'Hal', 'Ivy', 'Jo']));
    await waitFor(() => expect(shownNames()).toEqual(['Fay', 'Gus', 'Hal', 'Ivy', 'Jo']));
    expect(screen.queryByTestId(testIds.chart.refreshing)).toBeNull();

    // A header click sorts on the server.
    fireEvent.click(screen.getByRole('button', { name: /^count/ }));
    await waitFor(() => expect(asked).toHaveLength(3));
    expect((asked[2]?.formData as { own_state?: unknown }).own_state).toEqual({
      currentPage: 1,
      pageSize: 5,
      sortBy: [{ id: 'count', key: 'count', desc: false }],
    });
    asked[2]?.answer(pageResults(['Jo', 'Ivy', 'Hal', 'Gus', 'Fay']));
    await waitFor(() => expect(shownNames()).toEqual(['Jo', 'Ivy', 'Hal', 'Gus', 'Fay']));

    // A search, typed in the focused box, asks the server from the first page once the typing
    // pauses; the box keeps the focus and the text while the page loads and after.
    const search = screen.getByTestId<HTMLInputElement>(testIds.tableChart.search);
    search.focus();
    fireEvent.change(search, { target: { value: 'Ka' } });
    await waitFor(() => expect(asked).toHaveLength(4), { timeout: 3000 });
    expect((asked[3]?.formData as { own_state?: unknown }).own_state).toEqual({
      currentPage: 0,
      pageSize: 5,
      sortBy: [{ id: 'count', key: 'count', desc: false }],
      searchColumn: 'name',
      searchText: 'Ka',
    });
    expect(document.activeElement).toBe(search);
    expect(search.isConnected).toBe(true);
    asked[3]?.answer(pageResults(['Kai', 'Kat']));
    await waitFor(() => expect(shownNames()).toEqual(['Kai', 'Kat']));
    expect(screen.getByTestId(testIds.tableChart.search)).toBe(search);
    expect(document.activeElement).toBe(search);
    expect(search.value).toBe('Ka');

    // A search matching nothing keeps the box too.
    fireEvent.change(search, { target: { value: 'Kz' } });
    await waitFor(() => expect(asked).toHaveLength(5), { timeout: 3000 });
    asked[4]?.answer([
      { meta: chartResultMeta(['name', 'count'], [1, 0], 0), table: new Table({ name: vectorFromArray([], new Utf8()), count: vectorFromArray([], new Float64()) }) },
      { meta: chartResultMeta(['rowcount'], [0], 1), table: new Table({ rowcount: vectorFromArray([0], new Float64()) }) },
    ]);
    await waitFor(() => expect(screen.queryAllByTestId(testIds.tableChart.row)).toHaveLength(0));
    expect(screen.getByTestId(testIds.tableChart.search)).toBe(search);
    expect(document.activeElement).toBe(search);
  });
});
