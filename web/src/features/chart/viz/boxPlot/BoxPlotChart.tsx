import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readFormString } from '../formDataValues';
import { markValue } from '../markValues';
import { missingNumberDisplay, numberFormatter, type NumberFormatter } from '../numberFormat';
import { timeFormatter } from '../timeFormat';
import { useChartTooltip, type TooltipRow } from '../useChartTooltip';
import { readBoxStatistics, type BoxStatistics } from './boxPlotStatistics';
import { emitMarkContextMenu } from '../drillValues';

const margin = { top: 8, right: 16, bottom: 32, left: 64 };

/** A box's name on the axis and in its tooltip, as Superset names it: the group, then the metric when there are several. */
function boxName(box: BoxStatistics, metricCount: number): string {
  return metricCount === 1 ? box.group : `${box.group}, ${box.metric}`;
}

/** Superset's box tooltip: the statistics from the top down, the observations and the outliers' count. */
export function boxTooltipRows(box: BoxStatistics, formatValue: NumberFormatter): TooltipRow[] {
  const statistics = [
    ['Max', box.max],
    ['3rd Quartile', box.q3],
    ['Mean', box.mean],
    ['Median', box.median],
    ['1st Quartile', box.q1],
    ['Min', box.min],
  ] as const;
  const rows: TooltipRow[] = statistics.map(([label, value]) => ({ label, value: value === null ? missingNumberDisplay : formatValue(value) }));
  rows.push({ label: '# Observations', value: box.count === null ? missingNumberDisplay : String(box.count) });
  if (box.outliers.length > 0) rows.push({ label: '# Outliers', value: String(box.outliers.length) });
  return rows;
}

/**
 * `box_plot`: a box from Q1 to Q3 with whiskers and outliers per group (the `columns` distributed
 * across) and metric, coloured by group. Superset's box plot has no legend: the axis names the boxes.
 */
export function BoxPlotChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const boxes = readBoxStatistics(data, timeFormatter(readFormString(formData, 'date_format', 'smart_date')));
  if (boxes.length === 0) return <ChartEmptyState height={height} />;
  const colorScale = colorScaleForFormData(formData);
  const metricCount = new Set(boxes.map((box) => box.metric)).size;
  const formatValue = numberFormatter(readFormString(formData, 'number_format', 'SMART_NUMBER'));
  const innerWidth = Math.max(width - margin.left - margin.right, 0);
  const innerHeight = Math.max(height - margin.top - margin.bottom, 0);
  const xScale = scaleBand<string>({ domain: [...new Set(boxes.map((box) => boxName(box, metricCount)))], range: [0, innerWidth], padding: 0.3 });
  const extremes = boxes.flatMap((box) => [box.min, box.max, ...box.outliers]);
  const yScale = scaleLinear<number>({ domain: [Math.min(...extremes), Math.max(...extremes)], range: [innerHeight, 0], nice: true });
  const tickLabelProps = { fill: theme.colors.textMuted, fontSize: theme.fontSizes.xs };
  return (
    <ChartFrame width={width} height={height} theme={theme} tooltip={tooltip} legendItems={null}>
      <Group left={margin.left} top={margin.top}>
        {boxes.map((box) => {
          const name = boxName(box, metricCount);
          const color = colorScale.colorOf(box.group);
          const left = xScale(name) ?? 0;
          const boxWidth = xScale.bandwidth();
          const center = left + boxWidth / 2;
          return (
            <g key={name} onContextMenu={(event) => emitMarkContextMenu(event, box.drillValues, onMarkContextMenu)}>
              <g onMouseMove={(event) => tooltip.showAtPointer(event, { title: name, rows: boxTooltipRows(box, formatValue) })} onMouseLeave={tooltip.hide}>
                <line data-kind="whisker" x1={center} x2={center} y1={yScale(box.max)} y2={yScale(box.q3)} stroke={theme.colors.text} />
                <line x1={center} x2={center} y1={yScale(box.q1)} y2={yScale(box.min)} stroke={theme.colors.text} />
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
              </g>
              {box.outliers.map((outlier, index) => (
                <circle
                  key={index}
                  data-testid={testIds.viz.mark}
                  data-kind="outlier"
                  data-series={box.group}
                  data-value={markValue(outlier)}
                  cx={center}
                  cy={yScale(outlier)}
                  r={3}
                  fill={theme.colors.surface}
                  stroke={color}
                  onMouseMove={(event) => tooltip.showAtPointer(event, { title: name, rows: [{ label: 'Outlier', value: formatValue(outlier), color }] })}
                  onMouseLeave={tooltip.hide}
                />
              ))}
            </g>
          );
        })}
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
