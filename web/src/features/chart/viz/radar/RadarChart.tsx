import { Group } from '@visx/group';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame, plotHeight } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readColumnLabels, readFormBoolean, readFormString } from '../formDataValues';
import { missingNumberDisplay, numberFormatter, numericCellValue } from '../numberFormat';
import { rowLabel, splitDimensionsAndMetrics } from '../queryColumns';
import { useChartTooltip } from '../useChartTooltip';
import { MarkLabel } from '../MarkLabel';
import { markValues } from '../markValues';
import { timeFormatter } from '../timeFormat';
import { useLegendToggle } from '../useLegendToggle';
import { emitMarkContextMenu, rowDrillValues } from '../drillValues';

const ringCount = 4;

/**
 * `radar`: one axis per metric, one polygon per `groupby` row; each axis runs from 0 to its
 * largest value. The legend lists the groups; a click hides a group's polygon.
 */
export function RadarChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const legend = useLegendToggle();
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
  const formatTime = timeFormatter(readFormString(formData, 'date_format', 'smart_date'));
  const showLabels = readFormBoolean(formData, 'show_labels', false);
  const rows = Array.from({ length: data.rowCount }, (_unused, rowIndex) => ({
    label: dimensions.length === 0 ? 'Total' : rowLabel(dimensions, rowIndex, formatTime),
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
      hiddenLabels={legend.hiddenLabels}
      onLegendToggle={legend.toggle}
    >
      <Group left={width / 2} top={boxHeight / 2}>
        {Array.from({ length: ringCount }, (_unused, ring) => (
          <polygon
            key={ring}
            data-kind="grid"
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
          if (legend.hiddenLabels.has(row.label)) return null;
          const color = colorScale.colorOf(row.label);
          const vertices = row.values.map((value, axisIndex) => pointAt(axisIndex, (value ?? 0) / (axisMaxima[axisIndex] ?? 1)));
          const points = vertices.map((vertex) => vertex.join(',')).join(' ');
          return (
            <g key={row.label}>
              <polygon
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
                      return { label: metric.name, value: value === null ? missingNumberDisplay : formatValue(value), color };
                    }),
                  })
                }
                onMouseLeave={tooltip.hide}
                onContextMenu={(event) => emitMarkContextMenu(event, row.drillValues, onMarkContextMenu)}
              />
            {showLabels &&
              row.values.map((value, axisIndex) =>
                value === null ? null : (
                  <MarkLabel key={axisIndex} x={vertices[axisIndex]?.[0] ?? 0} y={(vertices[axisIndex]?.[1] ?? 0) - 6} baseline="auto" theme={theme}>
                    {formData.label_type === 'key_value' ? `${row.label}: ${formatValue(value)}` : formatValue(value)}
                  </MarkLabel>
                ),
              )}
            </g>
          );
        })}
      </Group>
    </ChartFrame>
  );
}
