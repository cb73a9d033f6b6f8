import { Group } from '@visx/group';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame, plotHeight } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readColumnLabels, readFormBoolean, readFormString } from '../formDataValues';
import { numberFormatter, numericCellValue } from '../numberFormat';
import { rowLabel, splitDimensionsAndMetrics } from '../queryColumns';
import { useChartTooltip } from '../useChartTooltip';
import { markValues } from '../markValues';
import { emitMarkContextMenu, rowDrillValues } from '../drillValues';

const ringCount = 4;

/** `radar`: one axis per metric, one polygon per `groupby` row; each axis runs from 0 to its largest value. */
export function RadarChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const { dimensions, metrics } = splitDimensionsAndMetrics(data.columns, readColumnLabels(formData, 'groupby'));
  if (metrics.length === 0 || data.rowCount === 0) return <ChartEmptyState height={height} />;
  const colorScale = colorScaleForFormData(formData);
  const formatValue = numberFormatter(readFormString(formData, 'number_format', 'SMART_NUMBER'));
  const showLegend = readFormBoolean(formData, 'show_legend', true);
  const boxHeight = plotHeight(height, showLegend);
  const radius = Math.min(width, boxHeight) / 2 - 32;
  const axisMaxima = metrics.map((metric) => Math.max(...metric.values.map((value) => numericCellValue(value) ?? 0), 0) || 1);
  const angleOf = (axisIndex: number): number => (2 * Math.PI * axisIndex) / metrics.length;
  const pointAt = (axisIndex: number, fraction: number): [number, number] => [
    Math.sin(angleOf(axisIndex)) * radius * fraction,
    -Math.cos(angleOf(axisIndex)) * radius * fraction,
  ];
  const rows = Array.from({ length: data.rowCount }, (_unused, rowIndex) => ({
    label: dimensions.length === 0 ? 'Total' : rowLabel(dimensions, rowIndex),
    values: metrics.map((metric) => numericCellValue(metric.values[rowIndex])),
    drillValues: rowDrillValues(dimensions, rowIndex),
  }));
  return (
    <ChartFrame
      width={width}
      height={height}
      theme={theme}
      tooltip={tooltip}
      legendItems={showLegend ? rows.map((row) => ({ label: row.label, color: colorScale.colorOf(row.label) })) : null}
    >
      <Group left={width / 2} top={boxHeight / 2}>
        {Array.from({ length: ringCount }, (_unused, ring) => (
          <polygon
            key={ring}
            points={metrics.map((_metric, axisIndex) => pointAt(axisIndex, (ring + 1) / ringCount).join(',')).join(' ')}
            fill="none"
            stroke={theme.colors.border}
          />
        ))}
        {metrics.map((metric, axisIndex) => {
          const [x, y] = pointAt(axisIndex, 1);
          const [labelX, labelY] = pointAt(axisIndex, 1.12);
          return (
            <g key={metric.name}>
              <line x1={0} y1={0} x2={x} y2={y} stroke={theme.colors.border} />
              <text data-testid={testIds.viz.label} x={labelX} y={labelY} textAnchor="middle" dominantBaseline="middle" fontSize={theme.fontSizes.xs} fill={theme.colors.textMuted}>
                {metric.name}
              </text>
            </g>
          );
        })}
        {rows.map((row) => {
          const color = colorScale.colorOf(row.label);
          const points = row.values.map((value, axisIndex) => pointAt(axisIndex, (value ?? 0) / (axisMaxima[axisIndex] ?? 1)).join(',')).join(' ');
          return (
            <polygon
              key={row.label}
              data-testid={testIds.viz.mark}
              data-kind="polygon"
              data-series={row.label}
              data-values={markValues(row.values)}
              points={points}
              fill={color}
              fillOpacity={0.25}
              stroke={color}
              strokeWidth={2}
              onMouseMove={(event) =>
                tooltip.showAtPointer(event, {
                  title: row.label,
                  rows: metrics.map((metric, axisIndex) => {
                    const value = row.values[axisIndex] ?? null;
                    return { label: metric.name, value: value === null ? 'N/A' : formatValue(value), color };
                  }),
                })
              }
              onMouseLeave={tooltip.hide}
              onContextMenu={(event) => emitMarkContextMenu(event, row.drillValues, onMarkContextMenu)}
            />
          );
        })}
      </Group>
    </ChartFrame>
  );
}
