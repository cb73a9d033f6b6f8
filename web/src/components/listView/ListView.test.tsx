import { fireEvent, screen } from '@testing-library/react';
import { useState, type JSX } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { ListView, type ListViewColumn, type ListViewFilter } from './ListView';
import { cardColumnWidth, cardSkeletonCount, thumbnailCardHeight } from './ListViewCards';
import { searchFilterWidth, selectFilterWidth } from './ListViewFilterBar';
import { defaultListPageSize, type ListViewState } from './listViewState';

interface Row {
  id: number;
  name: string;
}

// `src/testSetup.ts` stands in for the core's filter check (core-wasm `list_filter_config`).
const columns: ListViewColumn<Row>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', render: (row) => row.name },
  { id: 'changed_on', header: 'Modified', render: () => '', hidden: true },
];
const defaultFilters: ListViewFilter[] = [
  { id: 'search', columnId: 'name', label: 'Search', kind: 'search' },
  { id: 'modified', columnId: 'changed_on', label: 'Modified', kind: 'dateRange' },
];
const initial: ListViewState = { filters: [], pageIndex: 0, sortColumn: 'changed_on', sortOrder: 'desc', viewMode: 'table' };

interface HarnessProps {
  rows: Row[];
  count: number;
  start?: ListViewState;
  isLoading?: boolean;
  onDelete?: (rows: readonly Row[]) => Promise<void>;
  filters?: ListViewFilter[];
  onCreate?: () => void;
}

function Harness({ rows, count, start = initial, isLoading = false, onDelete, filters = defaultFilters, onCreate }: HarnessProps): JSX.Element {
  const [state, setState] = useState(start);
  return (
    <>
      <ListView
        columns={columns}
        filters={filters}
        rows={rows}
        count={count}
        rowKey={(row) => row.id}
        isLoading={isLoading}
        pageSize={25}
        state={state}
        onStateChange={setState}
        card={{
          render: (row) => <span>{row.name}</span>,
          sortOptions: [{ label: 'Alphabetical', sortColumn: 'name', sortOrder: 'asc' }],
        }}
        bulkDelete={onDelete === undefined ? undefined : { noun: 'rows', onDelete }}
        emptyStateAction={onCreate === undefined ? undefined : { label: '+ Row', onClick: onCreate }}
      />
      <output data-testid="state">{JSON.stringify(state)}</output>
    </>
  );
}

const state = (): ListViewState => JSON.parse(screen.getByTestId('state').textContent) as ListViewState;

describe('ListView', () => {
  it('shows "No Data" without filters, with the page\'s create button', () => {
    let created = 0;
    renderWithTheme(<Harness rows={[]} count={0} onCreate={() => (created += 1)} />);
    expect(screen.getByTestId(testIds.emptyState.root).querySelector('strong')?.textContent).toBe('No Data');
    expect(screen.queryByTestId(testIds.listView.clearFilters)).toBeNull();
    fireEvent.click(screen.getByTestId(testIds.emptyState.action));
    expect(screen.getByTestId(testIds.emptyState.action).textContent).toBe('+ Row');
    expect(created).toBe(1);
    expect(screen.queryByTestId(testIds.pagination.root)).toBeNull();
  });

  it('refuses a filter that names no column with the core\'s message', async () => {
    renderWithTheme(<Harness rows={[{ id: 1, name: 'a' }]} count={1} filters={[...defaultFilters, { id: 'owner', label: 'Owner', kind: 'select', options: [] }]} />);
    expect((await screen.findByTestId(testIds.listView.filterConfigError)).textContent).toBe('Invalid filter config, owner is not present in columns');
    expect(screen.queryByTestId(testIds.listView.row)).toBeNull();
  });

  it('draws no hidden column and accepts filters on hidden columns', async () => {
    renderWithTheme(<Harness rows={[{ id: 1, name: 'a' }]} count={1} />);
    await Promise.resolve();
    expect(screen.getAllByTestId(testIds.listView.headerCell).map((cell) => cell.getAttribute('data-column-id'))).toEqual(['name']);
    expect(screen.queryByTestId(testIds.listView.filterConfigError)).toBeNull();
  });

  it('applies a trimmed search on Enter, then offers to clear the filters when nothing matches', () => {
    renderWithTheme(<Harness rows={[]} count={0} />);
    const search = screen.getByTestId(testIds.listView.search);
    fireEvent.change(search, { target: { value: '  zzz  ' } });
    expect(state().filters).toEqual([]);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(state().filters).toEqual([{ id: 'search', value: 'zzz' }]);
    expect(screen.getByText('No results match your filter criteria')).toBeTruthy();
    expect(screen.getByText('Try different criteria to display results.')).toBeTruthy();
    fireEvent.click(screen.getByTestId(testIds.listView.clearFilters));
    expect(state().filters).toEqual([]);
  });

  it('clears the search filter as soon as the input is emptied, and applies it on blur', () => {
    renderWithTheme(<Harness rows={[]} count={0} start={{ ...initial, filters: [{ id: 'search', value: 'sales' }] }} />);
    const search = screen.getByTestId<HTMLInputElement>(testIds.listView.search);
    expect(search.value).toBe('sales');
    fireEvent.change(search, { target: { value: '' } });
    expect(state().filters).toEqual([]);
    const again = screen.getByTestId<HTMLInputElement>(testIds.listView.search);
    fireEvent.change(again, { target: { value: ' births ' } });
    expect(state().filters).toEqual([]);
    fireEvent.blur(again);
    expect(state().filters).toEqual([{ id: 'search', value: 'births' }]);
  });

  it('applies a date range once both ends are set and clears it when either end is emptied', () => {
    renderWithTheme(<Harness rows={[]} count={0} />);
    const start = screen.getByLabelText<HTMLInputElement>('Modified start');
    const end = screen.getByLabelText<HTMLInputElement>('Modified end');
    fireEvent.change(start, { target: { value: '2026-01-01' } });
    expect(state().filters).toEqual([]);
    fireEvent.change(end, { target: { value: '2026-02-01' } });
    expect(state().filters).toEqual([{ id: 'modified', value: '2026-01-01,2026-02-01' }]);
    fireEvent.change(start, { target: { value: '' } });
    expect(state().filters).toEqual([]);
    expect(end.value).toBe('2026-02-01');
    fireEvent.change(start, { target: { value: '2026-01-15' } });
    expect(state().filters).toEqual([{ id: 'modified', value: '2026-01-15,2026-02-01' }]);
    fireEvent.change(end, { target: { value: '' } });
    expect(state().filters).toEqual([]);
    fireEvent.change(end, { target: { value: '2026-03-01' } });
    expect(state().filters).toEqual([{ id: 'modified', value: '2026-01-15,2026-03-01' }]);
    // "clear all filters" empties both inputs.
    fireEvent.click(screen.getByTestId(testIds.listView.clearFilters));
    expect(state().filters).toEqual([]);
    expect([start.value, end.value]).toEqual(['', '']);
  });

  it('sizes the filters and the card grid as the spec says', () => {
    expect([searchFilterWidth, selectFilterWidth, cardColumnWidth, cardSkeletonCount, thumbnailCardHeight]).toEqual([300, 175, 300, 25, 168]);
    expect(defaultListPageSize).toBe(25);
  });

  it('sorts by a header, flipping the order on a second click, and shows the pagination text', () => {
    renderWithTheme(<Harness rows={[{ id: 1, name: 'a' }]} count={30} />);
    expect(screen.getByTestId(testIds.listView.paginationText).textContent).toContain('1-25 of 30');
    expect(screen.getAllByTestId(testIds.pagination.page).map((page) => page.textContent)).toEqual(['1', '2']);
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(state()).toMatchObject({ sortColumn: 'name', sortOrder: 'asc' });
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(state()).toMatchObject({ sortColumn: 'name', sortOrder: 'desc' });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(state().pageIndex).toBe(1);
    expect(screen.getByTestId(testIds.listView.paginationText).textContent).toContain('26-30 of 30');
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(state().pageIndex).toBe(0);
  });

  it('resets a page index beyond the last page to 0', () => {
    renderWithTheme(<Harness rows={[{ id: 1, name: 'a' }]} count={3} start={{ ...initial, pageIndex: 4 }} />);
    expect(state().pageIndex).toBe(0);
  });

  it('switches to card mode through the URL state, with a sort select, and shows 25 skeletons while loading', () => {
    const { unmount } = renderWithTheme(<Harness rows={[{ id: 1, name: 'a' }, { id: 2, name: 'b' }]} count={2} />);
    fireEvent.click(screen.getByTestId(testIds.listView.cardModeButton));
    expect(state().viewMode).toBe('card');
    expect(screen.getAllByTestId(testIds.listView.card).map((card) => card.textContent)).toEqual(['a', 'b']);
    fireEvent.change(screen.getByTestId(testIds.listView.cardSort), { target: { value: '0' } });
    expect(state()).toMatchObject({ sortColumn: 'name', sortOrder: 'asc', viewMode: 'card' });
    fireEvent.click(screen.getByTestId(testIds.listView.tableModeButton));
    expect(state().viewMode).toBe('table');
    unmount();
    renderWithTheme(<Harness rows={[]} count={0} isLoading start={{ ...initial, viewMode: 'card' }} />);
    expect(screen.getAllByTestId(testIds.listView.cardSkeleton)).toHaveLength(25);
  });

  it('bulk deletes the selected rows after "DELETE" is typed', async () => {
    const deleted: number[][] = [];
    const onDelete = (rows: readonly Row[]): Promise<void> => {
      deleted.push(rows.map((row) => row.id));
      return Promise.resolve();
    };
    renderWithTheme(<Harness rows={[{ id: 1, name: 'a' }, { id: 2, name: 'b' }, { id: 3, name: 'c' }]} count={3} onDelete={onDelete} />);
    fireEvent.click(screen.getByTestId(testIds.listView.bulkSelectToggle));
    expect(screen.getByTestId(testIds.listView.selectedCount).textContent).toBe('0 Selected');
    expect(screen.queryByTestId(testIds.listView.deselectAll)).toBeNull();
    const boxes = screen.getAllByTestId(testIds.listView.rowCheckbox);
    fireEvent.click(boxes[0] as HTMLElement);
    fireEvent.click(boxes[2] as HTMLElement);
    expect(screen.getByTestId(testIds.listView.selectedCount).textContent).toBe('2 Selected');
    fireEvent.click(screen.getByTestId(testIds.listView.bulkDelete));
    expect(screen.getByText('Are you sure you want to delete the selected rows?')).toBeTruthy();
    const confirm = screen.getByTestId<HTMLButtonElement>(testIds.listView.deleteConfirm);
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(testIds.listView.deleteInput), { target: { value: 'delete' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(screen.getByTestId(testIds.listView.selectedCount).textContent).toBe('0 Selected'));
    expect(deleted).toEqual([[1, 3]]);
    fireEvent.click(boxes[1] as HTMLElement);
    fireEvent.click(screen.getByTestId(testIds.listView.deselectAll));
    expect(screen.getByTestId(testIds.listView.selectedCount).textContent).toBe('0 Selected');
  });
});
