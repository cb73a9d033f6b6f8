import { fireEvent, screen } from '@testing-library/react';
import { useState, type JSX } from 'react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { ListView, type ListViewColumn } from './ListView';
import type { ListViewState } from './listViewState';

interface Row {
  id: number;
  name: string;
}

const columns: ListViewColumn<Row>[] = [{ id: 'name', header: 'Name', sortKey: 'name', render: (row) => row.name }];
const initial: ListViewState = { filters: [], pageIndex: 0, sortColumn: 'changed_on', sortOrder: 'desc', viewMode: 'table' };

function Harness({ rows, count, start = initial }: { rows: Row[]; count: number; start?: ListViewState }): JSX.Element {
  const [state, setState] = useState(start);
  return (
    <>
      <ListView
        columns={columns}
        filters={[{ id: 'search', label: 'Search', kind: 'search' }]}
        rows={rows}
        count={count}
        rowKey={(row) => row.id}
        isLoading={false}
        pageSize={25}
        state={state}
        onStateChange={setState}
      />
      <output data-testid="state">{JSON.stringify(state)}</output>
    </>
  );
}

const state = (): ListViewState => JSON.parse(screen.getByTestId('state').textContent) as ListViewState;

describe('ListView', () => {
  it('shows "No Data" without filters', () => {
    renderWithTheme(<Harness rows={[]} count={0} />);
    expect(screen.getByTestId(testIds.listView.empty).textContent).toContain('No Data');
    expect(screen.queryByTestId(testIds.listView.clearFilters)).toBeNull();
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

  it('sorts by a header, flipping the order on a second click, and shows the pagination text', () => {
    renderWithTheme(<Harness rows={[{ id: 1, name: 'a' }]} count={30} />);
    expect(screen.getByTestId(testIds.listView.paginationText).textContent).toContain('1-25 of 30');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(state()).toMatchObject({ sortColumn: 'name', sortOrder: 'asc' });
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(state()).toMatchObject({ sortColumn: 'name', sortOrder: 'desc' });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(state().pageIndex).toBe(1);
    expect(screen.getByTestId(testIds.listView.paginationText).textContent).toContain('26-30 of 30');
  });

  it('resets a page index beyond the last page to 0', () => {
    renderWithTheme(<Harness rows={[{ id: 1, name: 'a' }]} count={3} start={{ ...initial, pageIndex: 4 }} />);
    expect(state().pageIndex).toBe(0);
  });
});
