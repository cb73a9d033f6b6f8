import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { SqlLabColumn } from '@/api/generated/SqlLabColumn';
import { genericDataTypes } from '@/features/chart/chartColumns';
import { nextColumnSort, type ColumnSort } from '@/features/chart/viz/table/sortRows';
import { testIds } from '@/testIds';
import type { ResultRows } from './resultRows';
import { sortedRowIndexes } from './resultSort';
import { sqlLabCellText } from './resultText';

const rowHeight = 28;
const overscanRows = 12;

export interface ResultGridProps {
  /** The result's columns, in the rows' column order. */
  columns: readonly SqlLabColumn[];
  rows: ResultRows;
}

/**
 * A run's rows, virtualized: only the rows in view are in the page, and only their cells are read
 * from the result, so large results scroll smoothly. A header click sorts by its column
 * (ascending, descending, then as run).
 */
export function ResultGrid({ columns, rows }: ResultGridProps): JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [sort, setSort] = useState<ColumnSort | null>(null);
  const order = useMemo(() => sortedRowIndexes(rows, sort), [rows, sort]);
  // No React Compiler here: the virtualizer's changing functions are fine to use directly.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: overscanRows,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0);

  return (
    <ScrollArea ref={scrollRef} data-testid={testIds.sqlLab.resultsScroll}>
      <Table aria-rowcount={rows.rowCount + 1}>
        <thead>
          <tr>
            {columns.map((column, columnIndex) => (
              <HeaderCell
                key={columnIndex}
                scope="col"
                title={column.type}
                aria-sort={sort?.columnIndex === columnIndex ? sort.direction : 'none'}
                data-testid={testIds.sqlLab.headerCell}
                $alignRight={column.type_generic === genericDataTypes.numeric}
              >
                <SortButton type="button" onClick={() => setSort((current) => nextColumnSort(current, columnIndex))}>
                  {column.name}
                </SortButton>
              </HeaderCell>
            ))}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && <tr style={{ height: paddingTop }} aria-hidden />}
          {virtualRows.map((virtualRow) => {
            const rowIndex = order === null ? virtualRow.index : (order[virtualRow.index] ?? virtualRow.index);
            return (
              <tr key={virtualRow.key} data-testid={testIds.sqlLab.row} data-row-index={virtualRow.index} aria-rowindex={virtualRow.index + 2}>
                {columns.map((column, columnIndex) => {
                  const value = rows.cell(rowIndex, columnIndex);
                  return (
                    <DataCell
                      key={columnIndex}
                      data-testid={testIds.sqlLab.cell}
                      data-column={column.name}
                      data-null={value === null ? 'true' : undefined}
                      $alignRight={column.type_generic === genericDataTypes.numeric}
                      $isNull={value === null}
                    >
                      {sqlLabCellText(value)}
                    </DataCell>
                  );
                })}
              </tr>
            );
          })}
          {paddingBottom > 0 && <tr style={{ height: paddingBottom }} aria-hidden />}
        </tbody>
      </Table>
    </ScrollArea>
  );
}

const ScrollArea = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const HeaderCell = styled.th<{ $alignRight: boolean }>`
  position: sticky;
  top: 0;
  z-index: 1;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-weight: 600;
  text-align: ${({ $alignRight }) => ($alignRight ? 'right' : 'left')};
  white-space: nowrap;

  &[aria-sort='ascending'] > button::after {
    /* The arrow is decoration: aria-sort says the order, so the button's name stays the column's. */
    content: ' ▲' / '';
  }

  &[aria-sort='descending'] > button::after {
    content: ' ▼' / '';
  }
`;

/** The header's text as a button, so the sort is reachable by keyboard; the arrow is drawn by the cell. */
const SortButton = styled.button`
  width: 100%;
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  text-align: inherit;
  white-space: nowrap;
  cursor: pointer;
`;

const DataCell = styled.td<{ $alignRight: boolean; $isNull: boolean }>`
  height: ${rowHeight}px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme, $isNull }) => ($isNull ? theme.colors.textMuted : theme.colors.text)};
  font-style: ${({ $isNull }) => ($isNull ? 'italic' : 'normal')};
  font-variant-numeric: tabular-nums;
  text-align: ${({ $alignRight }) => ($alignRight ? 'right' : 'left')};
  white-space: nowrap;
`;
