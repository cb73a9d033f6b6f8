import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type JSX, type MouseEvent } from 'react';
import styled from 'styled-components';
import { genericDataTypes, type ChartColumn } from '@/features/chart/chartColumns';
import { testIds } from '@/testIds';
import { markValue } from '../markValues';
import { formatCellValue } from './formatCellValue';
import { nextColumnSort, sortRowIndexes, type ColumnSort } from './sortRows';

const rowHeight = 32;
const overscanRows = 12;

export interface TableChartProps {
  columns: readonly ChartColumn[];
  rowCount: number;
  /** Clicking a row picks it (dashboard cross-filters). */
  onRowClick?: (rowIndex: number) => void;
  /** Right-clicking a row (drill to detail by its values). */
  onRowContextMenu?: (rowIndex: number, event: MouseEvent) => void;
}

/** The `table` viz: a header of colnames, sortable by click, with virtualized rows. */
export function TableChart({ columns, rowCount, onRowClick, onRowContextMenu }: TableChartProps): JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [sort, setSort] = useState<ColumnSort | null>(null);
  const rowOrder = useMemo(() => sortRowIndexes(columns, rowCount, sort), [columns, rowCount, sort]);

  // No React Compiler here: the virtualizer's changing functions are fine to use directly.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowOrder.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: overscanRows,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0);

  return (
    <ScrollArea ref={scrollRef}>
      <Table data-testid={testIds.tableChart.table} aria-rowcount={rowCount + 1}>
        <thead>
          <tr>
            {columns.map((column, columnIndex) => {
              const direction = sort?.columnIndex === columnIndex ? sort.direction : undefined;
              return (
                <HeaderCell key={column.name} scope="col" aria-sort={direction ?? 'none'} data-testid={testIds.tableChart.headerCell}>
                  <SortButton
                    type="button"
                    $alignRight={column.genericType === genericDataTypes.numeric}
                    onClick={() => setSort((current) => nextColumnSort(current, columnIndex))}
                  >
                    {column.name}
                    <SortMark aria-hidden>{direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}</SortMark>
                  </SortButton>
                </HeaderCell>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && <SpacerRow style={{ height: paddingTop }} aria-hidden />}
          {virtualRows.map((virtualRow) => {
            const rowIndex = rowOrder[virtualRow.index] ?? 0;
            return (
              <tr
                key={virtualRow.key}
                data-testid={testIds.tableChart.row}
                aria-rowindex={virtualRow.index + 2}
                style={onRowClick === undefined ? undefined : { cursor: 'pointer' }}
                onClick={onRowClick === undefined ? undefined : () => onRowClick(rowIndex)}
                onContextMenu={onRowContextMenu === undefined ? undefined : (event) => onRowContextMenu(rowIndex, event)}
              >
                {columns.map((column) => (
                  <DataCell
                    key={column.name}
                    data-testid={testIds.tableChart.cell}
                    data-column={column.name}
                    data-value={markValue(column.values[rowIndex])}
                    $alignRight={column.genericType === genericDataTypes.numeric}
                  >
                    {formatCellValue(column.values[rowIndex] ?? null, column.genericType)}
                  </DataCell>
                ))}
              </tr>
            );
          })}
          {paddingBottom > 0 && <SpacerRow style={{ height: paddingBottom }} aria-hidden />}
        </tbody>
      </Table>
    </ScrollArea>
  );
}

const ScrollArea = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const HeaderCell = styled.th`
  position: sticky;
  top: 0;
  z-index: 1;
  padding: 0;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
  text-align: left;
  white-space: nowrap;
`;

const SortButton = styled.button<{ $alignRight: boolean }>`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: ${({ $alignRight }) => ($alignRight ? 'flex-end' : 'flex-start')};
  gap: ${({ theme }) => theme.gridUnit}px;
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 2}px`};
  border: 0;
  background: none;
  font-weight: 600;
  cursor: pointer;
  text-align: left;
`;

const SortMark = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

const DataCell = styled.td<{ $alignRight: boolean }>`
  height: ${rowHeight}px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  text-align: ${({ $alignRight }) => ($alignRight ? 'right' : 'left')};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const SpacerRow = styled.tr`
  border: 0;
`;
