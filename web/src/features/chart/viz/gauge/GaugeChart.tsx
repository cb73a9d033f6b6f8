import { Group } from '@visx/group';
import { Arc } from '@visx/shape';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { readCategoryValues } from '../categoryValues';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame, plotHeight } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readFormBoolean, readFormNumber, readFormString } from '../formDataValues';
import { numberFormatter } from '../numberFormat';
import { useChartTooltip } from '../useChartTooltip';
import { markValue } from '../markValues';

const degreesToRadians = Math.PI / 180;

/**
 * `gauge`: each group's value as a pointer on an arc from `start_angle` (225°) to `end_angle`
 * (-45°), between `min_val` and `max_val` (0 and the largest value by default).
 */
export function GaugeChart({ data, formData, width, height, theme }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const { metricName, categories } = readCategoryValues(data, formData);
  if (categories.length === 0) return <ChartEmptyState height={height} />;
  const colorScale = colorScaleForFormData(formData);
  const formatValue = numberFormatter(readFormString(formData, 'number_format', 'SMART_NUMBER'));
  const minimum = readFormNumber(formData, 'min_val', 0);
  const maximum = readFormNumber(formData, 'max_val', Math.max(...categories.map((category) => category.value), minimum + 1));
  // ECharts angles run counter-clockwise from 3 o'clock; visx arcs clockwise from 12 o'clock.
  const toArcAngle = (degrees: number): number => (90 - degrees) * degreesToRadians;
  const startAngle = toArcAngle(readFormNumber(formData, 'start_angle', 225));
  const endAngle = toArcAngle(readFormNumber(formData, 'end_angle', -45));
  const angleOf = (value: number): number => {
    const fraction = Math.min(Math.max((value - minimum) / (maximum - minimum || 1), 0), 1);
    return startAngle + (endAngle - startAngle) * fraction;
  };
  const showLegend = readFormBoolean(formData, 'show_legend', false) && categories.length > 1;
  const boxHeight = plotHeight(height, showLegend);
  const radius = Math.min(width, boxHeight) / 2 - 8;
  const showProgress = readFormBoolean(formData, 'show_progress', true);
  const headline = categories.length === 1 ? formatValue(categories[0]?.value ?? 0) : null;
  return (
    <ChartFrame
      width={width}
      height={height}
      theme={theme}
      tooltip={tooltip}
      legendItems={showLegend ? categories.map((category) => ({ label: category.label, color: colorScale.colorOf(category.label) })) : null}
    >
      <Group left={width / 2} top={boxHeight / 2}>
        <Arc startAngle={startAngle} endAngle={endAngle} innerRadius={radius * 0.85} outerRadius={radius} fill={theme.colors.surfaceMuted} />
        {categories.map((category, index) => {
          const color = colorScale.colorOf(category.label);
          const angle = angleOf(category.value);
          const ringOuter = radius - index * radius * 0.05;
          return (
            <g
              key={category.label}
              data-testid={testIds.viz.mark}
              data-kind="pointer"
              data-series={category.label}
              data-value={markValue(category.value)}
              onMouseMove={(event) => tooltip.showAtPointer(event, { title: category.label, rows: [{ label: metricName, value: formatValue(category.value), color }] })}
              onMouseLeave={tooltip.hide}
            >
              {showProgress && <Arc startAngle={startAngle} endAngle={angle} innerRadius={ringOuter * 0.85} outerRadius={ringOuter} fill={color} />}
              <line x1={0} y1={0} x2={Math.sin(angle) * radius * 0.7} y2={-Math.cos(angle) * radius * 0.7} stroke={color} strokeWidth={4} strokeLinecap="round" />
            </g>
          );
        })}
        <circle r={6} fill={theme.colors.text} />
        {headline !== null && (
          <text data-testid={testIds.viz.label} y={radius * 0.45} textAnchor="middle" fill={theme.colors.text} fontSize={theme.fontSizes.xl} fontWeight={600}>
            {headline}
          </text>
        )}
        {[minimum, maximum].map((value, index) => {
          const angle = index === 0 ? startAngle : endAngle;
          return (
            <text
              key={index}
              x={Math.sin(angle) * radius * 0.75}
              y={-Math.cos(angle) * radius * 0.75}
              textAnchor="middle"
              fill={theme.colors.textMuted}
              fontSize={theme.fontSizes.xs}
            >
              {formatValue(value)}
            </text>
          );
        })}
      </Group>
    </ChartFrame>
  );
}
