import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Float64, Table, Utf8, vectorFromArray } from 'apache-arrow';
import { toBlob } from 'html-to-image';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartDataArrowResult } from '@/api/chartData';
import { chartResultMeta } from '@/api/chartDataTestResults';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { FormData } from '@/api/generated/FormData';
import type { UserRoles } from '@/api/generated/UserRoles';
import { dashboardExploreContextKey, readDashboardExploreContext } from '@/features/explore/dashboardExploreContext';
import { imageDownloadFailedMessage } from '@/features/explore/download/downloadAsImage';
import { testIds } from '@/testIds';
import { giveElementsHeight } from '@/testLayout';
import { renderWithTheme } from '@/testRendering';
import { buildTheme } from '@/theme/tokens';
import { chartEmailHref } from '@/features/explore/share/shareChartByEmail';
import {
  dashboardContextOverrides,
  enterFullscreenLabel,
  exitFullscreenLabel,
  exploreChartPath,
  toggleDescriptionLabel,
} from './ChartActionsMenu';
import { DashboardChartHolder } from './DashboardChartHolder';
import { DashboardGridContext, type DashboardGridState } from './dashboardGridContext';

vi.mock('html-to-image', () => ({ toBlob: vi.fn() }));
const toBlobMock = vi.mocked(toBlob);

/** The roles `GET /api/v1/me/roles/` answers; undefined while unknown. */
let myRoles: UserRoles | undefined;
const exportMock = vi.fn<(formData: FormData, options: unknown, kind: string) => Promise<Blob>>();
const queryMock = vi.fn<(formData: FormData, options: unknown) => Promise<string>>();
const chartDataMock = vi.fn<(formData: FormData, options?: unknown) => Promise<ChartDataArrowResult[]>>();
vi.mock('./api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return {
    ...original,
    useMyRoles: () => ({ data: myRoles }),
    exportDashboardChart: (formData: FormData, options: unknown, kind: string) => exportMock(formData, options, kind),
    fetchDashboardChartQuery: (formData: FormData, options: unknown) => queryMock(formData, options),
    runDashboardChartQuery: (formData: FormData, options: unknown) => chartDataMock(formData, options),
  };
});
const permalinkMock = vi.fn<(formData: unknown) => Promise<{ key: string; url: string }>>();
vi.mock('@/features/explore/exploreStateApi', async (importOriginal) => {
  const original = await importOriginal<object>();
  return { ...original, createExplorePermalink: (formData: unknown) => permalinkMock(formData) };
});

const chart = {
  id: 7,
  slice_name: 'Boys: top names',
  slice_url: '/explore/?slice_id=7',
  form_data: { datasource: '3__table', viz_type: 'table', slice_id: 7 } as unknown as FormData,
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
} satisfies DashboardChart;

const grid: DashboardGridState = {
  dashboardId: 1,
  layout: {},
  chartsById: new Map([[chart.id, chart]]),
  columnWidth: 80,
  activeTabs: {},
  onTabChange: () => undefined,
  scrollRoot: null,
  editor: null,
  // Null keeps the chart's query from running: the test needs the holder and its menu only.
  extraFormDataByChart: null,
  onCrossFilter: null,
  crossFilterValues: new Map(),
  dashboardRefreshNumber: 0,
  autoRefreshNumber: 0,
  autoRefreshDelayMs: () => null,
};

let savedNames: string[];

beforeEach(() => {
  savedNames = [];
  myRoles = productRoles;
  exportMock.mockReset();
  queryMock.mockReset();
  chartDataMock.mockReset();
  permalinkMock.mockReset();
  toBlobMock.mockReset();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:image');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedNames.push(this.download);
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderChart(gridState: DashboardGridState = grid): void {
  renderWithTheme(
    <MemoryRouter>
      <DashboardGridContext.Provider value={gridState}>
        <DashboardChartHolder chartId={chart.id} widthPx={400} heightPx={300} componentId="CHART-boys" />
      </DashboardGridContext.Provider>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuButton));
}

function menuItemTexts(): (string | null)[] {
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

/** Gamma's product permissions: explore and share charts (no CSV). */
const productPairs: [string, string][] = [
  ['can_read', 'Chart'],
  ['can_explore', 'Superset'],
  ['can_share_chart', 'Superset'],
];
const productRoles: UserRoles = { roles: { Gamma: productPairs }, permissions: {} };
const csvRoles: UserRoles = { roles: { Gamma: [...productPairs, ['can_csv', 'Superset']] }, permissions: {} };

/** A native filter on gender applied to the chart: its `extra_form_data`. */
const genderFilter: ExtraFormData = { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] };

/** The grid with the gender filter applied to the chart, so the chart's query runs. */
const filteredGrid: DashboardGridState = { ...grid, extraFormDataByChart: new Map([[chart.id, genderFilter]]) };

function namesResult(): ChartDataArrowResult {
  const table = new Table({
    name: vectorFromArray(['Michael', 'David'], new Utf8()),
    'SUM(num)': vectorFromArray([1500, 1200], new Float64()),
  });
  return { meta: chartResultMeta(['name', 'SUM(num)'], [1, 0], 2, 'SELECT name, SUM(num) FROM birth_names GROUP BY name'), table };
}

describe('dashboard chart menu: items', () => {
  it("lists Superset's actions, Share and Download for a can_csv user", () => {
    myRoles = csvRoles;
    renderChart();
    const menu = screen.getByTestId(testIds.dashboard.chartMenu);
    expect(menuItemTexts()).toEqual([
      'Force refresh',
      'Enter fullscreen',
      'Explore chart',
      'View query',
      'View as table',
      'Drill to detail',
      'Copy permalink to clipboard',
      'Export to .CSV',
      'Export to .JSON',
      'Export to Excel',
      'Export to full .CSV',
      'Export to full Excel',
      'Download as image',
    ]);
    expect(menu.textContent).toContain('ShareCopy permalink to clipboardDownloadExport to .CSV');
  });

  it("offers 'Cross-filtering scoping' to editors with cross-filters on, after Explore chart", () => {
    const onCrossFilterScoping = vi.fn();
    renderChart({ ...grid, onCrossFilterScoping });
    expect(menuItemTexts().slice(0, 4)).toEqual(['Force refresh', 'Enter fullscreen', 'Explore chart', 'Cross-filtering scoping']);
    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuCrossFilterScoping));
    expect(onCrossFilterScoping).toHaveBeenCalledWith(chart.id);
  });

  it('shows no controls when the embedded UI config hides them', () => {
    renderWithTheme(
      <MemoryRouter>
        <DashboardGridContext.Provider value={{ ...grid, hideChartControls: true }}>
          <DashboardChartHolder chartId={chart.id} widthPx={400} heightPx={300} />
        </DashboardGridContext.Provider>
      </MemoryRouter>,
    );
    expect(screen.getByTestId(testIds.dashboard.chartTitle).textContent).toBe(chart.slice_name);
    expect(screen.queryByTestId(testIds.dashboard.chartMenuButton)).toBeNull();
  });

  it('offers no file export without can_csv, only the image', () => {
    myRoles = productRoles;
    renderChart();
    expect(menuItemTexts().slice(6)).toEqual(['Copy permalink to clipboard', 'Download as image']);
  });

  it("leaves out 'Explore chart' without can_explore and Share without can_share_chart, as Superset does", () => {
    myRoles = { roles: { Public: [['can_read', 'Chart']] }, permissions: {} };
    renderChart();
    expect(menuItemTexts()).toEqual(['Force refresh', 'Enter fullscreen', 'View query', 'View as table', 'Drill to detail', 'Download as image']);
    expect(screen.getByTestId(testIds.dashboard.chartMenu).textContent).not.toContain('Share');
  });

  it('offers the pivoted CSV for pivot tables', () => {
    myRoles = csvRoles;
    const pivot = { ...chart, viz_type: 'pivot_table_v2', form_data: { ...chart.form_data, viz_type: 'pivot_table_v2' } };
    renderChart({ ...grid, chartsById: new Map([[pivot.id, pivot]]) });
    expect(menuItemTexts().slice(7)).toEqual(['Export to .CSV', 'Export to pivoted .CSV', 'Export to .JSON', 'Export to Excel', 'Download as image']);
  });
});

describe('dashboard chart menu: fullscreen', () => {
  it('fills the window with the chart and back, from the menu or with Escape', () => {
    renderChart();
    const holder = screen.getByTestId(testIds.dashboard.chart);
    expect(holder.dataset.fullSize).toBe('false');
    expect(holder.style.width).toBe('400px');

    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuFullscreen));
    expect(holder.dataset.fullSize).toBe('true');
    expect(holder.style.width).toBe('');
    expect(getComputedStyle(holder).position).toBe('fixed');
    expect(screen.queryByTestId(testIds.dashboard.chartMenu)).toBeNull();

    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuButton));
    expect(screen.getByTestId(testIds.dashboard.chartMenuFullscreen).textContent).toBe(exitFullscreenLabel);
    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuFullscreen));
    expect(holder.dataset.fullSize).toBe('false');
    expect(holder.style.height).toBe('300px');

    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuButton));
    expect(screen.getByTestId(testIds.dashboard.chartMenuFullscreen).textContent).toBe(enterFullscreenLabel);
    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuFullscreen));
    expect(holder.dataset.fullSize).toBe('true');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(holder.dataset.fullSize).toBe('false');
  });
});

describe('dashboard chart menu: Toggle chart description', () => {
  const described = { ...chart, description: 'Top **boy** names since 1965.', description_markeddown: '<p>Top **boy** names since 1965.</p>' };

  it('is offered after fullscreen only when the chart has a description', () => {
    renderChart({ ...grid, chartsById: new Map([[described.id, described]]) });
    expect(menuItemTexts().slice(0, 4)).toEqual(['Force refresh', 'Enter fullscreen', toggleDescriptionLabel, 'Explore chart']);
  });

  it('is not offered for a blank description', () => {
    renderChart({ ...grid, chartsById: new Map([[chart.id, { ...chart, description: '  ' }]]) });
    expect(screen.queryByTestId(testIds.dashboard.chartMenuToggleDescription)).toBeNull();
  });

  it('shows the description as Markdown under the header, and hides it again', () => {
    renderChart({ ...grid, chartsById: new Map([[described.id, described]]) });
    expect(screen.queryByTestId(testIds.dashboard.chartDescription)).toBeNull();

    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuToggleDescription));
    const description = screen.getByTestId(testIds.dashboard.chartDescription);
    expect(description.textContent).toBe('Top boy names since 1965.');
    expect(description.querySelector('strong')?.textContent).toBe('boy');
    expect(screen.queryByTestId(testIds.dashboard.chartMenu)).toBeNull();

    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuButton));
    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuToggleDescription));
    expect(screen.queryByTestId(testIds.dashboard.chartDescription)).toBeNull();
  });
});

describe('dashboard chart menu: Download as image', () => {

  it('draws the chart holder with its title, without the menu, named after the chart', async () => {
    toBlobMock.mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    renderChart();

    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuDownloadImage));

    await waitFor(() => expect(savedNames).toHaveLength(1));
    expect(savedNames[0]).toMatch(/^Boys_ top names-\d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}\.png$/);
    const [element, options] = toBlobMock.mock.calls[0] ?? [];
    const holder = screen.getByTestId(testIds.dashboard.chart);
    expect(element).toBe(holder);
    expect(holder.contains(screen.getByTestId(testIds.dashboard.chartTitle))).toBe(true);
    expect(options?.backgroundColor).toBe(buildTheme('default').colors.surface);
    expect(options?.filter?.(screen.getByTestId(testIds.dashboard.chartTitle))).toBe(true);
    const menuAnchor = screen.getByTestId(testIds.dashboard.chartMenuButton).parentElement;
    expect(menuAnchor).not.toBeNull();
    expect(options?.filter?.(menuAnchor as HTMLElement)).toBe(false);
    expect(screen.queryByTestId(testIds.dashboard.chartMenu)).toBeNull();
  });

  it("shows Superset's warning when drawing fails", async () => {
    toBlobMock.mockRejectedValue(new Error('tainted canvas'));
    renderChart();

    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuDownloadImage));

    expect(await screen.findByText(imageDownloadFailedMessage)).toBeTruthy();
    expect(savedNames).toEqual([]);
  });
});

describe('dashboard chart menu: exports', () => {
  it('exports .JSON and Excel with the dashboard filters, named after the chart', async () => {
    myRoles = csvRoles;
    chartDataMock.mockResolvedValue([namesResult()]);
    exportMock.mockResolvedValue(new Blob(['{}']));
    renderChart(filteredGrid);

    fireEvent.click(screen.getByRole('menuitem', { name: 'Export to .JSON' }));
    await waitFor(() => expect(savedNames).toEqual(['Boys: top names.json']));
    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuButton));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export to Excel' }));
    await waitFor(() => expect(savedNames).toEqual(['Boys: top names.json', 'Boys: top names.xlsx']));

    const filteredFormData = { ...chart.form_data, extra_form_data: genderFilter };
    expect(exportMock.mock.calls).toEqual([
      [filteredFormData, { dashboardId: 1, force: false }, 'json'],
      [filteredFormData, { dashboardId: 1, force: false }, 'xlsx'],
    ]);
  });

  it("says the server's message when an export fails", async () => {
    myRoles = csvRoles;
    exportMock.mockRejectedValue(new Error('Export failed: the database is gone'));
    renderChart();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export to .CSV' }));
    expect(await screen.findByText('Export failed: the database is gone')).toBeTruthy();
    expect(savedNames).toEqual([]);
  });
  it('offers Export to full .CSV and full Excel after Export to .CSV for a table chart and a can_csv user', async () => {
    myRoles = csvRoles;
    exportMock.mockResolvedValue(new Blob(['xlsx']));
    renderChart();
    expect(menuItemTexts().slice(7)).toEqual([
      'Export to .CSV',
      'Export to .JSON',
      'Export to Excel',
      'Export to full .CSV',
      'Export to full Excel',
      'Download as image',
    ]);

    fireEvent.click(screen.getByRole('menuitem', { name: 'Export to full Excel' }));

    await waitFor(() => expect(savedNames).toEqual(['Boys: top names.xlsx']));
    expect(exportMock).toHaveBeenCalledWith(chart.form_data, { dashboardId: 1, force: false }, 'full_xlsx');
  });

  it('leaves them out without can_csv', () => {
    myRoles = productRoles;
    renderChart();
    expect(screen.queryByRole('menuitem', { name: 'Export to full .CSV' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Export to full Excel' })).toBeNull();
  });

  it('leaves them out for charts other than tables', () => {
    myRoles = csvRoles;
    const bar = { ...chart, viz_type: 'echarts_timeseries_bar', form_data: { ...chart.form_data, viz_type: 'echarts_timeseries_bar' } };
    renderChart({ ...grid, chartsById: new Map([[bar.id, bar]]) });
    expect(screen.getByRole('menuitem', { name: 'Export to .CSV' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Export to full .CSV' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Export to full Excel' })).toBeNull();
  });
});

describe('dashboard chart menu: Drill to detail', () => {
  it("opens the chart's drill modal, named after the chart, and closes the menu", () => {
    renderChart();
    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuDrillToDetail));
    expect(screen.getByRole('dialog', { name: 'Drill to detail: Boys: top names' })).toBeTruthy();
    expect(screen.queryByTestId(testIds.dashboard.chartMenu)).toBeNull();
  });
});

describe('dashboard chart menu: View query', () => {
  it("shows the SQL of the chart's queries under the dashboard filters, with Copy", async () => {
    queryMock.mockResolvedValue("SELECT name, SUM(num) FROM birth_names WHERE gender IN ('boy') GROUP BY name");
    chartDataMock.mockResolvedValue([namesResult()]);
    renderChart(filteredGrid);

    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuViewQuery));

    const dialog = await screen.findByRole('dialog', { name: 'View query' });
    expect(within(dialog).getByTestId(testIds.viewQuery.sql).textContent).toBe(
      "SELECT name, SUM(num) FROM birth_names WHERE gender IN ('boy') GROUP BY name",
    );
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(queryMock).toHaveBeenCalledWith({ ...chart.form_data, extra_form_data: genderFilter }, { dashboardId: 1, force: false });
    expect(screen.queryByTestId(testIds.dashboard.chartMenu)).toBeNull();
  });

  it("toasts the server's message when the SQL cannot be built", async () => {
    queryMock.mockRejectedValue(new Error('Column "gone" does not exist'));
    renderChart();
    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuViewQuery));
    expect(await screen.findByText('Column "gone" does not exist')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'View query' })).toBeNull();
  });
});

describe('dashboard chart menu: View as table', () => {
  giveElementsHeight();

  it("shows the chart's own results in Explore's grid, titled Chart Data", async () => {
    // Without IntersectionObserver every chart counts as near the viewport: its query runs.
    vi.stubGlobal('IntersectionObserver', undefined);
    chartDataMock.mockResolvedValue([namesResult()]);
    renderChart(filteredGrid);
    await waitFor(() => expect(chartDataMock).toHaveBeenCalledTimes(1));

    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuViewAsTable));

    const dialog = await screen.findByRole('dialog', { name: 'Chart Data: Boys: top names' });
    await waitFor(() => expect(within(dialog).getAllByTestId(testIds.dataPane.row)).toHaveLength(2));
    const rows = within(dialog)
      .getAllByTestId(testIds.dataPane.row)
      .map((row) => within(row).getAllByTestId(testIds.dataPane.cell).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Michael', '1500'],
      ['David', '1200'],
    ]);
    expect(within(dialog).getByTestId(testIds.dataPane.rowCount).textContent).toBe('2 rows');
    // The rows are the chart's: no second query ran.
    expect(chartDataMock).toHaveBeenCalledTimes(1);
    expect(chartDataMock).toHaveBeenCalledWith({ ...chart.form_data, extra_form_data: genderFilter }, { dashboardId: 1, force: false });

    const footerClose = within(dialog).getAllByRole('button', { name: 'Close' }).at(-1);
    if (footerClose === undefined) throw new Error('no Close button');
    fireEvent.click(footerClose);
    expect(screen.queryByRole('dialog', { name: 'Chart Data: Boys: top names' })).toBeNull();
    vi.unstubAllGlobals();
  });
});

describe('dashboard chart menu: Share', () => {
  it('outside a dashboard page, copies an Explore permalink of the chart with the dashboard filters', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    permalinkMock.mockResolvedValue({ key: 'abc', url: 'http://localhost/explore/p/abc/' });
    renderChart(filteredGrid);

    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuCopyPermalink));

    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('http://localhost/explore/p/abc/');
    expect(permalinkMock).toHaveBeenCalledWith({ ...chart.form_data, extra_form_data: genderFilter });
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("toasts the server's message when the permalink is refused", async () => {
    permalinkMock.mockRejectedValue(new Error('Forbidden'));
    renderChart();
    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuCopyPermalink));
    expect(await screen.findByText('Forbidden')).toBeTruthy();
  });
});

/** The chart's query ran and drew: its rows are on the page. */
async function chartHasRun(times: number): Promise<void> {
  await waitFor(() => expect(chartDataMock).toHaveBeenCalledTimes(times));
  await waitFor(() => expect(screen.getByTestId(testIds.dashboard.chart).querySelector('[data-loaded="true"]')).not.toBeNull());
}

describe('dashboard chart menu: Force refresh', () => {
  giveElementsHeight();
  beforeEach(() => vi.stubGlobal('IntersectionObserver', undefined));
  afterEach(() => vi.unstubAllGlobals());

  it("runs the chart's query again with force=true, under the dashboard filters, and says 'Data refreshed'", async () => {
    chartDataMock.mockResolvedValue([namesResult()]);
    renderChart(filteredGrid);
    await chartHasRun(1);
    expect(chartDataMock).toHaveBeenLastCalledWith({ ...chart.form_data, extra_form_data: genderFilter }, { dashboardId: 1, force: false });

    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuForceRefresh));
    await chartHasRun(2);
    expect(chartDataMock).toHaveBeenLastCalledWith({ ...chart.form_data, extra_form_data: genderFilter }, { dashboardId: 1, force: true });
    expect(await screen.findByText('Data refreshed')).toBeTruthy();
    expect(screen.queryByTestId(testIds.dashboard.chartMenu)).toBeNull();
  });
});

describe('dashboard chart menu: Explore chart', () => {
  afterEach(() => window.localStorage.clear());

  const dashboardPageId = 'page-1';
  const colors = { colorScheme: 'bnbColors', labelColors: { boy: '#000000' } };

  it("opens the chart in Explore with the dashboard page's id", () => {
    renderChart({ ...filteredGrid, dashboardPageId });
    const link = screen.getByTestId(testIds.dashboard.chartMenuExploreChart);
    expect(link.textContent).toBe('Explore chart');
    expect(link.getAttribute('href')).toBe('/explore/?datasource_type=table&datasource_id=3&slice_id=7&dashboard_page_id=page-1');
    expect(exploreChartPath(chart)).toBe('/explore/?datasource_type=table&datasource_id=3&slice_id=7');
  });

  it("stores the dashboard's filters and colours for Explore before it opens", () => {
    renderChart({ ...filteredGrid, dashboardPageId, dashboardColors: colors });
    const link = screen.getByTestId(testIds.dashboard.chartMenuExploreChart);
    // jsdom does not navigate: the click only runs the page's handler.
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(readDashboardExploreContext(dashboardPageId, chart.id)).toEqual({
      extra_form_data: genderFilter,
      color_scheme: 'bnbColors',
      label_colors: { boy: '#000000' },
    });
    expect(Object.keys(JSON.parse(window.localStorage.getItem(dashboardExploreContextKey) ?? '{}') as object)).toEqual([dashboardPageId]);
    // Another page, or another chart, has nothing stored.
    expect(readDashboardExploreContext('page-2', chart.id)).toBeNull();
    expect(readDashboardExploreContext(dashboardPageId, 8)).toBeNull();
  });

  it('lays over the chart only what the dashboard changes', () => {
    expect(dashboardContextOverrides(chart.form_data, { colorScheme: null, labelColors: {} })).toEqual({});
    expect(dashboardContextOverrides({ ...chart.form_data, extra_form_data: genderFilter } as FormData, undefined)).toEqual({ extra_form_data: genderFilter });
  });
});

describe('dashboard chart menu: Set filter mapping', () => {
  it('is offered to editors of a dashboard with native filters, after the scoping items', () => {
    const onFilterMapping = vi.fn();
    renderChart({ ...grid, onFilterMapping, onCrossFilterScoping: vi.fn() });
    expect(menuItemTexts().slice(2, 5)).toEqual(['Explore chart', 'Cross-filtering scoping', 'Set filter mapping']);
    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuFilterMapping));
    expect(onFilterMapping).toHaveBeenCalledWith(chart.id);
    expect(screen.queryByTestId(testIds.dashboard.chartMenu)).toBeNull();
  });

  it('is not offered otherwise', () => {
    renderChart();
    expect(screen.queryByTestId(testIds.dashboard.chartMenuFilterMapping)).toBeNull();
  });
});

describe('dashboard chart menu: Share on a dashboard page', () => {
  const permalink = { key: 'k1', url: 'http://localhost/superset/dashboard/p/k1/' };

  it("copies the dashboard's permalink anchored at the chart", async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const onCreatePermalink = vi.fn<(anchor: string | undefined) => Promise<{ key: string; url: string }>>().mockResolvedValue(permalink);
    renderChart({ ...grid, onCreatePermalink });
    expect(menuItemTexts()).toContain('Share chart by email');

    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuCopyPermalink));

    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
    expect(onCreatePermalink).toHaveBeenCalledWith('CHART-boys');
    expect(writeText).toHaveBeenCalledWith(permalink.url);
    expect(permalinkMock).not.toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("toasts the server's message when the permalink is refused", async () => {
    const onCreatePermalink = vi.fn().mockRejectedValue(new Error('Forbidden'));
    renderChart({ ...grid, onCreatePermalink });
    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuCopyPermalink));
    expect(await screen.findByText('Forbidden')).toBeTruthy();
  });

  it("opens a mail with Superset's subject and the permalink", async () => {
    const opened: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this.href);
    });
    const onCreatePermalink = vi.fn().mockResolvedValue(permalink);
    renderChart({ ...grid, onCreatePermalink });
    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuShareByEmail));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toBe('mailto:?Subject=Superset%20chart%20&Body=Check%20out%20this%20chart%3A%20http%3A%2F%2Flocalhost%2Fsuperset%2Fdashboard%2Fp%2Fk1%2F');
    expect(chartEmailHref(permalink.url)).toBe(opened[0]);
    expect(onCreatePermalink).toHaveBeenCalledWith('CHART-boys');
  });

  it("says Superset's failure text when the mail's permalink cannot be made", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onCreatePermalink = vi.fn().mockRejectedValue(new Error('Forbidden'));
    renderChart({ ...grid, onCreatePermalink });
    fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuShareByEmail));
    expect(await screen.findByText('Sorry, something went wrong. Try again later.')).toBeTruthy();
  });
});
