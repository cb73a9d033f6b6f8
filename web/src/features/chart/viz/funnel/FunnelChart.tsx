import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { readCategoryValues } from '../categoryValues';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame, plotHeight } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readFormBoolean, readFormString } from '../formDataValues';
import { numberFormatter } from '../numberFormat';
import { pieSliceLabel, readPieLabelType } from '../pie/pieLabels';
import { useChartTooltip } from '../useChartTooltip';
import { markValue } from '../markValues';
import { useLegendToggle } from '../useLegendToggle';
import { emitMarkContextMenu } from '../drillValues';

const stepGap = 2;

/**
 * `funnel`: one step per group, widest first, its width proportional to the metric. The legend
 * lists the steps; a click on one leaves it out, as in Superset.
 */
export function FunnelChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const legend = useLegendToggle();
  const { metricName, categories } = readCategoryValues(data, formData);
  if (categories.length === 0) return <ChartEmptyState height={height} />;
  const allSteps = [...categories].sort((left, right) => right.value - left.value);
  const steps = allSteps.filter((step) => !legend.hiddenLabels.has(step.label));
  const colorScale = colorScaleForFormData(formData);
  const showLegend = readFormBoolean(formData, 'show_legend', true);
  const showLabels = readFormBoolean(formData, 'show_labels', true);
  const labelType = readPieLabelType(formData.label_type);
  const showTooltip = readFormBoolean(formData, 'show_tooltip_labels', true);
  const formatValue = numberFormatter(readFormString(formData, 'number_format', 'SMART_NUMBER'));
  const boxHeight = plotHeight(height, showLegend);
  const stepHeight = boxHeight / Math.max(steps.length, 1);
  const widest = Math.max(...steps.map((step) => Math.abs(step.value)), 1);
  const first = steps[0]?.value ?? 0;
  const total = steps.reduce((sum, step) => sum + step.value, 0);
  // Superset's `percent_calculation_type`: against the first step (default), the previous step or the total.
  const percentBase = (index: number): number =>
    formData.percent_calculation_type === 'prev_step' ? (steps[index - 1]?.value ?? first) : formData.percent_calculation_type === 'total' ? total : first;
  return (
    <ChartFrame
      width={width}
      height={height}
      theme={theme}
      tooltip={tooltip}
      legendItems={showLegend ? allSteps.map((step) => ({ label: step.label, color: colorScale.colorOf(step.label) })) : null}
      hiddenLabels={legend.hiddenLabels}
      onLegendToggle={legend.toggle}
    >
      {steps.map((step, index) => {
        const topWidth = (width * 0.8 * Math.abs(step.value)) / widest;
        const next = steps[index + 1];
        const bottomWidth = next === undefined ? topWidth * 0.6 : (width * 0.8 * Math.abs(next.value)) / widest;
        const top = index * stepHeight;
        const bottom = top + stepHeight - stepGap;
        const center = width / 2;
        const points = [
          [center - topWidth / 2, top],
          [center + topWidth / 2, top],
          [center + bottomWidth / 2, bottom],
          [center - bottomWidth / 2, bottom],
        ]
          .map((point) => point.join(','))
          .join(' ');
        const color = colorScale.colorOf(step.label);
        return (
          <g key={step.label}>
            <polygon
              data-testid={testIds.viz.mark}
              data-kind="step"
              data-series={step.label}
              data-value={markValue(step.value)}
              points={points}
              fill={color}
              stroke={theme.colors.surface}
              onMouseMove={
                showTooltip
                  ? (event) =>
                      tooltip.showAtPointer(event, {
                        title: step.label,
                        rows: [{ label: metricName, value: pieSliceLabel('value_percent', step.label, step.value, percentBase(index), formatValue), color }],
                      })
                  : undefined
              }
              onMouseLeave={tooltip.hide}
              onContextMenu={(event) => emitMarkContextMenu(event, step.drillValues, onMarkContextMenu)}
            />
            {showLabels && (
              <text
                data-testid={testIds.viz.label}
                x={center}
                y={(top + bottom) / 2}
                textAnchor="middle"
                dominantBaseline="middle"
                fill={theme.colors.textOnPrimary}
                fontSize={theme.fontSizes.s}
                pointerEvents="none"
              >
                {pieSliceLabel(labelType, step.label, step.value, percentBase(index), formatValue)}
              </text>
            )}
          </g>
        );
      })}
    </ChartFrame>
  );
}
