import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame, plotHeight } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { sequentialColors } from '../colorSchemes';
import { columnLabel, readColumnLabels, readFormBoolean, readFormString } from '../formDataValues';
import { numberFormatter, numericCellValue } from '../numberFormat';
import { categoryLabel, splitDimensionsAndMetrics } from '../queryColumns';
import { useChartTooltip } from '../useChartTooltip';
import { markValue } from '../markValues';
import { emitMarkContextMenu, rowDrillValues } from '../drillValues';

const margin = { top: 8, right: 16, bottom: 32, left: 96 };

interface HeatCell {
  x: string;
  y: string;
  value: number;
  /** The cell's row in the result (its x and y values). */
  rowIndex: number;
}

/** `heatmap_v2`: `x_axis` across, `groupby` down, each cell coloured by `metric` on `linear_color_scheme`. */
export function HeatmapChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const xName = columnLabel(formData.x_axis);
  const yName = readColumnLabels(formData, 'groupby')[0] ?? null;
  const { dimensions, metrics } = splitDimensionsAndMetrics(data.columns, [xName, yName].filter((name): name is string => name !== null));
  const [xColumn, yColumn] = dimensions;
  const metric = metrics[0];
  if (xColumn === undefined || yColumn === undefined || metric === undefined || data.rowCount === 0) return <ChartEmptyState height={height} />;

  const cells: HeatCell[] = [];
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    const value = numericCellValue(metric.values[rowIndex]);
    if (value !== null) cells.push({ x: categoryLabel(xColumn.values[rowIndex], xColumn), y: categoryLabel(yColumn.values[rowIndex], yColumn), value, rowIndex });
  }
  const sortLabels = (labels: string[], order: unknown): string[] => (order === 'alpha_desc' ? labels.sort().reverse() : labels.sort());
  const xLabels = sortLabels([...new Set(cells.map((cell) => cell.x))], formData.sort_x_axis);
  const yLabels = sortLabels([...new Set(cells.map((cell) => cell.y))], formData.sort_y_axis);
  const showLegend = readFormBoolean(formData, 'show_legend', true);
  const formatValue = numberFormatter(readFormString(formData, 'y_axis_format', 'SMART_NUMBER'));
  const innerWidth = Math.max(width - margin.left - margin.right, 0);
  const innerHeight = Math.max(plotHeight(height, showLegend) - margin.top - margin.bottom, 0);
  const xScale = scaleBand<string>({ domain: xLabels, range: [0, innerWidth], padding: 0.02 });
  const yScale = scaleBand<string>({ domain: yLabels, range: [0, innerHeight], padding: 0.02 });
  const values = cells.map((cell) => cell.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const stops = sequentialColors(formData.linear_color_scheme);
  const colorScale = scaleLinear<string>({
    domain: stops.map((_stop, index) => low + ((high - low) * index) / Math.max(stops.length - 1, 1)),
    range: [...stops],
  });
  const showValues = readFormBoolean(formData, 'show_values', false);
  const tickLabelProps = { fill: theme.colors.textMuted, fontSize: theme.fontSizes.xs };
  return (
    <ChartFrame
      width={width}
      height={height}
      theme={theme}
      tooltip={tooltip}
      legendItems={showLegend ? [{ label: formatValue(low), color: stops[0] ?? '#fff' }, { label: formatValue(high), color: stops.at(-1) ?? '#000' }] : null}
    >
      <Group left={margin.left} top={margin.top}>
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
              fill={high === low ? (stops.at(-1) ?? '#000') : colorScale(cell.value)}
              onMouseMove={(event) =>
                tooltip.showAtPointer(event, { title: `${cell.x} · ${cell.y}`, rows: [{ label: metric.name, value: formatValue(cell.value) }] })
              }
              onMouseLeave={tooltip.hide}
              onContextMenu={(event) => emitMarkContextMenu(event, rowDrillValues([xColumn, yColumn], cell.rowIndex), onMarkContextMenu)}
            />
            {showValues && (
              <text
                data-testid={testIds.viz.label}
                x={(xScale(cell.x) ?? 0) + xScale.bandwidth() / 2}
                y={(yScale(cell.y) ?? 0) + yScale.bandwidth() / 2}
                textAnchor="middle"
                dominantBaseline="middle"
                fontSize={theme.fontSizes.xs}
                fill={theme.colors.text}
                pointerEvents="none"
              >
                {formatValue(cell.value)}
              </text>
            )}
          </g>
        ))}
        <AxisBottom top={innerHeight} scale={xScale} stroke={theme.colors.border} tickStroke={theme.colors.border} tickLabelProps={tickLabelProps} />
        <AxisLeft scale={yScale} stroke={theme.colors.border} tickStroke={theme.colors.border} tickLabelProps={{ ...tickLabelProps, textAnchor: 'end' }} />
      </Group>
    </ChartFrame>
  );
}
