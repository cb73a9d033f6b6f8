import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { ViewQueryModal } from './ViewQueryModal';

const sql = 'SELECT gender, SUM(num) AS "SUM(num)"\nFROM birth_names\nGROUP BY gender';

/** Renders the modal on Explore, with SQL Lab's route to land on. */
function renderModal(onClose: () => void = () => undefined): ReturnType<typeof createMemoryRouter> {
  const router = createMemoryRouter(
    [
      { path: '/explore/', element: <ViewQueryModal sql={sql} datasource="3__table" onClose={onClose} /> },
      { path: '/sqllab/', element: <p>SQL Lab</p> },
    ],
    { initialEntries: ['/explore/'] },
  );
  renderWithTheme(<RouterProvider router={router} />);
  return router;
}

describe('ViewQueryModal', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
    vi.unstubAllGlobals();
  });

  it('shows the SQL and copies it with a toast', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderModal();

    expect(screen.getByRole('dialog', { name: 'View query' })).toBeTruthy();
    expect(screen.getByTestId(testIds.viewQuery.sql).textContent).toBe(sql);

    fireEvent.click(screen.getByTestId(testIds.viewQuery.copyButton));
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(sql);
  });

  it('"View in SQL Lab" opens SQL Lab with the datasource key and the SQL', async () => {
    const router = renderModal();
    const button = screen.getByTestId(testIds.viewQuery.sqlLabButton);
    expect(button.textContent).toBe('View in SQL Lab');

    fireEvent.click(button);
    expect(await screen.findByText('SQL Lab')).toBeTruthy();
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/sqllab/');
    const params = new URLSearchParams(search);
    expect(params.get('datasourceKey')).toBe('3__table');
    expect(params.get('sql')).toBe(sql);
  });

  it('"View in SQL Lab" with Ctrl opens SQL Lab in a new window', () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const router = renderModal();
    fireEvent.click(screen.getByTestId(testIds.viewQuery.sqlLabButton), { ctrlKey: true });
    expect(open).toHaveBeenCalledOnce();
    const [link, target] = open.mock.calls[0] as [string, string];
    const url = new URL(link, 'http://quiver.test');
    expect([url.pathname, url.searchParams.get('datasourceKey'), url.searchParams.get('sql'), target]).toEqual(['/sqllab/', '3__table', sql, '_blank']);
    expect(router.state.location.pathname).toBe('/explore/');
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    renderModal(onClose);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });
});
