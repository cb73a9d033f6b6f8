import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { WelcomePage } from './WelcomePage';

/** Answers the signed-in user and empty lists, except that an unfiltered (Other) list fails with a 500. */
function stubServer(): void {
  vi.stubGlobal('fetch', (path: string) => {
    if (path === '/api/v1/me/') return Promise.resolve(Response.json({ result: { id: 1, username: 'admin', first_name: 'Ada', last_name: 'Admin' } }));
    const q = decodeURIComponent(path.split('?q=')[1] ?? '');
    if ((path.startsWith('/api/v1/dashboard/?q=') || path.startsWith('/api/v1/chart/?q=')) && q.startsWith('(filters:!(),')) {
      return Promise.resolve(Response.json({ message: 'Fatal error' }, { status: 500 }));
    }
    return Promise.resolve(Response.json({ count: 0, ids: [], result: [] }));
  });
}

function section(name: string): HTMLElement {
  return screen.getAllByTestId(testIds.welcome.section).find((element) => element.getAttribute('data-section') === name) as HTMLElement;
}

describe('WelcomePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('toasts "There was an error fetching the filtered charts and dashboards:" when the Other tab fails, and shows it empty', async () => {
    stubServer();
    const router = createMemoryRouter([{ path: '/superset/welcome/', element: <WelcomePage /> }], { initialEntries: ['/superset/welcome/'] });
    renderWithTheme(<RouterProvider router={router} />);
    const dashboards = await vi.waitFor(() => section('Dashboards'));
    expect(await within(dashboards).findByText('No dashboards yet')).toBeTruthy();
    expect(screen.queryByTestId(testIds.toast.item)).toBeNull();

    fireEvent.click(within(dashboards).getByRole('tab', { name: 'Other' }));
    const toast = await screen.findByTestId(testIds.toast.item);
    expect(toast.textContent).toContain('There was an error fetching the filtered charts and dashboards:');
    expect(await within(dashboards).findByText('Other dashboards will appear here')).toBeTruthy();
    expect(within(dashboards).queryByRole('alert')).toBeNull();
  });
});
