import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { giveElementsHeight } from '@/testLayout';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { defaultServerPageSize, readServerPage, readTableOwnState, serverPageSizeChoices, serverPageSizeOptions } from './serverPagination';
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

describe('TableVizRenderer with server pagination', () => {
  giveElementsHeight();

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
