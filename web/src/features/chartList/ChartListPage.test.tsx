import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { ChartListItem } from '@/api/generated/ChartListItem';
import { listPageTestServer } from '@/components/listView/listPageTestServer';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { ChartListPage } from './ChartListPage';

function renderChartList(permissions: readonly string[], rows: readonly ChartListItem[] = []): ReturnType<typeof listPageTestServer> {
  const server = listPageTestServer('chart', rows, [], permissions);
  vi.stubGlobal('fetch', server.fetch);
  const router = createMemoryRouter([{ path: '/chart/list/', element: <ChartListPage /> }], { initialEntries: ['/chart/list/'] });
  renderWithTheme(<RouterProvider router={router} />);
  return server;
}

describe('ChartListPage permissions (spec 001 section 6)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('offers import, bulk select and row exports with can_write and can_export from _info', async () => {
    const server = renderChartList(['can_read', 'can_write', 'can_export']);
    expect(await screen.findByTestId(testIds.importModal.openButton)).toBeTruthy();
    expect(screen.getByTestId(testIds.listView.bulkSelectToggle)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    expect(server.sent.some((request) => request.path === `/api/v1/chart/_info?q=${encodeURIComponent('(keys:!(permissions))')}`)).toBe(true);
  });

  it('offers no writes without can_write, and no export column without can_export', async () => {
    const server = renderChartList(['can_read']);
    await waitFor(() => expect(server.sent.some((request) => request.path.startsWith('/api/v1/chart/_info'))).toBe(true));
    await screen.findByText('No Data');
    expect(screen.queryByTestId(testIds.importModal.openButton)).toBeNull();
    expect(screen.queryByTestId(testIds.listView.bulkSelectToggle)).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});

/** A chart on `dashboardCount` dashboards named "Board 1", "Board 2", ... */
function chartOnDashboards(dashboardCount: number): ChartListItem {
  return {
    id: 5,
    uuid: 'uuid-5',
    slice_name: 'Births',
    viz_type: 'table',
    url: '/explore/?slice_id=5',
    slice_url: '/explore/?slice_id=5',
    description: null,
    cache_timeout: null,
    certified_by: null,
    certification_details: null,
    is_managed_externally: false,
    datasource_id: 1,
    datasource_type: 'table',
    datasource_name_text: 'main.birth_names',
    datasource_url: null,
    params: null,
    changed_on_utc: '2026-01-01T00:00:00+00:00',
    changed_on_delta_humanized: 'a day ago',
    created_on_delta_humanized: 'a day ago',
    changed_by: null,
    changed_by_name: '',
    created_by: null,
    last_saved_at: '2026-01-01T00:00:00+00:00',
    last_saved_by: null,
    owners: [],
    dashboards: Array.from({ length: dashboardCount }, (_, index) => ({ id: index + 1, dashboard_title: `Board ${index + 1}` })),
    tags: [],
    is_favorite: false,
  };
}

describe('ChartListPage dashboard cells (spec 000 section 2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("links up to 20 dashboards under /superset/dashboard/{id}, then '+ %s more'", async () => {
    renderChartList(['can_read'], [chartOnDashboards(22)]);
    const cell = (await screen.findByTestId(testIds.listView.row)).querySelector('[data-column-id="dashboards"]');
    const links = Array.from(cell?.querySelectorAll('a') ?? []);
    expect(links).toHaveLength(20);
    expect(links[0]?.getAttribute('href')).toBe('/superset/dashboard/1/');
    expect(links[19]?.textContent).toBe('Board 20');
    expect(cell?.textContent).toContain('+ 2 more');
  });

  it('shows every dashboard and no "more" text for 20 or fewer', async () => {
    renderChartList(['can_read'], [chartOnDashboards(20)]);
    const cell = (await screen.findByTestId(testIds.listView.row)).querySelector('[data-column-id="dashboards"]');
    expect(cell?.querySelectorAll('a')).toHaveLength(20);
    expect(cell?.textContent).not.toContain('more');
  });
});
