import type { JSX } from 'react';
import type { ChartRendererProps } from '../chartRendererProps';
import { toggledCrossFilter } from '../crossFilterSelection';
import { readColumnLabels } from '../formDataValues';
import { TableChart } from './TableChart';

/**
 * The table chart behind the common renderer props: it fills its box and scrolls. On a dashboard,
 * clicking a row cross-filters on its first group-by column.
 */
export function TableVizRenderer({ data, formData, onCrossFilter, crossFilterValues }: ChartRendererProps): JSX.Element {
  const groupbyColumn = formData.query_mode === 'raw' ? undefined : readColumnLabels(formData, 'groupby')[0];
  const column = data.columns.find((candidate) => candidate.name === groupbyColumn);
  const onRowClick =
    onCrossFilter === undefined || groupbyColumn === undefined || column === undefined
      ? undefined
      : (rowIndex: number) => onCrossFilter(toggledCrossFilter(groupbyColumn, column.values[rowIndex] ?? null, crossFilterValues));
  return <TableChart columns={data.columns} rowCount={data.rowCount} onRowClick={onRowClick} />;
}
