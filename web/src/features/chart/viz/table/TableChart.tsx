import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type DragEvent, type JSX, type MouseEvent } from 'react';
import styled from 'styled-components';
import { slowSearchDebounceMs } from '@/components/selectLimits';
import { defaultTableSize, tableRowHeights, type TableSize } from '@/components/table/tableSize';
import { useDebouncedValue } from '@/components/useDebouncedValue';
import { useColumnResize } from '@/components/table/useColumnResize';
import { genericDataTypes, type CellValue, type ChartColumn } from '@/features/chart/chartColumns';
import { testIds } from '@/testIds';
import { markValue } from '../markValues';
import { cellBarColor, cellBarGeometry, cellNumber, columnValueRange, type ValueRange } from './cellBars';
import { movedColumnOrder, orderedColumnNames } from './columnOrder';
import { cellBackgroundColor, columnColorFunctions } from './conditionalFormatting';
import { tableCellFormatter, type ColumnHorizontalAlign } from './tableCellFormat';
import { searchRowIndexes } from './searchRows';
import { nextColumnSorts, sortRowIndexesBy, type ColumnSort } from './sortRows';
import { TableGlobalControls } from './TableGlobalControls';
import { defaultTableDisplayOptions, pageSizeOptions, type TableDisplayOptions } from './tableOptions';
import { TablePagination } from './TablePagination';
import { nextServerSort, serverPageSizeChoices, withServerSearch, type ServerPage, type TableOwnState } from './serverPagination';
import { totalsLabel, totalsTooltip } from './tableTotals';

/** Superset's table texts when no row is left to show. */
export const noRecordsMessage = 'No records found';
export const noMatchingRecordsMessage = 'No matching records found';
const overscanRows = 12;

export interface TableChartProps {
  columns: readonly ChartColumn[];
  rowCount: number;
  /** Clicking a row picks it (dashboard cross-filters). */
  onRowClick?: (rowIndex: number) => void;
  /** Clicking a cell of `columnNames` toggles its value in the chart's column filter (`table_filter`). */
  cellFilter?: TableCellFilter;
  /** Right-clicking a row (drill to detail by its values). */
  onRowContextMenu?: (rowIndex: number, event: MouseEvent) => void;
  /** The "Options" controls: page length, search box, cell bars, conditional formatting. */
  options?: TableDisplayOptions;
  /** The columns that may get cell bars (the metrics, or every column of raw records). */
  barColumnNames?: ReadonlySet<string>;
  /**
   * Server pagination: the rows are the page the server answered, and picking a page or a page
   * size, a header click (sort) or a search asks for another (`onOwnStateChange`): the server
   * sorts and searches every row (Superset 6).
   */
  serverPage?: ServerPage | null;
  onOwnStateChange?: (ownState: TableOwnState) => void;
  /** Rows 39 px high (small, the default) or 47 px (middle). */
  size?: TableSize;
  /** `show_totals`: each metric's total by column name, shown in a "Summary" row at the bottom. */
  totals?: ReadonlyMap<string, CellValue> | null;
}

/** The cells that filter the dashboard when clicked, and which of their values are selected. */
export interface TableCellFilter {
  columnNames: ReadonlySet<string>;
  isSelected: (columnName: string, value: unknown) => boolean;
  onToggle: (columnName: string, value: unknown) => void;
}

const noBarColumns: ReadonlySet<string> = new Set();

/**
 * The `table` viz: a header of colnames, sortable by click; every row in a virtualized list, or
 * pages of `page_length` rows with a page size select and page buttons; an optional search box;
 * bars behind metric cells and conditionally coloured cells. A column is resized by dragging its
 * header's right border (within 8 px of it).
 */
export function TableChart({
  columns,
  rowCount,
  onRowClick,
  cellFilter,
  onRowContextMenu,
  options = defaultTableDisplayOptions,
  barColumnNames = noBarColumns,
  serverPage = null,
  onOwnStateChange,
  size = defaultTableSize,
  totals = null,
}: TableChartProps): JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = tableRowHeights[size];
  const columnResize = useColumnResize();
  // The sorts in priority order: a click sorts by one column, a shift-click adds one (spec 001 section 4).
  const [sorts, setSorts] = useState<ColumnSort[]>([]);
  // `allow_rearrange_columns`: the order the reader dragged the headers into, and the header being dragged.
  const [columnOrder, setColumnOrder] = useState<readonly string[]>([]);
  const [draggedColumn, setDraggedColumn] = useState<string | null>(null);
  const shownColumns = useMemo(() => {
    const indexByName = new Map(columns.map((column, columnIndex) => [column.name, columnIndex]));
    const names = options.allowRearrangeColumns ? orderedColumnNames([...indexByName.keys()], columnOrder) : [...indexByName.keys()];
    return names.flatMap((name) => {
      const columnIndex = indexByName.get(name);
      const column = columnIndex === undefined ? undefined : columns[columnIndex];
      return column === undefined || columnIndex === undefined ? [] : [{ column, columnIndex }];
    });
  }, [columns, columnOrder, options.allowRearrangeColumns]);
  const isServerPaginated = serverPage !== null;
  const [search, setSearch] = useState(serverPage?.searchText ?? '');
  const [pageSize, setPageSize] = useState(options.pageLength);
  const [pageIndex, setPageIndex] = useState(0);
  // A new `page_length` from the controls replaces the size picked in the chart.
  const [appliedPageLength, setAppliedPageLength] = useState(options.pageLength);
  if (appliedPageLength !== options.pageLength) {
    setAppliedPageLength(options.pageLength);
    setPageSize(options.pageLength);
    setPageIndex(0);
  }

  const cellFormatters = useMemo(
    () => new Map(columns.map((column) => [column.name, tableCellFormatter(column, options.cellFormats)])),
    [columns, options.cellFormats],
  );
  // A server page comes sorted and searched by the server: its rows stay in its order.
  const sortedRows = useMemo(() => sortRowIndexesBy(columns, rowCount, isServerPaginated ? [] : sorts), [columns, rowCount, sorts, isServerPaginated]);
  const matchingRows = useMemo(
    () => (options.includeSearch && !isServerPaginated ? searchRowIndexes(columns, sortedRows, search, cellFormatters) : sortedRows),
    [columns, sortedRows, options.includeSearch, isServerPaginated, search, cellFormatters],
  );
  // Superset 6's server search: "Search by" one of the string columns, the rows starting with the text.
  const searchColumnNames = useMemo(
    () => (isServerPaginated ? columns.filter((column) => column.genericType === genericDataTypes.string).map((column) => column.name) : []),
    [columns, isServerPaginated],
  );
  const serverSearchColumn = serverPage?.searchColumn !== undefined && searchColumnNames.includes(serverPage.searchColumn) ? serverPage.searchColumn : searchColumnNames[0];
  const [searchColumn, setSearchColumn] = useState(serverSearchColumn ?? '');
  const debouncedSearch = useDebouncedValue(search, slowSearchDebounceMs);
  // The search the server page answers, or the last one asked for: each search is asked for once.
  const askedSearch = useRef(`${serverPage?.searchColumn ?? searchColumn}\n${serverPage?.searchText ?? ''}`);
  useEffect(() => {
    if (serverPage === null || !options.includeSearch || searchColumn === '') return;
    const wanted = `${searchColumn}\n${debouncedSearch}`;
    const isAsked = wanted === askedSearch.current || (debouncedSearch === '' && askedSearch.current.endsWith('\n'));
    if (isAsked) return;
    askedSearch.current = wanted;
    onOwnStateChange?.(withServerSearch(ownStateOf(serverPage), searchColumn, debouncedSearch));
  }, [debouncedSearch, searchColumn, serverPage, options.includeSearch, onOwnStateChange]);
  const isPaginated = isServerPaginated || options.pageLength > 0;
  const shownPageSize = serverPage?.pageSize ?? pageSize;
  const pageCount =
    serverPage !== null
      ? Math.max(1, Math.ceil(serverPage.totalRows / serverPage.pageSize))
      : pageSize > 0
        ? Math.max(1, Math.ceil(matchingRows.length / pageSize))
        : 1;
  const currentPage = Math.min(serverPage?.currentPage ?? pageIndex, pageCount - 1);
  const rowOrder = useMemo(
    () => (!isServerPaginated && pageSize > 0 ? matchingRows.slice(currentPage * pageSize, (currentPage + 1) * pageSize) : matchingRows),
    [isServerPaginated, matchingRows, pageSize, currentPage],
  );

  // Superset draws no cell bars once any conditional formatting rule applies.
  const hasConditionalFormatting = options.conditionalFormatting.length > 0;
  // Each column's bar options: its `column_config` entry's, else the chart's.
  const barOptionsOf = (name: string): ColumnBarOptions => columnBarOptions(options, name);
  const valueRanges = useMemo(() => {
    const ranges = new Map<string, ValueRange>();
    if (hasConditionalFormatting) return ranges;
    for (const column of columns) {
      const barOptions = columnBarOptions(options, column.name);
      if (!barOptions.showCellBars || column.genericType !== genericDataTypes.numeric || !barColumnNames.has(column.name)) continue;
      const range = columnValueRange(column.values, barOptions.alignPositiveNegative);
      if (range !== null) ranges.set(column.name, range);
    }
    return ranges;
  }, [columns, barColumnNames, options, hasConditionalFormatting]);
  const colorFunctions = useMemo(() => columnColorFunctions(options.conditionalFormatting, columns), [options.conditionalFormatting, columns]);

  /** `column_config`'s alignment, else numbers on the right and the rest on the left. */
  function alignOf(column: ChartColumn): ColumnHorizontalAlign {
    return options.cellFormats.columnFormats.get(column.name)?.horizontalAlign ?? (column.genericType === genericDataTypes.numeric ? 'right' : 'left');
  }

  function configuredWidthOf(name: string): number | undefined {
    return options.cellFormats.columnFormats.get(name)?.columnWidth;
  }

  function goToPage(page: number, size = shownPageSize): void {
    if (serverPage !== null) onOwnStateChange?.({ ...ownStateOf(serverPage), currentPage: page, pageSize: size });
    else setPageIndex(page);
    if (scrollRef.current !== null) scrollRef.current.scrollTop = 0;
  }

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

  const hasGlobalControls = isPaginated || options.includeSearch;
  return (
    <Frame>
      {hasGlobalControls && (
        <TableGlobalControls
          pageSizeOptions={isServerPaginated ? serverPageSizeChoices(shownPageSize) : isPaginated ? pageSizeOptions(rowCount, pageSize) : null}
          pageSize={shownPageSize}
          onPageSizeChange={(size) => {
            setPageSize(size);
            goToPage(0, size);
          }}
          search={options.includeSearch && (!isServerPaginated || searchColumnNames.length > 0) ? search : null}
          recordCount={serverPage?.totalRows ?? rowCount}
          searchColumn={
            isServerPaginated && options.includeSearch && searchColumnNames.length > 0
              ? { options: searchColumnNames, value: searchColumn, onChange: setSearchColumn }
              : null
          }
          onSearchChange={(text) => {
            setSearch(text);
            // The server's page stays; the search runs over its rows.
            if (!isServerPaginated) goToPage(0);
          }}
        />
      )}
      <ScrollArea ref={scrollRef}>
        <Table data-testid={testIds.tableChart.table} aria-rowcount={matchingRows.length + 1}>
          <thead>
            <tr>
              {shownColumns.map(({ column, columnIndex }) => {
                const serverSort = serverPage?.sortBy?.[0];
                const sortPosition = isServerPaginated ? -1 : sorts.findIndex((sort) => sort.columnIndex === columnIndex);
                const direction =
                  serverSort !== undefined && serverSort.key === column.name ? (serverSort.desc ? 'descending' : 'ascending') : sorts[sortPosition]?.direction;
                return (
                  <HeaderCell
                    key={column.name}
                    scope="col"
                    aria-sort={direction ?? 'none'}
                    data-testid={testIds.tableChart.headerCell}
                    data-column={column.name}
                    data-drop-target={draggedColumn !== null && draggedColumn !== column.name ? 'true' : undefined}
                    style={columnWidthStyle(columnResize.widths[column.name] ?? configuredWidthOf(column.name))}
                    {...columnResize.headerProps(column.name)}
                    {...(options.allowRearrangeColumns
                      ? {
                          draggable: true,
                          onDragStart: (event: DragEvent<HTMLTableCellElement>) => {
                            event.dataTransfer.effectAllowed = 'move';
                            event.dataTransfer.setData('text/plain', column.name);
                            setDraggedColumn(column.name);
                          },
                          onDragOver: (event: DragEvent<HTMLTableCellElement>) => {
                            if (draggedColumn !== null) event.preventDefault();
                          },
                          onDrop: (event: DragEvent<HTMLTableCellElement>) => {
                            event.preventDefault();
                            if (draggedColumn !== null) {
                              setColumnOrder(movedColumnOrder(shownColumns.map((shown) => shown.column.name), draggedColumn, column.name));
                            }
                            setDraggedColumn(null);
                          },
                          onDragEnd: () => setDraggedColumn(null),
                        }
                      : {})}
                  >
                    <SortButton
                      type="button"
                      $align={alignOf(column)}
                      title="Click to sort, shift-click to sort by several columns"
                      onMouseDown={(event) => {
                        // A shift-click sorts; it must not select the header texts.
                        if (event.shiftKey) event.preventDefault();
                      }}
                      onClick={(event) => {
                        if (serverPage !== null) onOwnStateChange?.(nextServerSort(ownStateOf(serverPage), column.name));
                        else setSorts((current) => nextColumnSorts(current, columnIndex, event.shiftKey));
                      }}
                    >
                      {column.name}
                      <SortMark aria-hidden>{direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}</SortMark>
                      {sorts.length > 1 && sortPosition >= 0 && <SortPriority data-testid={testIds.tableChart.sortPriority}>{sortPosition + 1}</SortPriority>}
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
                  aria-rowindex={(shownPageSize > 0 ? currentPage * shownPageSize : 0) + virtualRow.index + 2}
                  style={onRowClick === undefined ? undefined : { cursor: 'pointer' }}
                  onClick={onRowClick === undefined ? undefined : () => onRowClick(rowIndex)}
                  onContextMenu={onRowContextMenu === undefined ? undefined : (event) => onRowContextMenu(rowIndex, event)}
                >
                  {shownColumns.map(({ column }) => {
                    const value = column.values[rowIndex];
                    const valueRange = valueRanges.get(column.name);
                    const barValue = valueRange === undefined ? null : cellNumber(value);
                    const barOptions = barOptionsOf(column.name);
                    const bar = valueRange === undefined || barValue === null ? null : cellBarGeometry(barValue, valueRange, barOptions.alignPositiveNegative);
                    const background = cellBackgroundColor(colorFunctions.get(column.name), value);
                    const isFilterCell = cellFilter?.columnNames.has(column.name) ?? false;
                    const isSelected = isFilterCell && (cellFilter?.isSelected(column.name, value ?? null) ?? false);
                    return (
                      <DataCell
                        key={column.name}
                        data-testid={testIds.tableChart.cell}
                        data-column={column.name}
                        data-value={markValue(value)}
                        data-selected={isFilterCell ? String(isSelected) : undefined}
                        $align={alignOf(column)}
                        $isFilter={isFilterCell}
                        $isSelected={isSelected}
                        $height={rowHeight}
                        style={{
                          ...columnWidthStyle(columnResize.widths[column.name] ?? configuredWidthOf(column.name)),
                          ...(background === undefined ? {} : { backgroundColor: background }),
                        }}
                        onClick={isFilterCell ? () => cellFilter?.onToggle(column.name, value ?? null) : undefined}
                      >
                        {bar !== null && barValue !== null && (
                          <CellBar
                            data-testid={testIds.tableChart.cellBar}
                            aria-hidden
                            style={{
                              left: `${bar.offsetPercent}%`,
                              width: `${bar.widthPercent}%`,
                              background: cellBarColor(barValue, barOptions.colorPositiveNegative),
                            }}
                          />
                        )}
                        <CellText>{cellFormatters.get(column.name)?.(value ?? null)}</CellText>
                      </DataCell>
                    );
                  })}
                </tr>
              );
            })}
            {paddingBottom > 0 && <SpacerRow style={{ height: paddingBottom }} aria-hidden />}
            {rowOrder.length === 0 && (
              <tr>
                <NoRecordsCell colSpan={Math.max(columns.length, 1)}>{search.trim() === '' ? noRecordsMessage : noMatchingRecordsMessage}</NoRecordsCell>
              </tr>
            )}
          </tbody>
          {totals !== null && (
            <tfoot>
              <tr data-testid={testIds.tableChart.totalsRow}>
                {shownColumns.map(({ column }, columnIndex) => (
                  <TotalsCell
                    key={column.name}
                    data-column={column.name}
                    data-value={columnIndex > 0 && totals.has(column.name) ? markValue(totals.get(column.name)) : undefined}
                    $alignRight={columnIndex > 0 && column.genericType === genericDataTypes.numeric}
                    $height={rowHeight}
                    title={columnIndex === 0 ? totalsTooltip : undefined}
                  >
                    {columnIndex === 0 ? totalsLabel : totals.has(column.name) ? cellFormatters.get(column.name)?.(totals.get(column.name) ?? null) : null}
                  </TotalsCell>
                ))}
              </tr>
            </tfoot>
          )}
        </Table>
      </ScrollArea>
      {shownPageSize > 0 && pageCount > 1 && <TablePagination pageCount={pageCount} currentPage={currentPage} onPageChange={(page) => goToPage(page)} />}
    </Frame>
  );
}

/** A column's cell bar options. */
interface ColumnBarOptions {
  showCellBars: boolean;
  alignPositiveNegative: boolean;
  colorPositiveNegative: boolean;
}

/** The column's `column_config` bar options, each falling back to the chart's (Superset's table). */
function columnBarOptions(options: TableDisplayOptions, name: string): ColumnBarOptions {
  const config = options.cellFormats.columnFormats.get(name);
  return {
    showCellBars: config?.showCellBars ?? options.showCellBars,
    alignPositiveNegative: config?.alignPositiveNegative ?? options.alignPositiveNegative,
    colorPositiveNegative: config?.colorPositiveNegative ?? options.colorPositiveNegative,
  };
}

/** The own state a server page was asked with (its page, size, sort and search). */
function ownStateOf(serverPage: ServerPage): TableOwnState {
  const ownState: TableOwnState & { totalRows?: number } = { ...serverPage };
  delete ownState.totalRows;
  return ownState;
}

/** A resized column keeps its width whatever its cells hold. */
function columnWidthStyle(width: number | undefined): CSSProperties | undefined {
  return width === undefined ? undefined : { width, minWidth: width, maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis' };
}

const Frame = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
`;

const ScrollArea = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  color: ${({ theme }) => theme.colors.text};
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

  &[data-resize-border='true'],
  &[data-resize-border='true'] * {
    cursor: col-resize;
  }

  &[data-drop-target='true'] {
    box-shadow: inset 2px 0 0 ${({ theme }) => theme.colors.primary.base};
  }
`;

const justifyContentOf: Record<ColumnHorizontalAlign, string> = { left: 'flex-start', center: 'center', right: 'flex-end' };

const SortButton = styled.button<{ $align: ColumnHorizontalAlign }>`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: ${({ $align }) => justifyContentOf[$align]};
  gap: ${({ theme }) => theme.gridUnit}px;
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 2}px`};
  border: 0;
  background: none;
  font-weight: 600;
  cursor: pointer;
  text-align: left;
`;

/** The column's place among several sorts: 1 decides, 2 breaks its ties, ... */
const SortPriority = styled.sup`
  margin-left: 2px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

const SortMark = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

/** A filter cell shows a pointer; a selected one is highlighted, as Superset's `dt-is-active-filter`. */
const DataCell = styled.td<{ $align: ColumnHorizontalAlign; $isFilter: boolean; $isSelected: boolean; $height: number }>`
  position: relative;
  cursor: ${({ $isFilter }) => ($isFilter ? 'pointer' : 'auto')};
  background: ${({ $isSelected, theme }) => ($isSelected ? theme.colors.primary.light[3] : 'transparent')};
  height: ${({ $height }) => $height}px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  text-align: ${({ $align }) => $align};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** Behind the cell's text, from its left edge as Superset's `cell-bar`. */
const CellBar = styled.div`
  position: absolute;
  top: 1px;
  bottom: 1px;
  pointer-events: none;
`;

const CellText = styled.span`
  position: relative;
`;

/** Superset's `dt-totals` row: bold, kept in view at the bottom of the scrolling table. */
const TotalsCell = styled.td<{ $alignRight: boolean; $height: number }>`
  position: sticky;
  bottom: 0;
  height: ${({ $height }) => $height}px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-top: 2px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  font-weight: 600;
  text-align: ${({ $alignRight }) => ($alignRight ? 'right' : 'left')};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const NoRecordsCell = styled.td`
  padding: ${({ theme }) => theme.gridUnit * 4}px;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

const SpacerRow = styled.tr`
  border: 0;
`;
