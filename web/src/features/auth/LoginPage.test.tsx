import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { LoginPage } from './LoginPage';

function renderLoginAt(path: string): ReturnType<typeof createMemoryRouter> {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithTheme(<RouterProvider router={router} />);
  return router;
}

function submit(username: string, password: string): void {
  fireEvent.change(screen.getByTestId(testIds.login.username), { target: { value: username } });
  fireEvent.change(screen.getByTestId(testIds.login.password), { target: { value: password } });
  fireEvent.click(screen.getByTestId(testIds.login.submit));
}

describe('LoginPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('shows the server message of a refused login', async () => {
    vi.stubGlobal('fetch', (url: string) =>
      Promise.resolve(
        url === '/login/'
          ? Response.json({ message: 'Invalid login. Please try again.' }, { status: 401 })
          : Response.json({ message: 'Unauthorized' }, { status: 401 }),
      ),
    );
    renderLoginAt('/login/');
    submit('admin', 'wrong');
    expect((await screen.findByTestId(testIds.login.error)).textContent).toBe('Invalid login. Please try again.');
  });

  it('posts the credentials and goes to next', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url !== '/login/') return Promise.resolve(Response.json({ message: 'Unauthorized' }, { status: 401 }));
      posted.push(JSON.parse(init.body as string));
      return Promise.resolve(Response.json({ result: { id: 1, username: 'admin', first_name: '', last_name: '', email: '', is_active: true, is_anonymous: false } }));
    });
    const router = renderLoginAt('/login/?next=%2Fexplore%2F%3Fdatasource_id%3D3');
    submit('admin', 'admin');
    expect(await screen.findByText('landed')).toBeTruthy();
    expect(posted).toEqual([{ username: 'admin', password: 'admin' }]);
    expect(router.state.location.pathname + router.state.location.search).toBe('/explore/?datasource_id=3');
  });
});
