import type { JSX, MouseEvent } from 'react';
import { ChartEmptyState } from '../ChartEmptyState';
import { toggledColumnFilter, useChartColumnFilter } from '../chartColumnFilterContext';
import type { ChartRendererProps } from '../chartRendererProps';
import { toggledCrossFilter } from '../crossFilterSelection';
import { emitMarkContextMenu, rowDrillValues } from '../drillValues';
import { readColumnLabels, readFormBoolean } from '../formDataValues';
import { genericDataTypes } from '@/features/chart/chartColumns';
import { TableChart } from './TableChart';
import { readServerPage } from './serverPagination';
import { readTableDisplayOptions } from './tableOptions';
import { readTableTotals } from './tableTotals';

/**
 * The table chart behind the common renderer props: it fills its box and scrolls, or pages with
 * `page_length`, or shows the server's page with `server_pagination` (its own state asks for the next). Cell bars go behind the metric columns (every numeric column of raw records). On a dashboard,
 * clicking a row cross-filters on its first group-by column; with `table_filter` on, clicking a
 * dimension cell (a group-by column, any column of raw records) instead toggles its value in the
 * chart's legacy column filter (Superset's `emitFilter`), which the dashboard applies to the other
 * charts. Right-clicking a row of an aggregated table drills to detail by its group-by values
 * (Superset's table: raw records have none). With `show_totals`, the last query's one row is the
 * "Summary" row under the others.
 */
export function TableVizRenderer({ data, queriesData, formData, onCrossFilter, crossFilterValues, onMarkContextMenu, onOwnStateChange }: ChartRendererProps): JSX.Element {
  const serverPage = readServerPage(formData, queriesData);
  const columnFilter = useChartColumnFilter();
  // A server page past the last row is empty, but the pages are still there to go back; a server
  // search matching nothing keeps its search box (and its focus) to be changed.
  const isServerSearch = (serverPage?.searchText ?? '') !== '';
  if (data.rowCount === 0 && (serverPage === null || (serverPage.totalRows === 0 && !isServerSearch))) return <ChartEmptyState />;
  const isRaw = formData.query_mode === 'raw';
  const groupbyColumns = isRaw ? [] : readColumnLabels(formData, 'groupby');
  const groupbyColumn = groupbyColumns[0];
  const column = data.columns.find((candidate) => candidate.name === groupbyColumn);
  const emitsColumnFilters = columnFilter !== null && readFormBoolean(formData, 'table_filter', false);
  const filterColumnNames = new Set(emitsColumnFilters ? data.columns.filter((candidate) => isRaw || groupbyColumns.includes(candidate.name)).map((candidate) => candidate.name) : []);
  const onRowClick =
    emitsColumnFilters || onCrossFilter === undefined || groupbyColumn === undefined || column === undefined
      ? undefined
      : (rowIndex: number) => onCrossFilter(toggledCrossFilter(groupbyColumn, column.values[rowIndex] ?? null, crossFilterValues));
  const cellFilter =
    columnFilter === null || filterColumnNames.size === 0
      ? undefined
      : {
          columnNames: filterColumnNames,
          isSelected: (columnName: string, value: unknown) => {
            const selected = columnFilter.selectedValues[columnName];
            return Array.isArray(selected) && selected.includes(value);
          },
          onToggle: (columnName: string, value: unknown) => columnFilter.onAddFilter(toggledColumnFilter(columnFilter.selectedValues, columnName, value), false),
        };
  const dimensionColumns = data.columns.filter((candidate) => groupbyColumns.includes(candidate.name));
  const onRowContextMenu =
    onMarkContextMenu === undefined || dimensionColumns.length === 0
      ? undefined
      : (rowIndex: number, event: MouseEvent) =>
          emitMarkContextMenu(event, rowDrillValues(dimensionColumns, rowIndex), onMarkContextMenu);
  const barColumnNames = new Set(
    data.columns
      .filter((candidate) => candidate.genericType === genericDataTypes.numeric && !groupbyColumns.includes(candidate.name))
      .map((candidate) => candidate.name),
  );
  return (
    <TableChart
      columns={data.columns}
      rowCount={data.rowCount}
      onRowClick={onRowClick}
      cellFilter={cellFilter}
      onRowContextMenu={onRowContextMenu}
      options={readTableDisplayOptions(formData)}
      barColumnNames={barColumnNames}
      serverPage={serverPage}
      totals={readTableTotals(formData, queriesData)}
      onOwnStateChange={onOwnStateChange === undefined ? undefined : (ownState) => onOwnStateChange({ ...ownState })}
    />
  );
}
