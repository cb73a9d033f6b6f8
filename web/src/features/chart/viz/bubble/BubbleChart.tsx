import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleLog, scaleSqrt } from '@visx/scale';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame, plotHeight } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { columnLabel, readFormBoolean, readFormNumber, readFormString } from '../formDataValues';
import { numberFormatter, numericCellValue } from '../numberFormat';
import { categoryLabel } from '../queryColumns';
import { useChartTooltip } from '../useChartTooltip';
import { markValue } from '../markValues';
import { useLegendToggle } from '../useLegendToggle';
import type { DrillValue } from '../chartRendererProps';
import { emitMarkContextMenu, rowDrillValues } from '../drillValues';

const margin = { top: 16, right: 24, bottom: 32, left: 64 };

interface Bubble {
  entity: string;
  series: string;
  x: number;
  y: number;
  size: number;
  /** The entity's (and series') values: what drilling to detail keeps. */
  drillValues: DrillValue[];
}

/**
 * `bubble_v2`: one bubble per `entity`, coloured by `series`; the result's last three columns are
 * the `x`, `y` and `size` metrics. The legend lists the series (the entities without one); a
 * click hides a series.
 */
export function BubbleChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const legend = useLegendToggle();
  const entityColumn = data.columns.find((column) => column.name === columnLabel(formData.entity)) ?? data.columns[0];
  const seriesName = columnLabel(formData.series);
  const seriesColumn = seriesName === null ? undefined : data.columns.find((column) => column.name === seriesName);
  const [xColumn, yColumn, sizeColumn] = data.columns.slice(-3);
  if (entityColumn === undefined || xColumn === undefined || yColumn === undefined || sizeColumn === undefined || data.rowCount === 0) {
    return <ChartEmptyState height={height} />;
  }
  const bubbles: Bubble[] = [];
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    const [x, y, size] = [xColumn, yColumn, sizeColumn].map((column) => numericCellValue(column.values[rowIndex]));
    if (x == null || y == null || size == null) continue;
    const entity = categoryLabel(entityColumn.values[rowIndex], entityColumn);
    const series = seriesColumn === undefined ? entity : categoryLabel(seriesColumn.values[rowIndex], seriesColumn);
    const drillColumns = seriesColumn === undefined || seriesColumn === entityColumn ? [entityColumn] : [entityColumn, seriesColumn];
    bubbles.push({ entity, series, x, y, size, drillValues: rowDrillValues(drillColumns, rowIndex) });
  }
  if (bubbles.length === 0) return <ChartEmptyState height={height} />;
  const colorScale = colorScaleForFormData(formData);
  const showLegend = readFormBoolean(formData, 'show_legend', true);
  const formatX = numberFormatter(readFormString(formData, 'xAxisFormat', 'SMART_NUMBER'));
  const formatY = numberFormatter(readFormString(formData, 'y_axis_format', 'SMART_NUMBER'));
  const formatSize = numberFormatter(readFormString(formData, 'tooltipSizeFormat', 'SMART_NUMBER'));
  const opacity = readFormNumber(formData, 'opacity', 0.6);
  const innerWidth = Math.max(width - margin.left - margin.right, 0);
  const innerHeight = Math.max(plotHeight(height, showLegend) - margin.top - margin.bottom, 0);
  const extent = (values: number[]): [number, number] => {
    const low = Math.min(...values);
    const high = Math.max(...values);
    return low === high ? [low - 1, high + 1] : [low, high];
  };
  const xDomain = extent(bubbles.map((bubble) => bubble.x));
  const yDomain = extent(bubbles.map((bubble) => bubble.y));
  const xScale = readFormBoolean(formData, 'logXAxis', false) && xDomain[0] > 0
    ? scaleLog<number>({ domain: xDomain, range: [0, innerWidth] })
    : scaleLinear<number>({ domain: xDomain, range: [0, innerWidth], nice: true });
  const yScale = readFormBoolean(formData, 'logYAxis', false) && yDomain[0] > 0
    ? scaleLog<number>({ domain: yDomain, range: [innerHeight, 0] })
    : scaleLinear<number>({ domain: yDomain, range: [innerHeight, 0], nice: true });
  const sizeScale = scaleSqrt<number>({
    domain: [0, Math.max(...bubbles.map((bubble) => Math.abs(bubble.size)), 1)],
    range: [2, readFormNumber(formData, 'max_bubble_size', 25)],
  });
  const seriesNames = [...new Set(bubbles.map((bubble) => bubble.series))];
  const tickLabelProps = { fill: theme.colors.textMuted, fontSize: theme.fontSizes.xs };
  return (
    <ChartFrame
      width={width}
      height={height}
      theme={theme}
      tooltip={tooltip}
      legendItems={showLegend ? seriesNames.map((name) => ({ label: name, color: colorScale.colorOf(name) })) : null}
      hiddenLabels={legend.hiddenLabels}
      onLegendToggle={legend.toggle}
    >
      <Group left={margin.left} top={margin.top}>
        {bubbles
          .filter((bubble) => !legend.hiddenLabels.has(bubble.series))
          .sort((left, right) => Math.abs(right.size) - Math.abs(left.size))
          .map((bubble) => {
            const color = colorScale.colorOf(bubble.series);
            return (
              <circle
                key={`${bubble.series}|${bubble.entity}`}
                data-testid={testIds.viz.mark}
                data-kind="bubble"
                data-series={bubble.entity}
                data-x={markValue(bubble.x)}
                data-y={markValue(bubble.y)}
                data-size={markValue(bubble.size)}
                cx={xScale(bubble.x)}
                cy={yScale(bubble.y)}
                r={sizeScale(Math.abs(bubble.size))}
                fill={color}
                fillOpacity={opacity}
                stroke={color}
                onMouseMove={(event) =>
                  tooltip.showAtPointer(event, {
                    title: seriesColumn === undefined ? bubble.entity : `${bubble.series} (${bubble.entity})`,
                    rows: [
                      { label: xColumn.name, value: formatX(bubble.x), color },
                      { label: yColumn.name, value: formatY(bubble.y) },
                      { label: sizeColumn.name, value: formatSize(bubble.size) },
                    ],
                  })
                }
                onMouseLeave={tooltip.hide}
                onContextMenu={(event) => emitMarkContextMenu(event, bubble.drillValues, onMarkContextMenu)}
              />
            );
          })}
        <AxisBottom top={innerHeight} scale={xScale} numTicks={6} tickFormat={(value) => formatX(value.valueOf())} stroke={theme.colors.border} tickStroke={theme.colors.border} tickLabelProps={tickLabelProps} />
        <AxisLeft scale={yScale} numTicks={5} tickFormat={(value) => formatY(value.valueOf())} stroke={theme.colors.border} tickStroke={theme.colors.border} tickLabelProps={{ ...tickLabelProps, textAnchor: 'end' }} />
      </Group>
    </ChartFrame>
  );
}
