import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { copyWithToast } from '@/components/copyWithToast';
import { useToasts } from '@/components/toastContext';
import { genericDataTypes, type ChartColumn } from '@/features/chart/chartColumns';
import { rowCountText } from '@/features/chart/rowCountText';
import { nextColumnSort, sortRowIndexes, type ColumnSort } from '@/features/chart/viz/table/sortRows';
import { testIds } from '@/testIds';
import { CellContentModal } from './CellContentModal';
import {
  allRowIndexes,
  buildRowSearchTexts,
  cellContentText,
  dataPaneCellText,
  filterRowIndexes,
  isPlaceholderCell,
  rowsAsTabSeparatedText,
} from './resultTableText';

/**
 * Spec 001 section 9: "Grid size is middle or small" (Superset's `GridSize`). Row heights of 7 and
 * 9 grid units: the data pane under a chart is small, a table with the page to itself middle.
 */
export const gridRowHeights = { small: 28, middle: 36 } as const;
export type GridSize = keyof typeof gridRowHeights;
const overscanRows = 12;

export interface QueryResultTableProps {
  columns: readonly ChartColumn[];
  rowCount: number;
  /** The query's index in the query context (0 for samples). */
  queryIndex: number;
  /** Names the table when a chart has several queries. */
  title?: string;
  /**
   * The rows of the whole result when the table holds one page of it (drill to detail): the count
   * shows this total, and there is no search (it would search one page only).
   */
  totalRowCount?: number;
  /** The rows' height; small by default. */
  size?: GridSize;
}

/** "12 rows", or "3 of 12 rows" while a search hides some. */
export function shownRowCountText(shownRowCount: number, rowCount: number, isSearching: boolean): string {
  if (!isSearching) return rowCountText(rowCount);
  return `${shownRowCount.toLocaleString('en-US')} of ${rowCountText(rowCount)}`;
}

/** The rows shown, in display order: the search's rows, sorted by the clicked column (stable), else in the result's order. */
function sortedShownRows(columns: readonly ChartColumn[], rowCount: number, shownRows: readonly number[], sort: ColumnSort | null): readonly number[] {
  if (sort === null) return shownRows;
  const isShown = new Set(shownRows);
  return sortRowIndexes(columns, rowCount, sort).filter((rowIndex) => isShown.has(rowIndex));
}

/** The cell whose 'Cell content' dialog is open: its value and what the dialog shows. */
interface OpenCellContent {
  value: string;
  content: string;
}

/**
 * One result's rows for the data pane: row count, a search box filtering rows in the browser,
 * headers that sort (ascending, descending, none), a tab-separated copy of the rows shown, long
 * or structured cells opening a 'Cell content' dialog, row numbers in the first column (spec 001
 * section 9, numbered in display order), and the rows virtualized so 100k of them stay smooth.
 */
export function QueryResultTable({ columns, rowCount, queryIndex, title, totalRowCount, size = 'small' }: QueryResultTableProps): JSX.Element {
  const rowHeight = gridRowHeights[size];
  const { addToast } = useToasts();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [searchText, setSearchText] = useState('');
  const [sort, setSort] = useState<ColumnSort | null>(null);
  const [openCell, setOpenCell] = useState<OpenCellContent | null>(null);
  const isPage = totalRowCount !== undefined;
  const deferredSearchText = useDeferredValue(isPage ? '' : searchText);
  const isSearching = deferredSearchText.trim() !== '';
  const rowSearchTexts = useMemo(() => (isSearching ? buildRowSearchTexts(columns, rowCount) : null), [columns, rowCount, isSearching]);
  const matchingRows = useMemo(
    () => (rowSearchTexts === null ? allRowIndexes(rowCount) : filterRowIndexes(rowSearchTexts, deferredSearchText)),
    [rowSearchTexts, rowCount, deferredSearchText],
  );
  const shownRows = useMemo(() => sortedShownRows(columns, rowCount, matchingRows, sort), [columns, rowCount, matchingRows, sort]);

  // No React Compiler here: the virtualizer's changing functions are fine to use directly.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shownRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: overscanRows,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0);

  return (
    <Root data-testid={testIds.dataPane.table} data-query-index={queryIndex} data-grid-size={size}>
      <Controls>
        {title !== undefined && <Title>{title}</Title>}
        <RowCount data-testid={testIds.dataPane.rowCount}>
          {isPage ? rowCountText(totalRowCount) : shownRowCountText(shownRows.length, rowCount, isSearching)}
        </RowCount>
        <Spacer />
        {!isPage && (
          <Search
            type="search"
            aria-label="Search"
            placeholder="Search"
            value={searchText}
            data-testid={testIds.dataPane.search}
            onChange={(event) => setSearchText(event.target.value)}
          />
        )}
        <Button
          $variant="secondary"
          aria-label="Copy to clipboard"
          title="Copy to clipboard"
          data-testid={testIds.dataPane.copyButton}
          onClick={() => void copyWithToast(rowsAsTabSeparatedText(columns, shownRows), addToast)}
        >
          Copy
        </Button>
      </Controls>
      <ScrollArea ref={scrollRef} data-testid={testIds.dataPane.scrollArea}>
        <Table aria-rowcount={shownRows.length + 1}>
          <thead>
            <tr>
              <RowNumberHeader scope="col" aria-label="Row number" data-testid={testIds.dataPane.rowNumberHeader} />
              {columns.map((column, columnIndex) => {
                const direction = sort?.columnIndex === columnIndex ? sort.direction : undefined;
                return (
                  <HeaderCell key={column.name} scope="col" aria-sort={direction ?? 'none'} data-testid={testIds.dataPane.headerCell}>
                    <SortButton
                      $alignRight={column.genericType === genericDataTypes.numeric}
                      title={`Sort by ${column.name}`}
                      onClick={() => setSort((current) => nextColumnSort(current, columnIndex))}
                    >
                      {column.name}
                      {direction !== undefined && <SortMark aria-hidden>{direction === 'ascending' ? '▲' : '▼'}</SortMark>}
                    </SortButton>
                  </HeaderCell>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {paddingTop > 0 && <tr style={{ height: paddingTop }} aria-hidden />}
            {virtualRows.map((virtualRow) => {
              const rowIndex = shownRows[virtualRow.index] ?? 0;
              return (
                <tr key={virtualRow.key} data-testid={testIds.dataPane.row} data-row-index={rowIndex} aria-rowindex={virtualRow.index + 2}>
                  <RowNumberCell $rowHeight={rowHeight} data-testid={testIds.dataPane.rowNumber}>
                    {virtualRow.index + 1}
                  </RowNumberCell>
                  {columns.map((column) => {
                    const value = column.values[rowIndex] ?? null;
                    const text = dataPaneCellText(value, column.genericType);
                    const content = cellContentText(value);
                    return (
                      <DataCell
                        key={column.name}
                        data-testid={testIds.dataPane.cell}
                        data-column={column.name}
                        data-null={value === null ? 'true' : undefined}
                        $alignRight={column.genericType === genericDataTypes.numeric}
                        $isPlaceholder={isPlaceholderCell(value)}
                        $rowHeight={rowHeight}
                      >
                        {content === null || typeof value !== 'string' ? (
                          text
                        ) : (
                          <CellContentButton
                            title="Show the cell's content"
                            data-testid={testIds.dataPane.cellContentButton}
                            onClick={() => setOpenCell({ value, content })}
                          >
                            {text}
                          </CellContentButton>
                        )}
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
      {openCell !== null && <CellContentModal value={openCell.value} content={openCell.content} onClose={() => setOpenCell(null)} />}
    </Root>
  );
}

const Root = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;
`;

const Controls = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding: ${({ theme }) => theme.gridUnit * 2}px 0;
`;

const Title = styled.h4`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
`;

const RowCount = styled.span`
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const Spacer = styled.div`
  flex: 1;
`;

const Search = styled.input`
  width: 200px;
  height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

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

const HeaderCell = styled.th`
  position: sticky;
  top: 0;
  z-index: 1;
  padding: 0;
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const SortButton = styled.button.attrs({ type: 'button' })<{ $alignRight: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $alignRight }) => ($alignRight ? 'flex-end' : 'flex-start')};
  gap: ${({ theme }) => theme.gridUnit}px;
  width: 100%;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
`;

const SortMark = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

/** A long or structured cell: its text cut to the column, a click shows it whole. */
const CellContentButton = styled.button.attrs({ type: 'button' })`
  display: block;
  max-width: 320px;
  overflow: hidden;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.link};
  font: inherit;
  text-align: inherit;
  text-overflow: ellipsis;
  white-space: nowrap;
  cursor: pointer;
`;

/** The row number column: narrow, muted, outside the data. */
const RowNumberHeader = styled.th`
  position: sticky;
  top: 0;
  z-index: 1;
  width: 1%;
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const RowNumberCell = styled.td<{ $rowHeight: number }>`
  height: ${({ $rowHeight }) => $rowHeight}px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
  text-align: right;
  white-space: nowrap;
  user-select: none;
`;

const DataCell = styled.td<{ $alignRight: boolean; $isPlaceholder: boolean; $rowHeight: number }>`
  height: ${({ $rowHeight }) => $rowHeight}px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme, $isPlaceholder }) => ($isPlaceholder ? theme.colors.textMuted : theme.colors.text)};
  font-style: ${({ $isPlaceholder }) => ($isPlaceholder ? 'italic' : 'normal')};
  font-variant-numeric: tabular-nums;
  text-align: ${({ $alignRight }) => ($alignRight ? 'right' : 'left')};
  white-space: nowrap;
`;
