import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { DatasetListItem } from '@/api/generated/DatasetListItem';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { DeleteDatasetModal } from './DeleteDatasetModal';

const orders = { id: 7, table_name: 'orders' } as DatasetListItem;

/** The related objects of dataset 7 and its delete, answered with `deleteStatus`. */
function stubServer(deleteStatus: number): string[] {
  const sent: string[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push(`${method} ${path}`);
    if (path.endsWith('/csrf_token/')) return Promise.resolve(Response.json({ result: 'token' }));
    if (path === '/api/v1/dataset/7/related_objects') {
      return Promise.resolve(
        Response.json({
          charts: { count: 2, result: [{ id: 1, slice_name: 'Orders by day', viz_type: 'line' }, { id: 2, slice_name: 'Top customers', viz_type: 'table' }] },
          dashboards: { count: 1, result: [{ id: 4, title: 'Sales' }] },
        }),
      );
    }
    if (method === 'DELETE') return Promise.resolve(Response.json({ message: 'Forbidden' }, { status: deleteStatus === 200 ? 200 : deleteStatus }));
    return Promise.resolve(Response.json({ count: 0, result: [] }));
  });
  return sent;
}

describe('DeleteDatasetModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("lists the charts that use the dataset, deletes it once DELETE is typed and says 'Deleted: {title}'", async () => {
    const sent = stubServer(200);
    const onClose = vi.fn();
    renderWithTheme(<DeleteDatasetModal dataset={orders} onClose={onClose} />);
    expect((await screen.findByTestId(testIds.datasetList.deleteCharts)).textContent).toBe('Orders by dayTop customers');
    expect(screen.getByText(/^The dataset orders is linked to 2 charts that appear on 1 dashboards\./)).toBeTruthy();
    fireEvent.change(screen.getByTestId(testIds.listView.deleteInput), { target: { value: 'delete' } });
    fireEvent.click(screen.getByTestId(testIds.listView.deleteConfirm));
    expect(await screen.findByText('Deleted: orders')).toBeTruthy();
    expect(sent).toContain('DELETE /api/v1/dataset/7');
    expect(onClose).toHaveBeenCalled();
  });

  it("says 'There was an issue deleting: {title}' when the server refuses", async () => {
    stubServer(403);
    renderWithTheme(<DeleteDatasetModal dataset={orders} onClose={vi.fn()} />);
    await screen.findByTestId(testIds.datasetList.deleteCharts);
    fireEvent.change(screen.getByTestId(testIds.listView.deleteInput), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByTestId(testIds.listView.deleteConfirm));
    await waitFor(() => expect(screen.getByText('There was an issue deleting: orders')).toBeTruthy());
  });
});
