import { screen } from '@testing-library/react';
import type { GenericDataType } from '@/api/generated/GenericDataType';
import type { CellValue, ChartColumn } from '@/features/chart/chartColumns';
import { testIds } from '@/testIds';
import { buildTheme } from '@/theme/tokens';
import type { ChartQueryData, ChartRendererProps } from './chartRendererProps';

/** A column for renderer tests: `column('SUM(num)', 0, [1, 2])`. */
export function column(name: string, genericType: GenericDataType, values: CellValue[]): ChartColumn {
  return { name, genericType, values };
}

export function queryData(...columns: ChartColumn[]): ChartQueryData {
  return { columns, rowCount: columns[0]?.values.length ?? 0 };
}

/** Renderer props at 600 × 400 in the light theme, with the given viz type and form data. */
export function rendererProps(
  vizType: string,
  data: ChartQueryData | readonly ChartQueryData[],
  formData: Record<string, unknown> = {},
): ChartRendererProps {
  const queriesData = Array.isArray(data) ? (data as readonly ChartQueryData[]) : [data as ChartQueryData];
  return {
    data: queriesData[0] ?? { columns: [], rowCount: 0 },
    queriesData,
    formData: { datasource: '1__table', viz_type: vizType, ...formData },
    width: 600,
    height: 400,
    theme: buildTheme('default'),
  };
}

/** The open tooltip as text: its title, and each row's label, value and (where there is one) detail. */
export function tooltipContent(): { title: string; rows: string[][] } {
  const tooltip = screen.getByTestId(testIds.viz.tooltip);
  const rows = [...tooltip.querySelectorAll(':scope > div')].map((row) =>
    [...row.querySelectorAll('span:not([aria-hidden])')].map((cell) => cell.textContent),
  );
  return { title: tooltip.querySelector('strong')?.textContent ?? '', rows };
}
