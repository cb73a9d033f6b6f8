import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toBlob } from 'html-to-image';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { FormData } from '@/api/generated/FormData';
import type { UserRoles } from '@/api/generated/UserRoles';
import { imageDownloadFailedMessage } from '@/features/explore/download/downloadAsImage';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { buildTheme } from '@/theme/tokens';
import { DashboardChartHolder } from './DashboardChartHolder';
import { DashboardGridContext, type DashboardGridState } from './dashboardGridContext';

vi.mock('html-to-image', () => ({ toBlob: vi.fn() }));
const toBlobMock = vi.mocked(toBlob);

/** The roles `GET /api/v1/me/roles/` answers; undefined while unknown. */
let myRoles: UserRoles | undefined;
const exportMock = vi.fn<(formData: FormData, options: unknown, kind: string) => Promise<Blob>>();
vi.mock('./api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return {
    ...original,
    useMyRoles: () => ({ data: myRoles }),
    exportDashboardChart: (formData: FormData, options: unknown, kind: string) => exportMock(formData, options, kind),
  };
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
  myRoles = undefined;
  exportMock.mockReset();
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
    <DashboardGridContext.Provider value={gridState}>
      <DashboardChartHolder chartId={chart.id} widthPx={400} heightPx={300} />
    </DashboardGridContext.Provider>,
  );
  fireEvent.click(screen.getByTestId(testIds.dashboard.chartMenuButton));
}

describe('dashboard chart menu: Download as image', () => {
  it('sits under Download after Export to .CSV', () => {
    renderChart();
    const menu = screen.getByTestId(testIds.dashboard.chartMenu);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Force refresh',
      'Explore chart',
      'Drill to detail',
      'Export to .CSV',
      'Download as image',
    ]);
    expect(menu.textContent).toContain('DownloadExport to .CSVDownload as image');
  });

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

describe('dashboard chart menu: full exports', () => {
  const csvRoles: UserRoles = { roles: { Gamma: [['can_read', 'Chart'], ['can_csv', 'Superset']] }, permissions: {} };

  it('offers Export to full .CSV and full Excel after Export to .CSV for a table chart and a can_csv user', async () => {
    myRoles = csvRoles;
    exportMock.mockResolvedValue(new Blob(['xlsx']));
    renderChart();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent).slice(3)).toEqual([
      'Export to .CSV',
      'Export to full .CSV',
      'Export to full Excel',
      'Download as image',
    ]);

    fireEvent.click(screen.getByRole('menuitem', { name: 'Export to full Excel' }));

    await waitFor(() => expect(savedNames).toEqual(['Boys: top names.xlsx']));
    expect(exportMock).toHaveBeenCalledWith(chart.form_data, { dashboardId: 1, force: false }, 'full_xlsx');
  });

  it('leaves them out without can_csv', () => {
    myRoles = { roles: { Gamma: [['can_read', 'Chart']] }, permissions: {} };
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
