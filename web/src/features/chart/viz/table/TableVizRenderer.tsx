import type { JSX, MouseEvent } from 'react';
import { ChartEmptyState } from '../ChartEmptyState';
import type { ChartRendererProps } from '../chartRendererProps';
import { toggledCrossFilter } from '../crossFilterSelection';
import { emitMarkContextMenu, rowDrillValues } from '../drillValues';
import { readColumnLabels } from '../formDataValues';
import { genericDataTypes } from '@/features/chart/chartColumns';
import { TableChart } from './TableChart';
import { readServerPage } from './serverPagination';
import { readTableDisplayOptions } from './tableOptions';

/**
 * The table chart behind the common renderer props: it fills its box and scrolls, or pages with
 * `page_length`, or shows the server's page with `server_pagination` (its own state asks for the next). Cell bars go behind the metric columns (every numeric column of raw records). On a dashboard,
 * clicking a row cross-filters on its first group-by column. Right-clicking a row of an aggregated
 * table drills to detail by its group-by values (Superset's table: raw records have none).
 */
export function TableVizRenderer({ data, queriesData, formData, onCrossFilter, crossFilterValues, onMarkContextMenu, onOwnStateChange }: ChartRendererProps): JSX.Element {
  const serverPage = readServerPage(formData, queriesData);
  // A server page past the last row is empty, but the pages are still there to go back.
  if (data.rowCount === 0 && (serverPage === null || serverPage.totalRows === 0)) return <ChartEmptyState />;
  const groupbyColumns = formData.query_mode === 'raw' ? [] : readColumnLabels(formData, 'groupby');
  const groupbyColumn = groupbyColumns[0];
  const column = data.columns.find((candidate) => candidate.name === groupbyColumn);
  const onRowClick =
    onCrossFilter === undefined || groupbyColumn === undefined || column === undefined
      ? undefined
      : (rowIndex: number) => onCrossFilter(toggledCrossFilter(groupbyColumn, column.values[rowIndex] ?? null, crossFilterValues));
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
      onRowContextMenu={onRowContextMenu}
      options={readTableDisplayOptions(formData)}
      barColumnNames={barColumnNames}
      serverPage={serverPage}
      onOwnStateChange={onOwnStateChange === undefined ? undefined : (ownState) => onOwnStateChange({ ...ownState })}
    />
  );
}
