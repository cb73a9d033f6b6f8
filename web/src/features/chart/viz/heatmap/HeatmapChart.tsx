import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame, plotHeight } from '../ChartFrame';
import { legendHeight } from '../ChartLegend';
import type { ChartRendererProps } from '../chartRendererProps';
import { sequentialColors } from '../colorSchemes';
import { columnLabel, readColumnLabels, readFormBoolean, readFormNumber, readFormString } from '../formDataValues';
import { MarkLabel } from '../MarkLabel';
import { markValue } from '../markValues';
import { numberFormatter, numericCellValue } from '../numberFormat';
import { categoryLabel, splitDimensionsAndMetrics } from '../queryColumns';
import { timeFormatter } from '../timeFormat';
import { readValueAxisBounds } from '../timeseries/timeseriesLayer';
import { useChartTooltip } from '../useChartTooltip';
import { HeatmapColorScale } from './HeatmapColorScale';
import { heatCellShare, heatmapPieces, sortedAxisLabels, type HeatCell } from './heatmapLayout';
import { emitMarkContextMenu, rowDrillValues } from '../drillValues';

const margin = { top: 8, right: 16, bottom: 32, left: 96 };
/** The column of the rank post-processing the heatmap's query always asks for. */
export const heatmapRankColumn = 'rank';

/** Every `interval`-th tick (`xscale_interval`, `yscale_interval`); -1 or less lets the axis show them all. */
function everyNth(labels: readonly string[], interval: number): string[] {
  return interval <= 1 ? [...labels] : labels.filter((_label, index) => index % interval === 0);
}

/**
 * `heatmap_v2`: `x_axis` across, `groupby` down, each cell coloured by `metric` (or with
 * `normalized`, its percentile rank) on `linear_color_scheme` between the smallest and largest
 * value (or `value_bounds`). The legend is
 * Superset's colour scale: a gradient (`legend_type` continuous) or five pieces (piecewise).
 */
export function HeatmapChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const xName = columnLabel(formData.x_axis);
  const yName = readColumnLabels(formData, 'groupby')[0] ?? null;
  const { dimensions, metrics } = splitDimensionsAndMetrics(data.columns, [xName, yName].filter((name): name is string => name !== null));
  const [xColumn, yColumn] = dimensions;
  const metric = metrics[0];
  if (xColumn === undefined || yColumn === undefined || metric === undefined || data.rowCount === 0) return <ChartEmptyState height={height} />;

  const formatTime = timeFormatter(readFormString(formData, 'x_axis_time_format', 'smart_date'));
  // The rank post-processing adds `rank`, the metric's percentile rank; `normalized` colours by it.
  const rankColumn = readFormBoolean(formData, 'normalized', false) ? data.columns.find((column) => column.name === heatmapRankColumn) : undefined;
  const cells: HeatCell[] = [];
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    const value = numericCellValue(metric.values[rowIndex]);
    const [xValue, yValue] = [xColumn.values[rowIndex], yColumn.values[rowIndex]];
    const shade = rankColumn === undefined ? value : numericCellValue(rankColumn.values[rowIndex]);
    if (value !== null && shade !== null) {
      cells.push({ xValue, yValue, x: categoryLabel(xValue, xColumn, formatTime), y: categoryLabel(yValue, yColumn, formatTime), value, shade, rowIndex });
    }
  }
  if (cells.length === 0) return <ChartEmptyState height={height} />;
  const xLabels = sortedAxisLabels(cells, 'x', formData.sort_x_axis ?? 'alpha_asc');
  const yLabels = sortedAxisLabels(cells, 'y', formData.sort_y_axis ?? 'alpha_asc');
  const showLegend = readFormBoolean(formData, 'show_legend', true);
  const isPiecewise = formData.legend_type === 'piecewise';
  const formatValue = numberFormatter(readFormString(formData, 'y_axis_format', 'SMART_NUMBER'));
  const shades = cells.map((cell) => cell.shade);
  const bounds = readValueAxisBounds(formData, 'value_bounds');
  const low = bounds?.[0] ?? Math.min(...shades);
  const high = bounds?.[1] ?? Math.max(...shades);
  const stops = sequentialColors(formData.linear_color_scheme);
  const colorScale = scaleLinear<string>({
    domain: stops.map((_stop, index) => low + ((high - low) * index) / Math.max(stops.length - 1, 1)),
    range: [...stops],
    clamp: true,
  });
  const colorOf = (value: number): string => (high === low ? (stops.at(-1) ?? theme.colors.text) : colorScale(value));
  const pieces = heatmapPieces(low, high, formatValue).map((piece) => ({ label: piece.label, color: colorOf((piece.from + piece.to) / 2) }));
  // The continuous scale is drawn in the plot's top strip; the pieces use the shared legend line.
  const scaleStrip = showLegend && !isPiecewise ? legendHeight : 0;
  const frameLegend = showLegend && isPiecewise ? pieces : null;
  const innerWidth = Math.max(width - margin.left - margin.right, 0);
  const innerHeight = Math.max(plotHeight(height, frameLegend !== null) - scaleStrip - margin.top - margin.bottom, 0);
  const xScale = scaleBand<string>({ domain: xLabels, range: [0, innerWidth], padding: 0.02 });
  const yScale = scaleBand<string>({ domain: yLabels, range: [0, innerHeight], padding: 0.02 });
  const showValues = readFormBoolean(formData, 'show_values', false);
  const showPercentage = readFormBoolean(formData, 'show_percentage', true);
  const tickLabelProps = { fill: theme.colors.textMuted, fontSize: theme.fontSizes.xs };
  return (
    <ChartFrame width={width} height={height} theme={theme} tooltip={tooltip} legendItems={frameLegend}>
      {scaleStrip > 0 && <HeatmapColorScale stops={stops} lowLabel={formatValue(low)} highLabel={formatValue(high)} right={width} theme={theme} />}
      <Group left={margin.left} top={scaleStrip + margin.top}>
        {cells.map((cell) => (
          <g key={`${cell.x}|${cell.y}`}>
            <rect
              data-testid={testIds.viz.mark}
              data-kind="cell"
              data-series={`${cell.x}, ${cell.y}`}
              data-x={cell.x}
              data-y={cell.y}
              data-value={markValue(cell.value)}
              x={xScale(cell.x) ?? 0}
              y={yScale(cell.y) ?? 0}
              width={xScale.bandwidth()}
              height={yScale.bandwidth()}
              fill={colorOf(cell.shade)}
              onMouseMove={(event) =>
                tooltip.showAtPointer(event, {
                  title: `${cell.x} (${cell.y})`,
                  rows: [{ label: metric.name, value: formatValue(cell.value), detail: showPercentage ? heatCellShare(cell, cells, formData.normalize_across) : undefined }],
                })
              }
              onMouseLeave={tooltip.hide}
              onContextMenu={(event) => emitMarkContextMenu(event, rowDrillValues([xColumn, yColumn], cell.rowIndex), onMarkContextMenu)}
            />
            {showValues && (
              <MarkLabel x={(xScale(cell.x) ?? 0) + xScale.bandwidth() / 2} y={(yScale(cell.y) ?? 0) + yScale.bandwidth() / 2} theme={theme}>
                {formatValue(cell.value)}
              </MarkLabel>
            )}
          </g>
        ))}
        <AxisBottom
          top={innerHeight}
          scale={xScale}
          tickValues={everyNth(xLabels, readFormNumber(formData, 'xscale_interval', -1))}
          stroke={theme.colors.border}
          tickStroke={theme.colors.border}
          tickLabelProps={tickLabelProps}
        />
        <AxisLeft
          scale={yScale}
          tickValues={everyNth(yLabels, readFormNumber(formData, 'yscale_interval', -1))}
          stroke={theme.colors.border}
          tickStroke={theme.colors.border}
          tickLabelProps={{ ...tickLabelProps, textAnchor: 'end' }}
        />
      </Group>
    </ChartFrame>
  );
}
