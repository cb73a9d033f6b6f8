import type { JSX } from 'react';
import { CartesianChart } from '../cartesian/CartesianChart';
import type { CartesianSeries } from '../cartesian/cartesianSeries';
import { ChartEmptyState } from '../ChartEmptyState';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readColumnLabels, readFormBoolean, readFormString } from '../formDataValues';
import { numberFormatter, numericCellValue } from '../numberFormat';
import { rowLabel } from '../queryColumns';
import { timeFormatter } from '../timeFormat';

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
    />
  );
}
