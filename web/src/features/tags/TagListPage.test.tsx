import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { TagListPage } from './TagListPage';

/** Answers the tag list with `status` and a message, `_info` with `infoStatus`. */
function failingServer(status: number, infoStatus = 200): (path: string) => Promise<Response> {
  return (path) => {
    if (path.startsWith('/api/v1/tag/_info')) {
      return Promise.resolve(infoStatus === 200 ? Response.json({ permissions: ['can_read'] }) : Response.json({ message: 'Broken info' }, { status: infoStatus }));
    }
    if (path.startsWith('/api/v1/tag/?q=')) return Promise.resolve(Response.json({ message: status === 403 ? 'Forbidden' : 'Broken list' }, { status }));
    return Promise.resolve(Response.json({ count: 0, ids: [], result: [] }));
  };
}

function renderTagList(): void {
  const router = createMemoryRouter([{ path: '/superset/tags/', element: <TagListPage /> }], { initialEntries: ['/superset/tags/'] });
  renderWithTheme(<RouterProvider router={router} />);
}

describe('TagListPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("says 'You do not have permission to read tags' when the list is forbidden", async () => {
    vi.stubGlobal('fetch', failingServer(403));
    renderTagList();
    expect(await screen.findByText('You do not have permission to read tags')).toBeTruthy();
  });

  it('says which call failed otherwise: the list, and the info call', async () => {
    vi.stubGlobal('fetch', failingServer(500, 500));
    renderTagList();
    expect(await screen.findByText('An error occurred while fetching tags: Broken list')).toBeTruthy();
    expect(await screen.findByText('An error occurred while fetching tag info: Broken info')).toBeTruthy();
  });
});
