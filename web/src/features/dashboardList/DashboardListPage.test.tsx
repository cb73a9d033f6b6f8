import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { listPageTestServer } from '@/components/listView/listPageTestServer';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { DashboardListPage } from './DashboardListPage';

function renderDashboardList(permissions: readonly string[]): ReturnType<typeof listPageTestServer> {
  const server = listPageTestServer('dashboard', [], [], permissions);
  vi.stubGlobal('fetch', server.fetch);
  const router = createMemoryRouter([{ path: '/dashboard/list/', element: <DashboardListPage /> }], { initialEntries: ['/dashboard/list/'] });
  renderWithTheme(<RouterProvider router={router} />);
  return server;
}

describe('DashboardListPage permissions (spec 001 section 6)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("offers '+ Dashboard', import and bulk select with can_write from _info", async () => {
    renderDashboardList(['can_read', 'can_write', 'can_export']);
    expect((await screen.findByTestId(testIds.dashboardList.newButton)).textContent).toBe('+ Dashboard');
    expect(screen.getByTestId(testIds.importModal.openButton)).toBeTruthy();
    expect(screen.getByTestId(testIds.listView.bulkSelectToggle)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
  });

  it("offers no '+ Dashboard', import or bulk select without can_write", async () => {
    const server = renderDashboardList(['can_read', 'can_export']);
    await waitFor(() => expect(server.sent.some((request) => request.path.startsWith('/api/v1/dashboard/_info'))).toBe(true));
    await screen.findByText('No Data');
    expect(screen.queryByTestId(testIds.dashboardList.newButton)).toBeNull();
    expect(screen.queryByTestId(testIds.importModal.openButton)).toBeNull();
    expect(screen.queryByTestId(testIds.listView.bulkSelectToggle)).toBeNull();
    // can_export alone still exports a row.
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
  });
});
