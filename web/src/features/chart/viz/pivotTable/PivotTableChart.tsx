import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { ChartEmptyState } from '../ChartEmptyState';
import type { ChartFormData, ChartQueryData, ChartRendererProps } from '../chartRendererProps';
import { genericDataTypes, type CellValue, type ChartColumn } from '@/features/chart/chartColumns';
import { readColumnLabels, readFormBoolean, readFormString } from '../formDataValues';
import { missingNumberDisplay, numberFormatter } from '../numberFormat';
import { categoryLabel } from '../queryColumns';
import { columnColorFunctions, readConditionalFormatting } from '../table/conditionalFormatting';
import { tableCellFormatter, type CellFormatter } from '../table/tableCellFormat';
import { smartDateFormat } from '../timeFormat';
import { buildPivotTable, pivotCellValue, visiblePivotRows } from './buildPivotTable';
import { pivotCellColor } from './pivotCellColor';
import { markValue } from '../markValues';

const rowHeight = 32;
const indentPerDepth = 16;

/**
 * How the pivot labels dimension values: temporal ones in `date_format` (the time grain's format
 * when it is `smart_date`, as the table chart does), others as category labels.
 */
function dimensionLabeller(data: ChartQueryData, formData: ChartFormData): (value: CellValue | undefined, column: ChartColumn) => string {
  const formats = {
    timestampFormat: readFormString(formData, 'date_format', smartDateFormat),
    timeGrain: typeof formData.time_grain_sqla === 'string' && formData.time_grain_sqla !== '' ? formData.time_grain_sqla : null,
    columnFormats: new Map(),
  };
  const temporalFormatters = new Map<string, CellFormatter>(
    data.columns.filter((column) => column.genericType === genericDataTypes.temporal).map((column) => [column.name, tableCellFormatter(column, formats)]),
  );
  return (value, column) => temporalFormatters.get(column.name)?.(value ?? null) ?? categoryLabel(value, column);
}

/**
 * `pivot_table_v2`: `groupbyRows` down, `groupbyColumns` across, each metric aggregated with
 * `aggregateFunction`; totals, subtotals, collapsible row groups and virtualized rows. The
 * cells of each group are coloured by the metric's `conditional_formatting` rules.
 */
export function PivotTableChart({ data, formData, width, height }: ChartRendererProps): JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [collapsedKeys, setCollapsedKeys] = useState<ReadonlySet<string>>(new Set());
  const isTransposed = readFormBoolean(formData, 'transposePivot', false);
  const groupbyRows = readColumnLabels(formData, 'groupbyRows');
  const groupbyColumns = readColumnLabels(formData, 'groupbyColumns');
  const pivot = useMemo(
    () =>
      buildPivotTable(data, {
        rowDimensions: isTransposed ? groupbyColumns : groupbyRows,
        columnDimensions: isTransposed ? groupbyRows : groupbyColumns,
        aggregateFunction: formData.aggregateFunction,
        rowTotals: readFormBoolean(formData, 'rowTotals', false),
        colTotals: readFormBoolean(formData, 'colTotals', false),
        rowSubTotals: readFormBoolean(formData, 'rowSubTotals', false),
        colSubTotals: readFormBoolean(formData, 'colSubTotals', false),
        metricsLayout: formData.metricsLayout === 'ROWS' ? 'ROWS' : 'COLUMNS',
        combineMetric: readFormBoolean(formData, 'combineMetric', false),
        isRowOrderDescending: formData.rowOrder === 'key_z_to_a',
        isColumnOrderDescending: formData.colOrder === 'key_z_to_a',
        dimensionLabel: dimensionLabeller(data, formData),
      }),
    // The form data object is replaced on every change, so it is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, formData],
  );
  const rows = useMemo(() => visiblePivotRows(pivot, collapsedKeys), [pivot, collapsedKeys]);
  // The rules' ranges are the metric columns' values in the query's records, as in Superset.
  const colorFunctions = useMemo(
    () => columnColorFunctions(readConditionalFormatting(formData.conditional_formatting), data.columns),
    [formData.conditional_formatting, data.columns],
  );
  const formatValue = numberFormatter(
    pivot.aggregator.isFraction ? '.1%' : readFormString(formData, 'valueFormat', 'SMART_NUMBER'),
  );

  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  if (data.rowCount === 0 || pivot.metrics.length === 0) return <ChartEmptyState height={height} />;

  const virtualRows = virtualizer.getVirtualItems();
  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0);
  const rowHeaderTitle = pivot.rowDimensions.join(' / ') || (pivot.options.metricsLayout === 'ROWS' ? 'Metric' : '');

  function toggle(key: string): void {
    setCollapsedKeys((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  return (
    <ScrollArea ref={scrollRef} style={{ width, height }}>
      <Table data-testid={testIds.viz.pivotTable} aria-rowcount={rows.length + pivot.headerRows.length}>
        <thead>
          {pivot.headerRows.map((cells, level) => (
            <tr key={level}>
              {level === 0 && <HeaderCell rowSpan={pivot.headerRows.length} scope="col">{rowHeaderTitle}</HeaderCell>}
              {cells.map((cell, index) => (
                <HeaderCell key={index} colSpan={cell.colSpan} scope="colgroup" style={{ top: level * rowHeight }} $isNumeric>
                  {cell.label}
                </HeaderCell>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {paddingTop > 0 && <tr style={{ height: paddingTop }} aria-hidden />}
          {virtualRows.map((virtualRow) => {
            const row = rows[virtualRow.index];
            if (row === undefined) return null;
            const isEmphasized = row.kind !== 'data';
            return (
              <tr key={row.key} data-testid={testIds.viz.pivotRow} data-kind={row.kind}>
                <RowHeaderCell scope="row" $isEmphasized={isEmphasized} style={{ paddingLeft: 8 + row.depth * indentPerDepth }}>
                  {row.isCollapsible ? (
                    <ToggleButton
                      type="button"
                      data-testid={testIds.viz.pivotToggle}
                      aria-expanded={!row.isCollapsed}
                      onClick={() => toggle(row.key)}
                    >
                      <span aria-hidden>{row.isCollapsed ? '▸' : '▾'}</span> {row.label}
                    </ToggleButton>
                  ) : (
                    row.label
                  )}
                </RowHeaderCell>
                {pivot.columns.map((column) => {
                  const value = pivotCellValue(pivot, row, column);
                  const background = pivotCellColor(pivot, colorFunctions, row, column, value);
                  return (
                    <ValueCell
                      key={column.key}
                      data-testid={testIds.viz.mark}
                      data-kind="cell"
                      data-value={row.showsValues ? markValue(value) : ''}
                      style={background === undefined ? undefined : { backgroundColor: background }}
                      $isEmphasized={isEmphasized || column.kind !== 'data'}>
                      {row.showsValues ? (value === null ? missingNumberDisplay : formatValue(value)) : ''}
                    </ValueCell>
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
  overflow: auto;
`;

const Table = styled.table`
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  color: ${({ theme }) => theme.colors.text};
  font-variant-numeric: tabular-nums;
`;

const HeaderCell = styled.th<{ $isNumeric?: boolean }>`
  position: sticky;
  top: 0;
  z-index: 1;
  height: ${rowHeight}px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  text-align: ${({ $isNumeric }) => ($isNumeric ? 'center' : 'left')};
  white-space: nowrap;
`;

const RowHeaderCell = styled.th<{ $isEmphasized: boolean }>`
  height: ${rowHeight}px;
  padding-right: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  font-weight: ${({ $isEmphasized }) => ($isEmphasized ? 600 : 400)};
  text-align: left;
  white-space: nowrap;
`;

const ValueCell = styled.td<{ $isEmphasized: boolean }>`
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-weight: ${({ $isEmphasized }) => ($isEmphasized ? 600 : 400)};
  text-align: right;
  white-space: nowrap;
`;

const ToggleButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
`;
