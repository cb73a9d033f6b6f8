import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { testIds } from '@/testIds';
import { styledDeclarationsOf } from '@/testLayout';
import { renderWithTheme } from '@/testRendering';
import { swapDatasetWarning } from './api';
import { ChangeDatasetModal, type SwappedDataset } from './ChangeDatasetModal';
import { birthNames, datasetListItem } from './datasetTestData';

/** The list answers 12 datasets, or those whose name contains the searched text. */
function stubServer(): string[] {
  const paths: string[] = [];
  const all = Array.from({ length: 12 }, (_, index) => datasetListItem(index + 1, index === 4 ? 'flights' : `table_${index + 1}`, { owners: [{ id: 1, first_name: 'Ada', last_name: 'Admin' }] }));
  vi.stubGlobal('fetch', (path: string) => {
    paths.push(path);
    if (path === '/api/v1/dataset/5') return Promise.resolve(Response.json({ id: 5, result: birthNames({ id: 5, table_name: 'flights' }) }));
    const q = decodeURIComponent(path.split('?q=')[1] ?? '');
    const search = /value:'([^']*)'/.exec(q)?.[1] ?? '';
    const page = Number(/page:(\d+)/.exec(q)?.[1] ?? '0');
    const found = all.filter((item) => item.table_name.includes(search));
    return Promise.resolve(Response.json({ count: found.length, ids: [], result: found.slice(page * 10, page * 10 + 10) }));
  });
  return paths;
}

function listCalls(paths: string[]): string[] {
  return paths.filter((path) => path.startsWith('/api/v1/dataset/?q=')).map((path) => decodeURIComponent(path.split('?q=')[1] ?? ''));
}

describe('ChangeDatasetModal', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('lists the datasets with Name, Type, Schema, Connection and Owners, 10 a page', async () => {
    stubServer();
    renderWithTheme(<ChangeDatasetModal onChange={vi.fn()} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Swap dataset' });
    expect(within(dialog).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Type', 'Schema', 'Connection', 'Owners']);
    expect(await screen.findByText('1-10 of 12')).toBeTruthy();
    expect(screen.getAllByTestId(testIds.swapDataset.row)).toHaveLength(10);
    expect(within(screen.getAllByTestId(testIds.swapDataset.row)[0] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'table_1',
      'physical',
      'main',
      'examples',
      'AA',
    ]);
    expect(screen.getAllByTestId(testIds.pagination.page).map((page) => page.textContent)).toEqual(['1', '2']);
    fireEvent.click(screen.getByTestId(testIds.swapDataset.nextPage));
    expect(await screen.findByText('11-12 of 12')).toBeTruthy();
  });

  it('shows "No data" when no dataset matches', async () => {
    stubServer();
    renderWithTheme(<ChangeDatasetModal onChange={vi.fn()} onClose={vi.fn()} />);
    await screen.findByText('1-10 of 12');
    fireEvent.change(screen.getByTestId(testIds.swapDataset.search), { target: { value: 'zzz' } });
    expect((await screen.findByTestId(testIds.emptyState.root)).textContent).toBe('No data');
    expect(screen.queryByTestId(testIds.swapDataset.row)).toBeNull();
  });

  it('searches table_name with a contains filter once the typing pauses (500 ms)', async () => {
    const paths = stubServer();
    renderWithTheme(<ChangeDatasetModal onChange={vi.fn()} onClose={vi.fn()} />);
    await screen.findByText('1-10 of 12');
    vi.useFakeTimers();
    fireEvent.change(screen.getByTestId(testIds.swapDataset.search), { target: { value: 'fl' } });
    fireEvent.change(screen.getByTestId(testIds.swapDataset.search), { target: { value: 'flig' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(listCalls(paths).some((q) => q.includes('opr:ct'))).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    // React Query batches its updates on timers too: let them run before the real clock returns.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    vi.useRealTimers();
    // One page: no pagination (a table pages only past its page size).
    await vi.waitFor(() => expect(screen.getAllByTestId(testIds.swapDataset.rowName).map((name) => name.textContent)).toEqual(['flights']));
    expect(screen.queryByTestId(testIds.swapDataset.pageInfo)).toBeNull();
    expect(listCalls(paths).filter((q) => q.includes('opr:ct'))).toEqual([
      "(filters:!((col:table_name,opr:ct,value:'flig')),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:10)",
    ]);
  });

  it('has 540 px high content, and its confirmation is 432 px wide (spec 001 section 9)', async () => {
    stubServer();
    renderWithTheme(<ChangeDatasetModal onChange={vi.fn()} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Swap dataset' });
    expect(styledDeclarationsOf(within(dialog).getByTestId(testIds.modal.body))).toContain('height:540px;');
    expect(styledDeclarationsOf(dialog)).toContain('width:min(600px, 92vw);');
    fireEvent.click((await screen.findAllByTestId(testIds.swapDataset.rowName))[0] as HTMLElement);
    expect(styledDeclarationsOf(screen.getByTestId(testIds.swapDataset.confirm))).toContain('width:min(432px, 92vw);');
  });

  it('asks to confirm with the warning; Cancel goes back to the list', async () => {
    stubServer();
    renderWithTheme(<ChangeDatasetModal onChange={vi.fn()} onClose={vi.fn()} />);
    fireEvent.click((await screen.findAllByTestId(testIds.swapDataset.rowName))[4] as HTMLElement);
    const confirm = screen.getByTestId(testIds.swapDataset.confirm);
    expect(within(confirm).getByRole('alert').textContent).toBe(`Warning! ${swapDatasetWarning}`);
    fireEvent.click(within(confirm).getByTestId(testIds.swapDataset.cancel));
    expect(screen.queryByTestId(testIds.swapDataset.confirm)).toBeNull();
    expect(screen.getByTestId(testIds.swapDataset.dialog)).toBeTruthy();
  });

  it("Proceed loads the dataset as a table, gives its key '{id}__table', closes and says 'Successfully changed dataset!'", async () => {
    const paths = stubServer();
    const onChange = vi.fn();
    const onClose = vi.fn();
    renderWithTheme(<ChangeDatasetModal onChange={onChange} onClose={onClose} />);
    fireEvent.click((await screen.findAllByTestId(testIds.swapDataset.rowName))[4] as HTMLElement);
    fireEvent.click(screen.getByTestId(testIds.swapDataset.proceed));

    expect(await screen.findByText('Successfully changed dataset!')).toBeTruthy();
    expect(paths).toContain('/api/v1/dataset/5');
    const [swapped] = onChange.mock.calls[0] as [SwappedDataset];
    expect([swapped.dataset.id, swapped.dataset.table_name, swapped.dataset.type, swapped.datasourceKey]).toEqual([5, 'flights', 'table', '5__table']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
