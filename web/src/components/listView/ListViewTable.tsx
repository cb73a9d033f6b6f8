import type { CSSProperties, JSX, ReactNode } from 'react';
import styled from 'styled-components';
import { defaultTableSize, tableRowHeights, type TableSize } from '@/components/table/tableSize';
import { useColumnResize } from '@/components/table/useColumnResize';
import { testIds } from '@/testIds';
import type { ListViewState } from './listViewState';
import type { RowSelection } from './useRowSelection';

export interface ListViewColumn<T> {
  id: string;
  header: string;
  /** The server's order_column when the header sorts. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  /** A column only filters point at, never drawn (Superset's hidden columns). */
  hidden?: boolean;
}

export interface ListViewTableProps<T> {
  columns: readonly ListViewColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => number;
  isLoading: boolean;
  state: ListViewState;
  onSort: (sortKey: string) => void;
  /** Present while bulk selecting: a checkbox column. */
  selection: RowSelection | null;
  /** Rows 39 px high (small, the default) or 47 px (middle). */
  size?: TableSize;
}

/** A resized column keeps its width. */
function columnWidthStyle(width: number | undefined): CSSProperties | undefined {
  return width === undefined ? undefined : { width, minWidth: width, maxWidth: width };
}

/**
 * The table mode of a list: sortable headers (▲ ▼ ↕), one row per object, rows 39 px high (47 for
 * the middle size); a column is resized by dragging its header's right border (within 8 px of it).
 */
export function ListViewTable<T>({
  columns: allColumns,
  rows,
  rowKey,
  isLoading,
  state,
  onSort,
  selection,
  size = defaultTableSize,
}: ListViewTableProps<T>): JSX.Element {
  const columnResize = useColumnResize();
  const keys = rows.map(rowKey);
  const columns = allColumns.filter((column) => column.hidden !== true);
  return (
    <Table>
      <thead>
        <tr>
          {selection !== null && (
            <Th>
              <input
                type="checkbox"
                aria-label="Select all"
                checked={keys.length > 0 && keys.every((key) => selection.isSelected(key))}
                onChange={(event) => selection.setAll(keys, event.target.checked)}
              />
            </Th>
          )}
          {columns.map((column) => {
            const isSorted = column.sortKey !== undefined && state.sortColumn === column.sortKey;
            return (
              <Th
                key={column.id}
                aria-sort={isSorted ? (state.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
                data-testid={testIds.listView.headerCell}
                data-column-id={column.id}
                style={columnWidthStyle(columnResize.widths[column.id])}
                {...columnResize.headerProps(column.id)}
              >
                {column.sortKey === undefined ? (
                  column.header
                ) : (
                  <SortButton type="button" onClick={() => onSort(column.sortKey ?? column.id)}>
                    {column.header}
                    <span aria-hidden="true">{isSorted ? (state.sortOrder === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                  </SortButton>
                )}
              </Th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {!isLoading &&
          rows.map((row) => {
            const key = rowKey(row);
            return (
              <tr key={key} data-testid={testIds.listView.row} data-row-id={key}>
                {selection !== null && (
                  <Td $height={tableRowHeights[size]}>
                    <input
                      type="checkbox"
                      aria-label="Select row"
                      data-testid={testIds.listView.rowCheckbox}
                      checked={selection.isSelected(key)}
                      onChange={() => selection.toggle(key)}
                    />
                  </Td>
                )}
                {columns.map((column) => (
                  <Td key={column.id} data-column-id={column.id} $height={tableRowHeights[size]} style={columnWidthStyle(columnResize.widths[column.id])}>
                    {column.render(row)}
                  </Td>
                ))}
              </tr>
            );
          })}
      </tbody>
    </Table>
  );
}

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
`;

const Th = styled.th`
  text-align: left;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  color: ${({ theme }) => theme.colors.textMuted};

  &[data-resize-border='true'],
  &[data-resize-border='true'] * {
    cursor: col-resize;
  }
`;

const SortButton = styled.button`
  border: none;
  background: none;
  padding: 0;
  color: inherit;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;

const Td = styled.td<{ $height: number }>`
  height: ${({ $height }) => $height}px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.m}px;
`;
