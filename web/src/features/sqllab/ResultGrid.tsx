import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type JSX } from 'react';
import styled from 'styled-components';
import type { SqlLabColumn } from '@/api/generated/SqlLabColumn';
import { genericDataTypes } from '@/features/chart/chartColumns';
import { testIds } from '@/testIds';
import { sqlLabCellText } from './resultText';

const rowHeight = 28;
const overscanRows = 12;

export interface ResultGridProps {
  columns: readonly SqlLabColumn[];
  rows: readonly Record<string, unknown>[];
}

/** A run's rows, virtualized: only the rows in view are in the page, so large results scroll smoothly. */
export function ResultGrid({ columns, rows }: ResultGridProps): JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null);
  // No React Compiler here: the virtualizer's changing functions are fine to use directly.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: overscanRows,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0);

  return (
    <ScrollArea ref={scrollRef}>
      <Table aria-rowcount={rows.length + 1}>
        <thead>
          <tr>
            {columns.map((column) => (
              <HeaderCell
                key={column.name}
                scope="col"
                title={column.type}
                data-testid={testIds.sqlLab.headerCell}
                $alignRight={column.type_generic === genericDataTypes.numeric}
              >
                {column.name}
              </HeaderCell>
            ))}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && <tr style={{ height: paddingTop }} aria-hidden />}
          {virtualRows.map((virtualRow) => {
            const row = rows[virtualRow.index] ?? {};
            return (
              <tr key={virtualRow.key} data-testid={testIds.sqlLab.row} data-row-index={virtualRow.index} aria-rowindex={virtualRow.index + 2}>
                {columns.map((column) => {
                  const value = row[column.name] ?? null;
                  return (
                    <DataCell
                      key={column.name}
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
