import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { AnnotationListPage } from './AnnotationListPage';
import { annotation, annotationLayer, annotationLayerTestServer } from './annotationLayerTestServer';
import { endBeforeStartMessage, invalidJsonMessage } from './AnnotationModal';

const releases = annotationLayer(3, 'Releases');
const annotations = [
  annotation(11, releases, 'v1.0', '2024-01-31T00:00:00', '2024-01-31T00:00:00'),
  annotation(12, releases, 'Freeze', '2024-02-01T08:30:00', '2024-02-14T17:45:30'),
];

function renderAnnotationList(path = '/annotationlayer/3/annotation/'): void {
  const router = createMemoryRouter([{ path: '/annotationlayer/:layerId/annotation', element: <AnnotationListPage /> }], { initialEntries: [path] });
  renderWithTheme(<RouterProvider router={router} />);
}

function modalInput(modal: HTMLElement, testId: string): HTMLInputElement {
  return within(modal).getByTestId(testId);
}

describe('AnnotationListPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("lists the layer's annotations with their times, under the layer's name", async () => {
    const server = annotationLayerTestServer([releases], annotations);
    vi.stubGlobal('fetch', server.fetch);
    renderAnnotationList();

    expect((await screen.findAllByTestId(testIds.annotationLayers.annotationRowName)).map((cell) => cell.textContent)).toEqual(['v1.0', 'Freeze']);
    expect(await screen.findByText('Annotation Layer Releases')).toBeTruthy();
    expect(screen.getByText('2024-02-01 08:30')).toBeTruthy();
    expect(screen.getByText('2024-02-14 17:45:30')).toBeTruthy();
    expect(screen.getAllByText('2024-01-31 00:00')).toHaveLength(2);
    expect(server.sent.map((request) => decodeURIComponent(request.path))).toContain(
      '/api/v1/annotation_layer/3/annotation/?q=(order_column:short_descr,order_direction:desc,page:0,page_size:25)',
    );
  });

  it('adds an instant event: the end follows the start, and the times go out as ISO date-times', async () => {
    const server = annotationLayerTestServer([releases], []);
    vi.stubGlobal('fetch', server.fetch);
    renderAnnotationList();

    fireEvent.click(await screen.findByTestId(testIds.annotationLayers.addAnnotation));
    const modal = screen.getByTestId(testIds.annotationLayers.annotationModal);
    fireEvent.change(modalInput(modal, testIds.annotationLayers.annotationName), { target: { value: 'v2.0' } });
    fireEvent.change(modalInput(modal, testIds.annotationLayers.annotationStart), { target: { value: '2024-03-01T12:00' } });
    expect(modalInput(modal, testIds.annotationLayers.annotationEnd).value).toBe('2024-03-01T12:00');
    fireEvent.change(modalInput(modal, testIds.annotationLayers.annotationDescription), { target: { value: 'Second release' } });
    fireEvent.change(modalInput(modal, testIds.annotationLayers.annotationJson), { target: { value: '{"team": "web"}' } });
    fireEvent.click(within(modal).getByTestId(testIds.annotationLayers.annotationModalSave));

    await waitFor(() => expect(screen.queryByTestId(testIds.annotationLayers.annotationModal)).toBeNull());
    expect(server.sent.filter((request) => request.method === 'POST' && request.path.endsWith('/annotation/')).map((request) => [request.path, request.body])).toEqual([
      [
        '/api/v1/annotation_layer/3/annotation/',
        { short_descr: 'v2.0', long_descr: 'Second release', start_dttm: '2024-03-01T12:00:00', end_dttm: '2024-03-01T12:00:00', json_metadata: '{"team": "web"}' },
      ],
    ]);
  });

  it('refuses an end before the start and JSON metadata that does not parse', async () => {
    vi.stubGlobal('fetch', annotationLayerTestServer([releases], []).fetch);
    renderAnnotationList();

    fireEvent.click(await screen.findByTestId(testIds.annotationLayers.addAnnotation));
    const modal = screen.getByTestId(testIds.annotationLayers.annotationModal);
    const save = within(modal).getByTestId(testIds.annotationLayers.annotationModalSave);
    fireEvent.change(modalInput(modal, testIds.annotationLayers.annotationName), { target: { value: 'Freeze' } });
    fireEvent.change(modalInput(modal, testIds.annotationLayers.annotationStart), { target: { value: '2024-03-10T00:00' } });
    fireEvent.change(modalInput(modal, testIds.annotationLayers.annotationEnd), { target: { value: '2024-03-01T00:00' } });
    expect(within(modal).getByText(endBeforeStartMessage)).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(modalInput(modal, testIds.annotationLayers.annotationEnd), { target: { value: '2024-03-20T00:00' } });
    fireEvent.change(modalInput(modal, testIds.annotationLayers.annotationJson), { target: { value: '{oops' } });
    expect(within(modal).getByText(invalidJsonMessage)).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(modalInput(modal, testIds.annotationLayers.annotationJson), { target: { value: '' } });
    expect(save.hasAttribute('disabled')).toBe(false);
  });

  it('edits an annotation with PUT, deletes one and bulk deletes', async () => {
    const server = annotationLayerTestServer([releases], annotations);
    vi.stubGlobal('fetch', server.fetch);
    renderAnnotationList();

    fireEvent.click((await screen.findAllByTestId(testIds.annotationLayers.editRow))[1] as HTMLElement);
    const modal = screen.getByTestId(testIds.annotationLayers.annotationModal);
    expect(modalInput(modal, testIds.annotationLayers.annotationEnd).value).toBe('2024-02-14T17:45:30');
    fireEvent.change(modalInput(modal, testIds.annotationLayers.annotationName), { target: { value: 'Code freeze' } });
    fireEvent.click(within(modal).getByTestId(testIds.annotationLayers.annotationModalSave));
    await waitFor(() => expect(server.sent.some((request) => request.method === 'PUT')).toBe(true));
    expect(server.sent.find((request) => request.method === 'PUT')).toEqual({
      path: '/api/v1/annotation_layer/3/annotation/12',
      method: 'PUT',
      body: { short_descr: 'Code freeze', long_descr: 'Freeze details', start_dttm: '2024-02-01T08:30:00', end_dttm: '2024-02-14T17:45:30', json_metadata: '' },
    });

    fireEvent.click(screen.getAllByTestId(testIds.annotationLayers.deleteRow)[0] as HTMLElement);
    fireEvent.change(screen.getByTestId(testIds.listView.deleteInput), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByTestId(testIds.listView.deleteConfirm));
    expect(await screen.findByText('Deleted: v1.0')).toBeTruthy();

    fireEvent.click(screen.getByTestId(testIds.listView.bulkSelectToggle));
    for (const checkbox of screen.getAllByTestId(testIds.listView.rowCheckbox)) fireEvent.click(checkbox);
    fireEvent.click(screen.getByTestId(testIds.listView.bulkDelete));
    fireEvent.change(screen.getByTestId(testIds.listView.deleteInput), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByTestId(testIds.listView.deleteConfirm));
    expect(await screen.findByText('Deleted 2 annotations')).toBeTruthy();
    expect(server.sent.filter((request) => request.method === 'DELETE').map((request) => decodeURIComponent(request.path))).toEqual([
      '/api/v1/annotation_layer/3/annotation/11',
      '/api/v1/annotation_layer/3/annotation/?q=!(11,12)',
    ]);
  });

  it('shows "Not found" for a layer that does not exist', async () => {
    vi.stubGlobal('fetch', annotationLayerTestServer([releases], []).fetch);
    renderAnnotationList('/annotationlayer/8/annotation/');
    expect(await screen.findByText(/Not found/)).toBeTruthy();
  });
});
