import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame, plotHeight } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { columnLabel, readFormBoolean, readFormString } from '../formDataValues';
import { numberFormatter } from '../numberFormat';
import { useChartTooltip } from '../useChartTooltip';
import { waterfallSteps, type WaterfallStepKind } from './waterfallSteps';
import { markValue } from '../markValues';
import { genericDataTypes } from '@/features/chart/chartColumns';
import { findXColumn } from '../cartesian/cartesianSeries';
import type { DrillValue } from '../chartRendererProps';
import { emitMarkContextMenu, xAxisDrillValues } from '../drillValues';

const margin = { top: 8, right: 16, bottom: 32, left: 64 };

function rgbaColor(value: unknown, fallback: string): string {
  if (typeof value !== 'object' || value === null) return fallback;
  const { r, g, b, a } = value as Record<string, unknown>;
  return typeof r === 'number' && typeof g === 'number' && typeof b === 'number' ? `rgba(${r},${g},${b},${typeof a === 'number' ? a : 1})` : fallback;
}

/** `waterfall`: each x value's change floats from the running total; a total bar ends it. */
export function WaterfallChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const steps = waterfallSteps(data, columnLabel(formData.x_axis), readFormBoolean(formData, 'show_total', true));
  if (steps.length === 0) return <ChartEmptyState height={height} />;
  const colors: Record<WaterfallStepKind, string> = {
    increase: rgbaColor(formData.increase_color, '#5AC189'),
    decrease: rgbaColor(formData.decrease_color, '#FF7F44'),
    total: rgbaColor(formData.total_color, '#666666'),
  };
  const labels: Record<WaterfallStepKind, string> = { increase: 'Increase', decrease: 'Decrease', total: 'Total' };
  const showLegend = readFormBoolean(formData, 'show_legend', true);
  const formatValue = numberFormatter(readFormString(formData, 'y_axis_format', 'SMART_NUMBER'));
  const innerWidth = Math.max(width - margin.left - margin.right, 0);
  const innerHeight = Math.max(plotHeight(height, showLegend) - margin.top - margin.bottom, 0);
  const xScale = scaleBand<string>({ domain: steps.map((step) => step.label), range: [0, innerWidth], padding: 0.2 });
  const extremes = steps.flatMap((step) => [step.start, step.end]);
  const yScale = scaleLinear<number>({ domain: [Math.min(0, ...extremes), Math.max(0, ...extremes)], range: [innerHeight, 0], nice: true });
  const tickLabelProps = { fill: theme.colors.textMuted, fontSize: theme.fontSizes.xs };
  // Drilling to detail takes the step's x value (a time point's period); the total has none.
  const xColumn = findXColumn(data.columns, columnLabel(formData.x_axis));
  const stepDrillValues = (step: (typeof steps)[number]): DrillValue[] => {
    if (step.rowIndex === undefined || xColumn === undefined) return [];
    const xKind = xColumn.genericType === genericDataTypes.temporal ? 'time' : 'category';
    return xAxisDrillValues(formData, xKind, xColumn.values[step.rowIndex], () => step.label);
  };
  return (
    <ChartFrame
      width={width}
      height={height}
      theme={theme}
      tooltip={tooltip}
      legendItems={showLegend ? (['increase', 'decrease', 'total'] as const).map((kind) => ({ label: labels[kind], color: colors[kind] })) : null}
    >
      <Group left={margin.left} top={margin.top}>
        {steps.map((step) => (
          <rect
            key={step.label}
            data-testid={testIds.viz.mark}
            data-kind={step.kind}
            data-series={step.label}
            data-value={markValue(step.value)}
            x={xScale(step.label) ?? 0}
            y={yScale(Math.max(step.start, step.end))}
            width={xScale.bandwidth()}
            height={Math.abs(yScale(step.start) - yScale(step.end))}
            fill={colors[step.kind]}
            onMouseMove={(event) =>
              tooltip.showAtPointer(event, { title: step.label, rows: [{ label: labels[step.kind], value: formatValue(step.value), color: colors[step.kind] }] })
            }
            onMouseLeave={tooltip.hide}
            onContextMenu={(event) => emitMarkContextMenu(event, stepDrillValues(step), onMarkContextMenu)}
          />
        ))}
        <AxisBottom top={innerHeight} scale={xScale} stroke={theme.colors.border} tickStroke={theme.colors.border} tickLabelProps={tickLabelProps} />
        <AxisLeft
          scale={yScale}
          numTicks={5}
          tickFormat={(value) => formatValue(value.valueOf())}
          stroke={theme.colors.border}
          tickStroke={theme.colors.border}
          tickLabelProps={{ ...tickLabelProps, textAnchor: 'end' }}
        />
      </Group>
    </ChartFrame>
  );
}
