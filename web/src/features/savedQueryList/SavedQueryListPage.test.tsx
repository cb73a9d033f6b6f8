import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { SavedQuery } from '@/api/generated/SavedQuery';
import { listPageTestServer } from '@/components/listView/listPageTestServer';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { SavedQueryListPage } from './SavedQueryListPage';

function savedQuery(id: number, label: string): SavedQuery {
  return {
    id,
    uuid: `uuid-${id}`,
    label,
    description: '',
    sql: 'SELECT 1',
    db_id: 1,
    database: { id: 1, database_name: 'examples' },
    catalog: null,
    schema: 'main',
    template_parameters: null,
    extra_json: '{}',
    sql_tables: [],
    rows: null,
    last_run_delta_humanized: null,
    created_on: '2025-01-01T00:00:00+00:00',
    changed_on: '2025-01-01T00:00:00+00:00',
    changed_on_delta_humanized: 'a day ago',
    created_by: null,
    changed_by: null,
  };
}

function renderSavedQueryList(): void {
  const router = createMemoryRouter([{ path: '/savedqueryview/list', element: <SavedQueryListPage /> }], { initialEntries: ['/savedqueryview/list'] });
  renderWithTheme(<RouterProvider router={router} />);
}

describe('SavedQueryListPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('lists saved queries with a link that opens each in SQL Lab', async () => {
    vi.stubGlobal('fetch', listPageTestServer('saved_query', [savedQuery(4, 'Top names')], []).fetch);
    renderSavedQueryList();

    const link = await screen.findByTestId(testIds.savedQueryList.nameLink);
    expect(link.textContent).toBe('Top names');
    expect(link.getAttribute('href')).toBe('/sqllab/?savedQueryId=4');
    expect(screen.getByText('examples')).toBeTruthy();
  });

  it("shows each row's tags as chips", async () => {
    const tagged = { ...savedQuery(5, 'Revenue'), tags: [{ id: 3, name: 'finance', type: 'custom' }] };
    vi.stubGlobal('fetch', listPageTestServer('saved_query', [tagged, savedQuery(6, 'Untagged')], []).fetch);
    renderSavedQueryList();

    const chips = await screen.findAllByTestId(testIds.tags.chip);
    expect(chips.map((chip) => chip.textContent)).toEqual(['finance']);
    expect(chips[0]?.getAttribute('href')).toBe('/superset/all_entities/?id=3');
  });

  it('tags the picked saved queries through "Add Tag" as query objects', async () => {
    const server = listPageTestServer('saved_query', [savedQuery(4, 'Top names'), savedQuery(5, 'Births by state')], ['finance']);
    vi.stubGlobal('fetch', server.fetch);
    renderSavedQueryList();

    await screen.findByText('Births by state');
    fireEvent.click(await screen.findByTestId(testIds.listView.bulkSelectToggle));
    for (const checkbox of screen.getAllByTestId(testIds.listView.rowCheckbox)) fireEvent.click(checkbox);
    expect(screen.getByTestId(testIds.listView.selectedCount).textContent).toBe('2 Selected');
    fireEvent.click(screen.getByTestId(testIds.tags.addTag));

    const modal = screen.getByTestId(testIds.tags.bulkModal);
    fireEvent.focus(within(modal).getByRole('combobox', { name: 'Select Tags' }));
    fireEvent.click(within(modal).getByRole('option', { name: 'finance' }));
    fireEvent.click(within(modal).getByTestId(testIds.tags.bulkSave));

    // Spec 000 §8: "Tagged %s %ss" with the object type "query".
    expect((await screen.findByText('Tagged 2 querys')).getAttribute('data-testid')).toBe(testIds.toast.item);
    const posts = server.sent.filter((request) => request.path === '/api/v1/tag/bulk_create');
    expect(posts.map((request) => [request.method, request.body])).toEqual([
      [
        'POST',
        {
          tags: [
            {
              name: 'finance',
              objects_to_tag: [
                ['query', 4],
                ['query', 5],
              ],
            },
          ],
        },
      ],
    ]);
    await waitFor(() => expect(screen.queryByTestId(testIds.tags.bulkModal)).toBeNull());
  });
});
