import { Group } from '@visx/group';
import { Arc } from '@visx/shape';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { readCategoryValues } from '../categoryValues';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readFormBoolean, readFormNumber, readFormString } from '../formDataValues';
import { numberFormatter } from '../numberFormat';
import { useChartTooltip } from '../useChartTooltip';
import { markValue } from '../markValues';

const degreesToRadians = Math.PI / 180;

/** Superset's `value_formatter`: text around the number, "{value} km"; empty shows the number alone. */
export function gaugeValueText(template: string, formattedValue: string): string {
  return template === '' ? formattedValue : template.replace('{value}', formattedValue);
}

/**
 * `gauge`: each group's value as a pointer on an arc from `start_angle` (225°) to `end_angle`
 * (-45°), between `min_val` and `max_val` (by default, as in Superset, twice the smallest and the
 * largest value, with 0 between). Superset's gauge has no legend; the tooltip names the group.
 */
export function GaugeChart({ data, formData, width, height, theme }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const { metricName, categories } = readCategoryValues(data, formData);
  if (categories.length === 0) return <ChartEmptyState height={height} />;
  const colorScale = colorScaleForFormData(formData);
  const formatNumber = numberFormatter(readFormString(formData, 'number_format', 'SMART_NUMBER'));
  const valueTemplate = readFormString(formData, 'value_formatter', '');
  const formatValue = (value: number): string => gaugeValueText(valueTemplate, formatNumber(value));
  const values = categories.map((category) => category.value);
  const minimum = readFormNumber(formData, 'min_val', 2 * Math.min(...values, 0));
  const maximum = readFormNumber(formData, 'max_val', 2 * Math.max(...values, 0));
  // ECharts angles run counter-clockwise from 3 o'clock; visx arcs clockwise from 12 o'clock.
  const toArcAngle = (degrees: number): number => (90 - degrees) * degreesToRadians;
  const startAngle = toArcAngle(readFormNumber(formData, 'start_angle', 225));
  const endAngle = toArcAngle(readFormNumber(formData, 'end_angle', -45));
  const angleOf = (value: number): number => {
    const fraction = Math.min(Math.max((value - minimum) / (maximum - minimum || 1), 0), 1);
    return startAngle + (endAngle - startAngle) * fraction;
  };
  const radius = Math.min(width, height) / 2 - 8;
  const showProgress = readFormBoolean(formData, 'show_progress', true);
  const showPointer = readFormBoolean(formData, 'show_pointer', true);
  const headline = categories.length === 1 ? formatValue(categories[0]?.value ?? 0) : null;
  return (
    <ChartFrame width={width} height={height} theme={theme} tooltip={tooltip} legendItems={null}>
      <Group left={width / 2} top={height / 2}>
        <Arc data-kind="axis-line" startAngle={startAngle} endAngle={endAngle} innerRadius={radius * 0.85} outerRadius={radius} fill={theme.colors.surfaceMuted} />
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
              {showPointer && <line x1={0} y1={0} x2={Math.sin(angle) * radius * 0.7} y2={-Math.cos(angle) * radius * 0.7} stroke={color} strokeWidth={4} strokeLinecap="round" />}
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
              {formatNumber(value)}
            </text>
          );
        })}
      </Group>
    </ChartFrame>
  );
}
