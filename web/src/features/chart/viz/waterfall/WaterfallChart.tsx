import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame, plotHeight } from '../ChartFrame';
import type { ChartRendererProps, DrillValue } from '../chartRendererProps';
import { columnLabel, readColumnLabels, readFormBoolean, readFormString } from '../formDataValues';
import { MarkLabel } from '../MarkLabel';
import { markValue } from '../markValues';
import { numberFormatter, type NumberFormatter } from '../numberFormat';
import { timeFormatter } from '../timeFormat';
import { useChartTooltip, type TooltipRow } from '../useChartTooltip';
import { useLegendToggle } from '../useLegendToggle';
import { waterfallSteps, waterfallTotalLabel, type WaterfallStep, type WaterfallStepKind } from './waterfallSteps';
import { genericDataTypes } from '@/features/chart/chartColumns';
import { findXColumn } from '../cartesian/cartesianSeries';
import { drillValue, emitMarkContextMenu, xAxisDrillValues } from '../drillValues';

const margin = { top: 16, right: 16, bottom: 32, left: 64 };
const stepKinds = ['increase', 'decrease', 'total'] as const;
/** Superset's legend names of the three bar series. */
export const waterfallLegendLabels: Record<WaterfallStepKind, string> = { increase: 'Increase', decrease: 'Decrease', total: waterfallTotalLabel };

function rgbaColor(value: unknown, fallback: string): string {
  if (typeof value !== 'object' || value === null) return fallback;
  const { r, g, b, a } = value as Record<string, unknown>;
  return typeof r === 'number' && typeof g === 'number' && typeof b === 'number' ? `rgba(${r},${g},${b},${typeof a === 'number' ? a : 1})` : fallback;
}

/** Superset's tooltip: a change and the running total after it; the total bar shows the total alone. */
export function waterfallTooltipRows(step: WaterfallStep, formatValue: NumberFormatter, color: string): TooltipRow[] {
  const total = { label: waterfallTotalLabel, value: formatValue(step.end) };
  return step.kind === 'total' ? [{ ...total, color }] : [{ label: waterfallLegendLabels[step.kind], value: formatValue(step.value), color }, total];
}

/**
 * `waterfall`: each x value's change (or each breakdown value's, per period) floats from the
 * running total; total bars show the running total from 0. The
 * legend (off by default, as in Superset) names Increase, Decrease and Total; a click hides those bars.
 */
export function WaterfallChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const legend = useLegendToggle();
  const formatTime = timeFormatter(readFormString(formData, 'x_axis_time_format', 'smart_date'));
  const breakdownName = readColumnLabels(formData, 'groupby')[0] ?? null;
  const steps = waterfallSteps(data, { xAxisName: columnLabel(formData.x_axis), breakdownName, showTotal: readFormBoolean(formData, 'show_total', true), formatTime });
  if (steps.length === 0) return <ChartEmptyState height={height} />;
  const colors: Record<WaterfallStepKind, string> = {
    increase: rgbaColor(formData.increase_color, 'rgba(90,193,137,1)'),
    decrease: rgbaColor(formData.decrease_color, 'rgba(224,67,85,1)'),
    total: rgbaColor(formData.total_color, 'rgba(102,102,102,1)'),
  };
  const showLegend = readFormBoolean(formData, 'show_legend', false);
  const showValue = readFormBoolean(formData, 'show_value', false);
  const formatValue = numberFormatter(readFormString(formData, 'y_axis_format', 'SMART_NUMBER'));
  const innerWidth = Math.max(width - margin.left - margin.right, 0);
  const innerHeight = Math.max(plotHeight(height, showLegend) - margin.top - margin.bottom, 0);
  // Bands by position: two x values may share a formatted label.
  const xScale = scaleBand<number>({ domain: steps.map((_step, index) => index), range: [0, innerWidth], padding: 0.2 });
  const extremes = steps.flatMap((step) => [step.start, step.end]);
  const yScale = scaleLinear<number>({ domain: [Math.min(0, ...extremes), Math.max(0, ...extremes)], range: [innerHeight, 0], nice: true });
  const tickLabelProps = { fill: theme.colors.textMuted, fontSize: theme.fontSizes.xs };
  // Drilling to detail takes the step's period (a time point's period under the time grain) and a
  // breakdown change's value; the final total has none.
  const xColumn = findXColumn(data.columns, columnLabel(formData.x_axis));
  const breakdownColumn = data.columns.find((column) => column.name === breakdownName && column !== xColumn);
  const stepDrillValues = (step: WaterfallStep): DrillValue[] => {
    const { rowIndex, breakdownRowIndex } = step;
    if (rowIndex === undefined || xColumn === undefined) return [];
    const xKind = xColumn.genericType === genericDataTypes.temporal ? 'time' : 'category';
    // A period is labelled as the axis labels it (`x_axis_time_format`).
    const values = xAxisDrillValues(formData, xKind, xColumn.values[rowIndex], formatTime);
    if (breakdownColumn === undefined || breakdownRowIndex === undefined) return values;
    return [...values, drillValue(breakdownColumn.name, breakdownColumn.values[breakdownRowIndex])];
  };
  return (
    <ChartFrame
      width={width}
      height={height}
      theme={theme}
      tooltip={tooltip}
      legendItems={showLegend ? stepKinds.map((kind) => ({ label: waterfallLegendLabels[kind], color: colors[kind] })) : null}
      hiddenLabels={legend.hiddenLabels}
      onLegendToggle={legend.toggle}
    >
      <Group left={margin.left} top={margin.top}>
        {steps.map((step, index) => {
          if (legend.hiddenLabels.has(waterfallLegendLabels[step.kind])) return null;
          const left = xScale(index) ?? 0;
          const top = yScale(Math.max(step.start, step.end));
          const bottom = yScale(Math.min(step.start, step.end));
          return (
            <g key={index}>
              <rect
                data-testid={testIds.viz.mark}
                data-kind={step.kind}
                data-series={step.label}
                data-value={markValue(step.value)}
                x={left}
                y={top}
                width={xScale.bandwidth()}
                height={bottom - top}
                fill={colors[step.kind]}
                onMouseMove={(event) =>
                  tooltip.showAtPointer(event, { title: step.kind === 'total' && breakdownName === null ? '' : step.label, rows: waterfallTooltipRows(step, formatValue, colors[step.kind]) })
                }
                onMouseLeave={tooltip.hide}
                onContextMenu={(event) => emitMarkContextMenu(event, stepDrillValues(step), onMarkContextMenu)}
              />
              {showValue && (
                <MarkLabel
                  x={left + xScale.bandwidth() / 2}
                  y={step.kind === 'decrease' ? bottom + 4 : top - 4}
                  baseline={step.kind === 'decrease' ? 'hanging' : 'auto'}
                  theme={theme}
                >
                  {formatValue(step.value)}
                </MarkLabel>
              )}
            </g>
          );
        })}
        <AxisBottom
          top={innerHeight}
          scale={xScale}
          tickFormat={(index) => steps[index]?.label ?? ''}
          stroke={theme.colors.border}
          tickStroke={theme.colors.border}
          tickLabelProps={tickLabelProps}
        />
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
