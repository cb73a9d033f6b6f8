import type { JSX } from 'react';
import { CartesianChart } from '../cartesian/CartesianChart';
import type { CartesianSeries } from '../cartesian/cartesianSeries';
import { ChartEmptyState } from '../ChartEmptyState';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readColumnLabels, readFormBoolean, readFormString } from '../formDataValues';
import { missingNumberDisplay, numberFormatter, numericCellValue, type NumberFormatter } from '../numberFormat';
import { rowLabel } from '../queryColumns';
import { timeFormatter } from '../timeFormat';
import type { TooltipRow } from '../useChartTooltip';

const percentFormatter = numberFormatter('.2%');
export const histogramTotalLabel = 'Total';

/** A bin's name from the histogram post-processing ("0 - 10") with both ends in `x_axis_format`, as Superset shows bins. */
export function formatBinRange(bin: string, formatValue: NumberFormatter): string {
  const ends = bin.split(' - ').map((end) => (end.trim() === '' ? Number.NaN : Number(end)));
  if (ends.length !== 2 || ends.some((end) => !Number.isFinite(end))) return bin;
  return ends.map(formatValue).join(' - ');
}

/**
 * `histogram_v2`: the histogram post-processing gives the `groupby` columns, then one count column
 * per bin ("0 - 10"); each result row is a series of bars over the bins.
 */
export function HistogramChart({ data, formData, width, height, theme }: ChartRendererProps): JSX.Element {
  const groupby = new Set(readColumnLabels(formData, 'groupby'));
  const groupColumns = data.columns.filter((column) => groupby.has(column.name));
  const binColumns = data.columns.filter((column) => !groupby.has(column.name));
  if (data.rowCount === 0 || binColumns.length === 0) return <ChartEmptyState height={height} />;
  const colorScale = colorScaleForFormData(formData);
  const fallbackName = readColumnLabels(formData, 'column')[0] ?? 'count';
  const series: CartesianSeries[] = Array.from({ length: data.rowCount }, (_unused, rowIndex) => {
    const name = groupColumns.length === 0 ? fallbackName : rowLabel(groupColumns, rowIndex);
    return {
      name,
      kind: 'bar',
      values: binColumns.map((column) => numericCellValue(column.values[rowIndex])),
      yAxisIndex: 0,
      stackGroup: null,
      color: colorScale.colorOf(name),
    };
  });
  const isNormalized = readFormBoolean(formData, 'normalize', false);
  const valueFormatter = numberFormatter(readFormString(formData, 'y_axis_format', isNormalized ? '.2%' : 'SMART_NUMBER'));
  const binFormatter = numberFormatter(readFormString(formData, 'x_axis_format', 'SMART_NUMBER'));
  // Superset's tooltip: each group's count with its share of the bin (unless normalized), then the bin's total.
  const tooltipRows = (index: number, shownSeries: readonly CartesianSeries[]): TooltipRow[] => {
    const counts = shownSeries.map((entry) => entry.values[index] ?? null);
    const total = counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);
    const share = (count: number): string | undefined => (isNormalized || groupColumns.length === 0 ? undefined : percentFormatter(count / (total || 1)));
    const rows: TooltipRow[] = shownSeries.map((entry, position) => {
      const count = counts[position] ?? null;
      return { label: entry.name, value: count === null ? missingNumberDisplay : valueFormatter(count), color: entry.color, detail: share(count ?? 0) };
    });
    return groupColumns.length === 0 ? rows : [...rows, { label: histogramTotalLabel, value: valueFormatter(total), detail: share(total) }];
  };
  return (
    <CartesianChart
      data={{ xKind: 'category', xValues: binColumns.map((column) => column.name), series }}
      width={width}
      height={height}
      theme={theme}
      showLegend={readFormBoolean(formData, 'show_legend', true)}
      isZoomable={false}
      xTimeFormatter={timeFormatter('smart_date')}
      tooltipTimeFormatter={timeFormatter('smart_date')}
      valueFormatters={[valueFormatter, valueFormatter]}
      markerRadius={null}
      categoryFormatter={(bin) => formatBinRange(bin, binFormatter)}
      tooltipRows={tooltipRows}
    />
  );
}
