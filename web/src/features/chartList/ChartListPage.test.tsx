import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { listPageTestServer } from '@/components/listView/listPageTestServer';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { ChartListPage } from './ChartListPage';

function renderChartList(permissions: readonly string[]): ReturnType<typeof listPageTestServer> {
  const server = listPageTestServer('chart', [], [], permissions);
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
