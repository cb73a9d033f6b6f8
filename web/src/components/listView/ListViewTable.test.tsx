import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import type { TableSize } from '@/components/table/tableSize';
import type { ListViewState } from './listViewState';
import { ListViewTable, type ListViewColumn } from './ListViewTable';

interface Row {
  id: number;
  name: string;
}

const columns: ListViewColumn<Row>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', render: (row) => row.name },
  { id: 'owner', header: 'Owner', render: () => 'Ada' },
];
const state: ListViewState = { filters: [], pageIndex: 0, sortColumn: 'changed_on', sortOrder: 'desc', viewMode: 'table' };

function renderTable(size?: TableSize): { onSort: ReturnType<typeof vi.fn> } {
  const onSort = vi.fn();
  renderWithTheme(
    <ListViewTable
      columns={columns}
      rows={[
        { id: 1, name: 'births' },
        { id: 2, name: 'flights' },
      ]}
      rowKey={(row) => row.id}
      isLoading={false}
      state={state}
      onSort={onSort}
      selection={null}
      size={size}
    />,
  );
  return { onSort };
}

/** The CSS styled-components wrote for an element's classes. */
function cssOf(element: Element): string {
  const sheet = Array.from(document.querySelectorAll('style'), (style) => style.textContent).join('\n');
  return Array.from(element.classList, (name) => new RegExp(`\\.${name}\\{([^}]*)\\}`).exec(sheet)?.[1] ?? '').join('');
}

/** The CSS styled-components wrote for an element's classes while it is on a resize border. */
function resizeBorderCss(element: Element): string {
  const sheet = Array.from(document.querySelectorAll('style'), (style) => style.textContent).join('\n');
  return Array.from(element.classList, (name) => new RegExp(`\\.${name}\\[data-resize-border='true'\\][^{]*\\{([^}]*)\\}`).exec(sheet)?.[1] ?? '').join('');
}

/** Gives a header cell a place on the screen: `left` to `left + width` px. */
function placeCell(cell: HTMLElement, left: number, width: number): void {
  cell.getBoundingClientRect = () => ({ left, right: left + width, width, top: 0, bottom: 30, height: 30, x: left, y: 0, toJSON: () => ({}) });
}

function headerCell(columnId: string): HTMLElement {
  const cell = screen.getAllByTestId(testIds.listView.headerCell).find((th) => th.getAttribute('data-column-id') === columnId);
  if (cell === undefined) throw new Error(`no header ${columnId}`);
  return cell;
}

describe('ListViewTable', () => {
  it('draws rows 39 px high in the default (small) size', () => {
    renderTable();
    const smallCell = screen.getAllByTestId(testIds.listView.row)[0]?.querySelector('td');
    expect(cssOf(smallCell as Element)).toContain('height:39px;');
  });

  it('draws rows 47 px high in the middle size', () => {
    renderTable('middle');
    const middleCell = screen.getAllByTestId(testIds.listView.row)[0]?.querySelector('td');
    expect(cssOf(middleCell as Element)).toContain('height:47px;');
  });

  it('resizes a column by dragging within 8 px of its header border, without sorting', () => {
    const { onSort } = renderTable();
    const name = headerCell('name');
    placeCell(name, 100, 200);

    // 9 px from the border: an ordinary press, no resize cursor and no resize.
    fireEvent.mouseMove(name, { clientX: 291 });
    expect(name.getAttribute('data-resize-border')).toBeNull();
    fireEvent.mouseDown(name, { clientX: 291, button: 0 });
    fireEvent.mouseMove(document, { clientX: 340 });
    fireEvent.mouseUp(document);
    expect(name.style.width).toBe('');

    // 7 px from the border: the resize cursor, and the drag sets the width.
    fireEvent.mouseMove(name, { clientX: 293 });
    expect(name.getAttribute('data-resize-border')).toBe('true');
    expect(resizeBorderCss(name)).toContain('cursor:col-resize;');
    fireEvent.mouseDown(name, { clientX: 293, button: 0 });
    fireEvent.mouseMove(document, { clientX: 343 });
    expect(name.style.width).toBe('250px');
    fireEvent.mouseMove(document, { clientX: 253 });
    expect(name.style.width).toBe('160px');
    fireEvent.mouseUp(document);
    // The click that ends the drag on the header does not sort.
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).not.toHaveBeenCalled();

    // Body cells follow the header's width; after the drag a plain click sorts again.
    const nameCell = screen.getAllByTestId(testIds.listView.row)[0]?.querySelector('td[data-column-id="name"]') as HTMLElement;
    expect(nameCell.style.width).toBe('160px');
    expect(headerCell('owner').style.width).toBe('');
    fireEvent.mouseMove(document, { clientX: 400 });
    expect(name.style.width).toBe('160px');
    fireEvent.mouseDown(name, { clientX: 150, button: 0 });
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenCalledWith('name');
  });
});
