import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';
import { listPageTestServer } from '@/components/listView/listPageTestServer';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { DatabaseListPage } from './DatabaseListPage';

function database(id: number, name: string): DatabaseListItem {
  return {
    id,
    database_name: name,
    backend: 'postgresql',
    expose_in_sqllab: true,
    allow_run_async: false,
    allow_dml: false,
    allow_multi_catalog: false,
    uuid: `uuid-${id}`,
    allow_file_upload: false,
    allow_ctas: false,
    allow_cvas: false,
    allows_cost_estimate: false,
    extra: '{}',
    disable_data_preview: false,
    changed_on: '2025-01-01T00:00:00',
    changed_on_delta_humanized: 'a day ago',
    created_by: null,
    changed_by: null,
  };
}

const refusal = 'Cannot delete a database that has datasets attached';

/** The list server, where deleting "examples" (id 1) is refused as Superset refuses a database with datasets. */
function databaseServer(): ReturnType<typeof listPageTestServer> {
  const server = listPageTestServer('database', [database(1, 'examples'), database(2, 'warehouse')], []);
  const fetch = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const answer = await server.fetch(path, init);
    if (init.method !== 'DELETE') return answer;
    const decoded = decodeURIComponent(path);
    if (decoded === '/api/v1/database/1' || decoded.includes('q=!(1')) return Response.json({ message: refusal }, { status: 422 });
    if (path.startsWith('/api/v1/database/?q=')) return Response.json({ message: 'Deleted 1 database' });
    return Response.json({ message: 'OK' });
  };
  return { fetch, sent: server.sent };
}

function renderDatabaseList(): void {
  const router = createMemoryRouter([{ path: '/databaseview/list', element: <DatabaseListPage /> }], { initialEntries: ['/databaseview/list'] });
  renderWithTheme(<RouterProvider router={router} />);
}

function typeDeleteAndConfirm(): void {
  const confirm = screen.getByTestId(testIds.listView.deleteConfirm);
  expect((confirm as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(screen.getByTestId(testIds.listView.deleteInput), { target: { value: 'DELETE' } });
  fireEvent.click(confirm);
}

function deletes(server: ReturnType<typeof listPageTestServer>): string[] {
  return server.sent.filter((request) => request.method === 'DELETE').map((request) => decodeURIComponent(request.path));
}

describe('DatabaseListPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('deletes a database from its row after "DELETE" is typed', async () => {
    const server = databaseServer();
    vi.stubGlobal('fetch', server.fetch);
    renderDatabaseList();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete warehouse' }));
    expect(screen.getByText('Are you sure you want to delete warehouse?')).toBeTruthy();
    typeDeleteAndConfirm();

    expect(await screen.findByText('Deleted: warehouse')).toBeTruthy();
    expect(deletes(server)).toEqual(['/api/v1/database/2']);
  });

  it("toasts the server's refusal of a database with datasets", async () => {
    const server = databaseServer();
    vi.stubGlobal('fetch', server.fetch);
    renderDatabaseList();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete examples' }));
    typeDeleteAndConfirm();

    expect(await screen.findByText(`There was an issue deleting examples: ${refusal}`)).toBeTruthy();
  });

  it('bulk deletes the picked databases, and shows a refusal for the whole list', async () => {
    const server = databaseServer();
    vi.stubGlobal('fetch', server.fetch);
    renderDatabaseList();

    await screen.findByText('warehouse');
    fireEvent.click(screen.getByTestId(testIds.listView.bulkSelectToggle));
    fireEvent.click(screen.getAllByTestId(testIds.listView.rowCheckbox)[1] as HTMLElement);
    fireEvent.click(screen.getByTestId(testIds.listView.bulkDelete));
    typeDeleteAndConfirm();
    expect(await screen.findByText('Deleted 1 database')).toBeTruthy();

    for (const checkbox of screen.getAllByTestId(testIds.listView.rowCheckbox)) fireEvent.click(checkbox);
    fireEvent.click(screen.getByTestId(testIds.listView.bulkDelete));
    typeDeleteAndConfirm();
    expect(await screen.findByText(`There was an issue deleting the selected databases: ${refusal}`)).toBeTruthy();
    expect(deletes(server)).toEqual(['/api/v1/database/?q=!(2)', '/api/v1/database/?q=!(1,2)']);
  });

  it('offers no delete without can_write', async () => {
    vi.stubGlobal('fetch', listPageTestServer('database', [database(2, 'warehouse')], [], ['can_read']).fetch);
    renderDatabaseList();

    await screen.findByText('warehouse');
    expect(screen.queryByRole('button', { name: 'Delete warehouse' })).toBeNull();
    expect(screen.queryByTestId(testIds.listView.bulkSelectToggle)).toBeNull();
  });
});
