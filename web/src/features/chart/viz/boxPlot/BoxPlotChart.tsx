import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame, plotHeight } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readFormBoolean, readFormString } from '../formDataValues';
import { numberFormatter } from '../numberFormat';
import { useChartTooltip } from '../useChartTooltip';
import { readBoxStatistics } from './boxPlotStatistics';
import { markValue } from '../markValues';
import { emitMarkContextMenu } from '../drillValues';

const margin = { top: 8, right: 16, bottom: 32, left: 64 };

/** `box_plot`: per group (the `columns` distributed across) and metric, a box from Q1 to Q3 with whiskers and outliers. */
export function BoxPlotChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const boxes = readBoxStatistics(data);
  if (boxes.length === 0) return <ChartEmptyState height={height} />;
  const colorScale = colorScaleForFormData(formData);
  const metrics = [...new Set(boxes.map((box) => box.metric))];
  const groups = [...new Set(boxes.map((box) => box.group))];
  const showLegend = readFormBoolean(formData, 'show_legend', true);
  const formatValue = numberFormatter(readFormString(formData, 'number_format', 'SMART_NUMBER'));
  const innerWidth = Math.max(width - margin.left - margin.right, 0);
  const innerHeight = Math.max(plotHeight(height, showLegend) - margin.top - margin.bottom, 0);
  const groupScale = scaleBand<string>({ domain: groups, range: [0, innerWidth], padding: 0.2 });
  const metricScale = scaleBand<string>({ domain: metrics, range: [0, groupScale.bandwidth()], padding: 0.1 });
  const extremes = boxes.flatMap((box) => [box.min, box.max, ...box.outliers]);
  const yScale = scaleLinear<number>({ domain: [Math.min(...extremes), Math.max(...extremes)], range: [innerHeight, 0], nice: true });
  const tickLabelProps = { fill: theme.colors.textMuted, fontSize: theme.fontSizes.xs };
  return (
    <ChartFrame
      width={width}
      height={height}
      theme={theme}
      tooltip={tooltip}
      legendItems={showLegend ? metrics.map((metric) => ({ label: metric, color: colorScale.colorOf(metric) })) : null}
    >
      <Group left={margin.left} top={margin.top}>
        {boxes.map((box) => {
          const color = colorScale.colorOf(box.metric);
          const left = (groupScale(box.group) ?? 0) + (metricScale(box.metric) ?? 0);
          const boxWidth = metricScale.bandwidth();
          const center = left + boxWidth / 2;
          const rows = (
            [
              ['Maximum', box.max],
              ['3rd quartile', box.q3],
              ['Median', box.median],
              ['1st quartile', box.q1],
              ['Minimum', box.min],
            ] as const
          ).map(([label, value]) => ({ label, value: formatValue(value) }));
          return (
            <g
              key={`${box.group}|${box.metric}`}
              onMouseMove={(event) => tooltip.showAtPointer(event, { title: `${box.group} · ${box.metric}`, rows })}
              onMouseLeave={tooltip.hide}
              onContextMenu={(event) => emitMarkContextMenu(event, box.drillValues, onMarkContextMenu)}
            >
              <line x1={center} x2={center} y1={yScale(box.max)} y2={yScale(box.min)} stroke={theme.colors.text} />
              <line x1={left + boxWidth / 4} x2={left + (3 * boxWidth) / 4} y1={yScale(box.max)} y2={yScale(box.max)} stroke={theme.colors.text} />
              <line x1={left + boxWidth / 4} x2={left + (3 * boxWidth) / 4} y1={yScale(box.min)} y2={yScale(box.min)} stroke={theme.colors.text} />
              <rect
                data-testid={testIds.viz.mark}
                data-kind="box"
                data-series={box.group}
                data-metric={box.metric}
                data-min={markValue(box.min)}
                data-q1={markValue(box.q1)}
                data-median={markValue(box.median)}
                data-q3={markValue(box.q3)}
                data-max={markValue(box.max)}
                x={left}
                y={yScale(box.q3)}
                width={boxWidth}
                height={Math.abs(yScale(box.q1) - yScale(box.q3))}
                fill={color}
                fillOpacity={0.6}
                stroke={color}
              />
              <line x1={left} x2={left + boxWidth} y1={yScale(box.median)} y2={yScale(box.median)} stroke={theme.colors.text} strokeWidth={2} />
              {box.outliers.map((outlier, index) => (
                <circle key={index} data-testid={testIds.viz.mark} data-kind="outlier" cx={center} cy={yScale(outlier)} r={3} fill="none" stroke={color} />
              ))}
            </g>
          );
        })}
        <AxisBottom top={innerHeight} scale={groupScale} stroke={theme.colors.border} tickStroke={theme.colors.border} tickLabelProps={tickLabelProps} />
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
