import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { JSX } from 'react';
import { renderWithTheme } from '@/testRendering';
import { RedirectKeepingQuery } from './RedirectKeepingQuery';

function Where(): JSX.Element {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${search}${hash}`}</p>;
}

/** The legacy SQL Lab routes as the app's router declares them. */
function renderAt(path: string): void {
  const router = createMemoryRouter(
    [
      { path: '/superset/sqllab', element: <RedirectKeepingQuery to="/sqllab/" /> },
      { path: '/superset/sqllab/history', element: <RedirectKeepingQuery to="/sqllab/history/" /> },
      { path: '/sqllab/history', element: <Where /> },
      { path: '/sqllab/*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  renderWithTheme(<RouterProvider router={router} />);
}

describe("Superset 6's legacy SQL Lab paths", () => {
  it('/superset/sqllab/ opens /sqllab/ with its query string', async () => {
    renderAt('/superset/sqllab/?savedQueryId=7');
    expect((await screen.findByTestId('where')).textContent).toBe('/sqllab/?savedQueryId=7');
  });

  it('/superset/sqllab/history/ opens the Query history list at /sqllab/history/', async () => {
    renderAt('/superset/sqllab/history/');
    expect((await screen.findByTestId('where')).textContent).toBe('/sqllab/history/');
  });
});
