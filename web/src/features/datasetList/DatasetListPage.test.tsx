import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { listPageTestServer } from '@/components/listView/listPageTestServer';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { datasetListItem as dataset } from '@/features/datasets/datasetTestData';
import { DatasetListPage } from './DatasetListPage';

describe('DatasetListPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('tags the picked datasets through "Add Tag" as dataset objects', async () => {
    const server = listPageTestServer('dataset', [dataset(7, 'birth_names'), dataset(9, 'flights'), dataset(11, 'energy')], ['finance']);
    vi.stubGlobal('fetch', server.fetch);
    const router = createMemoryRouter([{ path: '/tablemodelview/list', element: <DatasetListPage /> }], { initialEntries: ['/tablemodelview/list'] });
    renderWithTheme(<RouterProvider router={router} />);

    await screen.findByText('flights');
    fireEvent.click(await screen.findByTestId(testIds.listView.bulkSelectToggle));
    const rowCheckbox = (id: number): HTMLElement =>
      within(document.querySelector<HTMLElement>(`[data-testid="${testIds.listView.row}"][data-row-id="${id}"]`) ?? document.body).getByTestId(
        testIds.listView.rowCheckbox,
      );
    fireEvent.click(rowCheckbox(7));
    fireEvent.click(rowCheckbox(11));
    expect(screen.getByTestId(testIds.listView.selectedCount).textContent).toBe('2 Selected');
    fireEvent.click(screen.getByTestId(testIds.tags.addTag));

    const modal = screen.getByTestId(testIds.tags.bulkModal);
    const tagInput = within(modal).getByRole('combobox', { name: 'Select Tags' });
    fireEvent.focus(tagInput);
    fireEvent.change(tagInput, { target: { value: 'quarterly' } });
    fireEvent.keyDown(tagInput, { key: 'Enter' });
    fireEvent.click(within(modal).getByTestId(testIds.tags.bulkSave));

    expect((await screen.findByText('Tagged 2 datasets')).getAttribute('data-testid')).toBe(testIds.toast.item);
    const posts = server.sent.filter((request) => request.path === '/api/v1/tag/bulk_create');
    expect(posts.map((request) => [request.method, request.body])).toEqual([
      [
        'POST',
        {
          tags: [
            {
              name: 'quarterly',
              objects_to_tag: [
                ['dataset', 7],
                ['dataset', 11],
              ],
            },
          ],
        },
      ],
    ]);
    await waitFor(() => expect(screen.queryByTestId(testIds.tags.bulkModal)).toBeNull());
  });

  it('offers the Tag filter with the tag names and sends dataset_tags', async () => {
    const server = listPageTestServer('dataset', [dataset(7, 'birth_names')], ['finance', 'marketing']);
    vi.stubGlobal('fetch', server.fetch);
    const router = createMemoryRouter([{ path: '/tablemodelview/list', element: <DatasetListPage /> }], { initialEntries: ['/tablemodelview/list'] });
    renderWithTheme(<RouterProvider router={router} />);

    await screen.findByText('birth_names');
    const tagFilter = document.querySelector<HTMLSelectElement>(`[data-testid="${testIds.listView.selectFilter}"][data-filter-id="tag"]`);
    await waitFor(() => expect([...(tagFilter?.options ?? [])].map((option) => option.value)).toEqual(['', 'finance', 'marketing']));
    fireEvent.change(tagFilter ?? document.body, { target: { value: 'finance' } });
    await waitFor(() =>
      expect(server.sent.some((request) => decodeURIComponent(request.path).includes("(col:tags,opr:dataset_tags,value:'finance')"))).toBe(true),
    );
  });

  it('offers no add, import, edit or bulk select to a user without can_write on Dataset (Gamma)', async () => {
    const server = listPageTestServer('dataset', [dataset(7, 'birth_names')], [], ['can_read']);
    vi.stubGlobal('fetch', server.fetch);
    const router = createMemoryRouter([{ path: '/tablemodelview/list', element: <DatasetListPage /> }], { initialEntries: ['/tablemodelview/list'] });
    renderWithTheme(<RouterProvider router={router} />);

    await screen.findByText('birth_names');
    await waitFor(() => expect(server.sent.some((request) => request.path.startsWith('/api/v1/dataset/_info'))).toBe(true));
    expect(screen.queryByTestId(testIds.listActions.addDataset)).toBeNull();
    expect(screen.queryByTestId(testIds.importModal.openButton)).toBeNull();
    expect(screen.queryByTestId(testIds.listActions.editDataset)).toBeNull();
    expect(screen.queryByTestId(testIds.listView.bulkSelectToggle)).toBeNull();
  });

  it('offers add, import and edit with can_write on Dataset', async () => {
    vi.stubGlobal('fetch', listPageTestServer('dataset', [dataset(7, 'birth_names')], []).fetch);
    const router = createMemoryRouter([{ path: '/tablemodelview/list', element: <DatasetListPage /> }], { initialEntries: ['/tablemodelview/list'] });
    renderWithTheme(<RouterProvider router={router} />);

    expect((await screen.findByTestId(testIds.listActions.addDataset)).textContent).toBe('+ Dataset');
    expect(screen.getByTestId(testIds.importModal.openButton)).toBeTruthy();
    expect(screen.getByTestId(testIds.listActions.editDataset).textContent).toBe('Edit');
  });
});
