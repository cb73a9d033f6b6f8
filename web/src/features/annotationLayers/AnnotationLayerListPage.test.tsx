import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { AnnotationLayerListPage } from './AnnotationLayerListPage';
import { annotationLayer, annotationLayerTestServer } from './annotationLayerTestServer';

function renderLayerList(): ReturnType<typeof createMemoryRouter> {
  const router = createMemoryRouter(
    [
      { path: '/annotationlayer/list', element: <AnnotationLayerListPage /> },
      { path: '/annotationlayer/:layerId/annotation', element: <p>annotations page</p> },
    ],
    { initialEntries: ['/annotationlayer/list/'] },
  );
  renderWithTheme(<RouterProvider router={router} />);
  return router;
}

const layers = [annotationLayer(3, 'Releases'), annotationLayer(4, 'Outages')];

describe('AnnotationLayerListPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('lists the layers sorted by name, each linking to its annotations, and searches by name', async () => {
    const server = annotationLayerTestServer(layers, []);
    vi.stubGlobal('fetch', server.fetch);
    renderLayerList();

    const links = await screen.findAllByTestId(testIds.annotationLayers.nameLink);
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Releases', '/annotationlayer/3/annotation/'],
      ['Outages', '/annotationlayer/4/annotation/'],
    ]);
    expect(screen.getByText('Releases description')).toBeTruthy();
    expect(screen.getAllByText('Ada Admin')).toHaveLength(2);
    const listPaths = server.sent.filter((request) => request.path.startsWith('/api/v1/annotation_layer/?q=')).map((request) => decodeURIComponent(request.path));
    expect(listPaths[0]).toBe('/api/v1/annotation_layer/?q=(filters:!(),order_column:name,order_direction:asc,page:0,page_size:25)');

    const search = screen.getByTestId(testIds.listView.search);
    fireEvent.change(search, { target: { value: 'rel' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() =>
      expect(server.sent.map((request) => decodeURIComponent(request.path))).toContain(
        "/api/v1/annotation_layer/?q=(filters:!((col:name,opr:ct,value:'rel')),order_column:name,order_direction:asc,page:0,page_size:25)",
      ),
    );
  });

  it('adds a layer through "+ Annotation Layer" and opens its annotations', async () => {
    const server = annotationLayerTestServer(layers, []);
    vi.stubGlobal('fetch', server.fetch);
    const router = renderLayerList();

    fireEvent.click(await screen.findByTestId(testIds.annotationLayers.addLayer));
    const modal = screen.getByTestId(testIds.annotationLayers.layerModal);
    const save = within(modal).getByTestId(testIds.annotationLayers.layerModalSave);
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(modal).getByTestId(testIds.annotationLayers.layerName), { target: { value: ' Deploys ' } });
    fireEvent.change(within(modal).getByTestId(testIds.annotationLayers.layerDescription), { target: { value: 'Production deploys' } });
    fireEvent.click(save);

    await waitFor(() => expect(router.state.location.pathname).toBe('/annotationlayer/99/annotation/'));
    expect(server.sent.filter((request) => request.method === 'POST' && request.path === '/api/v1/annotation_layer/').map((request) => request.body)).toEqual([
      { name: 'Deploys', descr: 'Production deploys' },
    ]);
  });

  it('edits a layer with PUT and shows the server message when a save fails', async () => {
    const server = annotationLayerTestServer(layers, []);
    const answer = server.fetch;
    vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) =>
      init.method === 'PUT' ? Promise.resolve(Response.json({ message: { name: ['Name must be unique'] } }, { status: 422 })) : answer(path, init),
    );
    renderLayerList();

    fireEvent.click((await screen.findAllByTestId(testIds.annotationLayers.editRow))[0] as HTMLElement);
    const modal = screen.getByTestId(testIds.annotationLayers.layerModal);
    expect(within(modal).getByTestId<HTMLInputElement>(testIds.annotationLayers.layerName).value).toBe('Releases');
    fireEvent.click(within(modal).getByTestId(testIds.annotationLayers.layerModalSave));
    expect((await within(modal).findByTestId(testIds.annotationLayers.modalError)).textContent).toBe('Name must be unique');
  });

  it('says "An error occurred while creating annotation layers" with the server message when adding fails', async () => {
    const server = annotationLayerTestServer(layers, []);
    const answer = server.fetch;
    vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) =>
      init.method === 'POST' && path === '/api/v1/annotation_layer/'
        ? Promise.resolve(Response.json({ message: { name: ['Name must be unique'] } }, { status: 422 }))
        : answer(path, init),
    );
    renderLayerList();

    fireEvent.click(await screen.findByTestId(testIds.annotationLayers.addLayer));
    const modal = screen.getByTestId(testIds.annotationLayers.layerModal);
    fireEvent.change(within(modal).getByTestId(testIds.annotationLayers.layerName), { target: { value: 'Releases' } });
    fireEvent.click(within(modal).getByTestId(testIds.annotationLayers.layerModalSave));
    expect((await within(modal).findByTestId(testIds.annotationLayers.modalError)).textContent).toBe(
      'An error occurred while creating annotation layers: Name must be unique',
    );
  });

  it('bulk deletes the picked layers and toasts the server message', async () => {
    const server = annotationLayerTestServer(layers, []);
    vi.stubGlobal('fetch', server.fetch);
    renderLayerList();

    await screen.findAllByTestId(testIds.annotationLayers.nameLink);
    fireEvent.click(screen.getByTestId(testIds.listView.bulkSelectToggle));
    for (const checkbox of screen.getAllByTestId(testIds.listView.rowCheckbox)) fireEvent.click(checkbox);
    fireEvent.click(screen.getByTestId(testIds.listView.bulkDelete));
    fireEvent.change(screen.getByTestId(testIds.listView.deleteInput), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByTestId(testIds.listView.deleteConfirm));

    expect(await screen.findByText('Deleted 2 annotation layers')).toBeTruthy();
    expect(server.sent.filter((request) => request.method === 'DELETE').map((request) => decodeURIComponent(request.path))).toEqual(['/api/v1/annotation_layer/?q=!(3,4)']);
  });

  it('deletes one layer from its row after "DELETE" is typed, as the other lists do', async () => {
    const server = annotationLayerTestServer(layers, []);
    vi.stubGlobal('fetch', server.fetch);
    renderLayerList();

    await screen.findAllByTestId(testIds.annotationLayers.nameLink);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Outages' }));
    expect(screen.getByText('Are you sure you want to delete Outages?')).toBeTruthy();
    const confirm = screen.getByTestId(testIds.listView.deleteConfirm);
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId(testIds.listView.deleteInput), { target: { value: 'DELETE' } });
    fireEvent.click(confirm);

    expect(await screen.findByText('Deleted: Outages')).toBeTruthy();
    expect(server.sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['/api/v1/annotation_layer/4']);
  });

  it('offers no writes without can_write', async () => {
    vi.stubGlobal('fetch', annotationLayerTestServer(layers, [], ['can_read']).fetch);
    renderLayerList();

    await screen.findAllByTestId(testIds.annotationLayers.nameLink);
    await waitFor(() => expect(screen.queryByTestId(testIds.annotationLayers.editRow)).toBeNull());
    expect(screen.queryByTestId(testIds.annotationLayers.addLayer)).toBeNull();
    expect(screen.queryByTestId(testIds.listView.bulkSelectToggle)).toBeNull();
  });
});
