import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { NewDashboardPage, newDashboardPath, untitledDashboardTitle } from './NewDashboardPage';

function renderNewDashboard(answer: Response): { router: ReturnType<typeof createMemoryRouter>; posts: unknown[] } {
  const posts: unknown[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    if (path.endsWith('/csrf_token/')) return Promise.resolve(Response.json({ result: 'token' }));
    if (init.method === 'POST' && path === '/api/v1/dashboard/') {
      posts.push(typeof init.body === 'string' ? JSON.parse(init.body) : null);
      return Promise.resolve(answer);
    }
    return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
  });
  const router = createMemoryRouter(
    [
      { path: newDashboardPath, element: <NewDashboardPage /> },
      { path: '/superset/dashboard/:id/', element: <p>Dashboard</p> },
    ],
    { initialEntries: [newDashboardPath] },
  );
  renderWithTheme(<RouterProvider router={router} />);
  return { router, posts };
}

describe('NewDashboardPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('creates an untitled dashboard and opens it in edit mode', async () => {
    const { router, posts } = renderNewDashboard(Response.json({ id: 31, result: {} }, { status: 201 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/superset/dashboard/31/'));
    expect(router.state.location.search).toBe('?edit=true');
    expect(posts).toEqual([{ dashboard_title: untitledDashboardTitle }]);
  });

  it('says "An error occurred while creating dashboards: ..." when the create is refused', async () => {
    const { router } = renderNewDashboard(Response.json({ message: 'Forbidden' }, { status: 403 }));
    const alert = await screen.findByTestId(testIds.dashboard.loadError);
    expect(alert.textContent).toBe('An error occurred while creating dashboards: Forbidden');
    expect(router.state.location.pathname).toBe(newDashboardPath);
  });
});
