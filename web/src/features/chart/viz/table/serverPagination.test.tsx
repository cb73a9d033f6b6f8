import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { giveElementsHeight } from '@/testLayout';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { defaultServerPageSize, nextServerSort, readServerPage, readTableOwnState, serverPageSizeChoices, serverPageSizeOptions } from './serverPagination';
import { TableVizRenderer } from './TableVizRenderer';

/** The third page of 5 names, and the row count query's answer: 23 rows. */
const page = queryData(column('name', 1, ['Kim', 'Lee', 'Max', 'Ned', 'Ola']), column('count', 0, [7, 6, 5, 4, 3]));
const rowCount = queryData(column('rowcount', 0, [23]));

describe('server pagination options', () => {
  it('offers page sizes 5, 15, 25, 50 and 100, 15 by default', () => {
    expect(serverPageSizeOptions).toEqual([5, 15, 25, 50, 100]);
    expect(defaultServerPageSize).toBe(15);
    expect(readTableOwnState({ datasource: '1__table', viz_type: 'table' })).toEqual({ currentPage: 0, pageSize: 15 });
    expect(readTableOwnState({ datasource: '1__table', viz_type: 'table', server_page_length: 50 })).toEqual({ currentPage: 0, pageSize: 50 });
    expect(serverPageSizeChoices(30)).toEqual([5, 15, 25, 30, 50, 100]);
  });

  it('reads the page from the own state and the total from the row count query', () => {
    const formData = { datasource: '1__table', viz_type: 'table', server_pagination: true, own_state: { currentPage: 2, pageSize: 5 } };
    expect(readServerPage(formData, [page, rowCount])).toEqual({ currentPage: 2, pageSize: 5, totalRows: 23 });
    expect(readServerPage({ ...formData, server_pagination: false }, [page, rowCount])).toBeNull();
    expect(readServerPage(formData, [page])).toBeNull();
  });
});

describe('server sort and search state', () => {
  it('reads the sort and search of the own state, and cycles a header click through ascending, descending and none', () => {
    const formData = {
      datasource: '1__table',
      viz_type: 'table',
      own_state: { currentPage: 1, pageSize: 5, sortBy: [{ id: 'count', key: 'count', desc: true }], searchColumn: 'name', searchText: 'K' },
    };
    const state = readTableOwnState(formData);
    expect(state).toEqual(formData.own_state);
    expect(nextServerSort(state, 'count')).toEqual({ currentPage: 1, pageSize: 5, searchColumn: 'name', searchText: 'K' });
    expect(nextServerSort({ currentPage: 1, pageSize: 5 }, 'name')).toEqual({ currentPage: 1, pageSize: 5, sortBy: [{ id: 'name', key: 'name', desc: false }] });
    expect(nextServerSort({ currentPage: 0, pageSize: 5, sortBy: [{ id: 'name', key: 'name', desc: false }] }, 'name')).toEqual({
      currentPage: 0,
      pageSize: 5,
      sortBy: [{ id: 'name', key: 'name', desc: true }],
    });
  });
});

describe('TableVizRenderer with server pagination', () => {
  giveElementsHeight();
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sorts on the server: a header click asks for the sorted rows and keeps the rows in the order the server gave', () => {
    const onOwnStateChange = vi.fn();
    const ownState = { currentPage: 2, pageSize: 5, sortBy: [{ id: 'count', key: 'count', desc: true }] };
    const formData = { query_mode: 'aggregate', groupby: ['name'], metrics: ['count'], server_pagination: true, own_state: ownState };
    renderWithTheme(<TableVizRenderer {...rendererProps('table', [page, rowCount], formData)} onOwnStateChange={onOwnStateChange} />);

    const headers = screen.getAllByTestId(testIds.tableChart.headerCell);
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual(['none', 'descending']);
    fireEvent.click(screen.getByRole('button', { name: /^name/ }));
    expect(onOwnStateChange).toHaveBeenLastCalledWith({ currentPage: 2, pageSize: 5, sortBy: [{ id: 'name', key: 'name', desc: false }] });
    // The page is not sorted again in the browser.
    expect(screen.getAllByTestId(testIds.tableChart.row).map((row) => row.textContent)).toEqual(['Kim7', 'Lee6', 'Max5', 'Ned4', 'Ola3']);
    fireEvent.click(screen.getByRole('button', { name: /^count/ }));
    expect(onOwnStateChange).toHaveBeenLastCalledWith({ currentPage: 2, pageSize: 5 });
    // A page change keeps the sort.
    fireEvent.click(screen.getAllByTestId(testIds.tableChart.pageButton)[0] as HTMLElement);
    expect(onOwnStateChange).toHaveBeenLastCalledWith({ ...ownState, currentPage: 0 });
  });

  it('searches on the server: "Search by" a string column, asked once the typing pauses, from the first page', () => {
    vi.useFakeTimers();
    const onOwnStateChange = vi.fn();
    const formData = {
      query_mode: 'aggregate',
      groupby: ['name'],
      metrics: ['count'],
      server_pagination: true,
      include_search: true,
      own_state: { currentPage: 2, pageSize: 5 },
    };
    renderWithTheme(<TableVizRenderer {...rendererProps('table', [page, rowCount], formData)} onOwnStateChange={onOwnStateChange} />);

    const searchBy = screen.getByTestId<HTMLSelectElement>(testIds.tableChart.searchColumnSelect);
    expect([...searchBy.options].map((option) => option.value)).toEqual(['name']);
    const search = screen.getByTestId<HTMLInputElement>(testIds.tableChart.search);
    expect(search.placeholder).toBe('23 records');
    fireEvent.change(search, { target: { value: 'O' } });
    fireEvent.change(search, { target: { value: 'Ol' } });
    // The page's rows are not filtered in the browser.
    expect(screen.getAllByTestId(testIds.tableChart.row)).toHaveLength(5);
    expect(onOwnStateChange).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(onOwnStateChange).toHaveBeenCalledTimes(1);
    expect(onOwnStateChange).toHaveBeenLastCalledWith({ currentPage: 0, pageSize: 5, searchColumn: 'name', searchText: 'Ol' });
  });

  it("shows the server's page with page buttons for every row, and asks for another page or size", () => {
    const onOwnStateChange = vi.fn();
    const formData = { query_mode: 'aggregate', groupby: ['name'], metrics: ['count'], server_pagination: true, own_state: { currentPage: 2, pageSize: 5 } };
    renderWithTheme(<TableVizRenderer {...rendererProps('table', [page, rowCount], formData)} onOwnStateChange={onOwnStateChange} />);

    expect(screen.getAllByTestId(testIds.tableChart.row)).toHaveLength(5);
    // 23 rows of 5: five pages, the third current.
    const pageButtons = screen.getAllByTestId(testIds.tableChart.pageButton);
    expect(pageButtons.map((button) => button.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(pageButtons[2]?.getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByTestId(testIds.tableChart.row)[0]?.getAttribute('aria-rowindex')).toBe('12');

    fireEvent.click(pageButtons[4] as HTMLElement);
    expect(onOwnStateChange).toHaveBeenLastCalledWith({ currentPage: 4, pageSize: 5 });

    const sizeSelect = screen.getByTestId<HTMLSelectElement>(testIds.tableChart.pageSizeSelect);
    expect([...sizeSelect.options].map((option) => option.textContent)).toEqual(['5', '15', '25', '50', '100']);
    expect(sizeSelect.value).toBe('5');
    fireEvent.change(sizeSelect, { target: { value: '25' } });
    expect(onOwnStateChange).toHaveBeenLastCalledWith({ currentPage: 0, pageSize: 25 });
  });
});
