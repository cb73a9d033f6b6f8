import type { JSX } from 'react';
import type { ChartRendererProps } from '../chartRendererProps';
import { TableChart } from './TableChart';

/** The table chart behind the common renderer props: it fills its box and scrolls. */
export function TableVizRenderer({ data }: ChartRendererProps): JSX.Element {
  return <TableChart columns={data.columns} rowCount={data.rowCount} />;
}
