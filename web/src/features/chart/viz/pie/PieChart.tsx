import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { useState, type JSX } from 'react';
import { genericDataTypes, type ChartColumn } from '@/features/chart/chartColumns';
import { testIds } from '@/testIds';
import { toggledCrossFilter } from '../crossFilterSelection';
import { emitMarkContextMenu, rowDrillValues } from '../drillValues';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame, plotHeight } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readColumnLabels, readFormBoolean, readFormNumber, readFormString } from '../formDataValues';
import { numberFormatter, numericCellValue } from '../numberFormat';
import { categoryLabel, rowLabel, splitDimensionsAndMetrics } from '../queryColumns';
import { smartDateFormat, timeFormatter } from '../timeFormat';
import { useChartTooltip } from '../useChartTooltip';
import { pieSliceLabel, readPieLabelType } from './pieLabels';
import { markValue } from '../markValues';

interface PieSlice {
  /** The slice's row in the result. */
  rowIndex: number;
  /** Its groups joined ("boy, CA"), temporal ones in `date_format`. */
  label: string;
  /** Its groups as category labels (dates as YYYY-MM-DD): the cross-filter's value. */
  filterValue: string;
  value: number;
  color: string;
}

/** `pie`: a slice per group of `groupby` (dates in `date_format`), sized by `metric`; `donut` cuts out the middle. */
export function PieChart({ data, formData, width, height, theme, onCrossFilter, crossFilterValues, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const [hiddenLabels, setHiddenLabels] = useState<ReadonlySet<string>>(new Set());
  const tooltip = useChartTooltip();
  const { dimensions, metrics } = splitDimensionsAndMetrics(data.columns, readColumnLabels(formData, 'groupby'));
  const metric = metrics[0];
  if (metric === undefined || data.rowCount === 0) return <ChartEmptyState height={height} />;

  const colorScale = colorScaleForFormData(formData);
  const formatValue = numberFormatter(readFormString(formData, 'number_format', 'SMART_NUMBER'));
  const formatTime = timeFormatter(readFormString(formData, 'date_format', smartDateFormat));
  const groupLabel = (column: ChartColumn, rowIndex: number): string => {
    const value = column.values[rowIndex];
    return column.genericType === genericDataTypes.temporal && typeof value === 'number' ? formatTime(value) : categoryLabel(value, column);
  };
  const slices: PieSlice[] = [];
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    const value = numericCellValue(metric.values[rowIndex]);
    const label = dimensions.length === 0 ? metric.name : dimensions.map((column) => groupLabel(column, rowIndex)).join(', ');
    const filterValue = dimensions.length === 0 ? metric.name : rowLabel(dimensions, rowIndex);
    if (value !== null) slices.push({ rowIndex, label, filterValue, value, color: colorScale.colorOf(label) });
  }
  if (readFormBoolean(formData, 'sort_by_metric', true)) slices.sort((left, right) => right.value - left.value);
  const shownSlices = slices.filter((slice) => !hiddenLabels.has(slice.label));
  const total = shownSlices.reduce((sum, slice) => sum + slice.value, 0);

  const showLegend = readFormBoolean(formData, 'show_legend', true);
  const showLabels = readFormBoolean(formData, 'show_labels', true);
  const labelsOutside = readFormBoolean(formData, 'labels_outside', true);
  const labelType = readPieLabelType(formData.label_type);
  const boxHeight = plotHeight(height, showLegend);
  const radius = Math.min(width, boxHeight) / 2;
  const outerRadius = (radius * readFormNumber(formData, 'outerRadius', 70)) / 100;
  const innerRadius = readFormBoolean(formData, 'donut', false) ? (radius * readFormNumber(formData, 'innerRadius', 30)) / 100 : 0;
  // Cross-filters filter on the clicked slice's group when there is one group-by column.
  const crossFilterColumn = dimensions.length === 1 ? (readColumnLabels(formData, 'groupby')[0] ?? null) : null;
  const onSliceClick =
    onCrossFilter === undefined || crossFilterColumn === null
      ? undefined
      : (filterValue: string) => onCrossFilter(toggledCrossFilter(crossFilterColumn, filterValue, crossFilterValues));

  return (
    <ChartFrame
      width={width}
      height={height}
      theme={theme}
      tooltip={tooltip}
      legendItems={showLegend ? slices : null}
      hiddenLabels={hiddenLabels}
      onLegendToggle={(label) =>
        setHiddenLabels((current) => {
          const next = new Set(current);
          if (!next.delete(label)) next.add(label);
          return next;
        })
      }
    >
      <Group top={boxHeight / 2} left={width / 2}>
        <Pie<PieSlice> data={shownSlices} pieValue={(slice) => slice.value} pieSort={null} outerRadius={outerRadius} innerRadius={innerRadius}>
          {(pie) =>
            pie.arcs.map((arc) => {
              const [centroidX, centroidY] = pie.path.centroid(arc);
              const labelScale = labelsOutside ? (outerRadius + 16) / Math.max(Math.hypot(centroidX, centroidY), 1) : 1;
              const isBigEnough = arc.endAngle - arc.startAngle > 0.1;
              return (
                <g key={arc.data.label}>
                  <path
                    d={pie.path(arc) ?? ''}
                    fill={arc.data.color}
                    stroke={theme.colors.surface}
                    data-testid={testIds.viz.mark}
                    data-kind="slice"
                    data-series={arc.data.label}
                    data-value={markValue(arc.data.value)}
                    onMouseMove={(event) =>
                      tooltip.showAtPointer(event, {
                        title: arc.data.label,
                        rows: [{ label: metric.name, value: pieSliceLabel('value_percent', arc.data.label, arc.data.value, total, formatValue), color: arc.data.color }],
                      })
                    }
                    onMouseLeave={tooltip.hide}
                    onClick={onSliceClick === undefined ? undefined : () => onSliceClick(arc.data.filterValue)}
                    onContextMenu={(event) => emitMarkContextMenu(event, rowDrillValues(dimensions, arc.data.rowIndex), onMarkContextMenu)}
                  />
                  {showLabels && isBigEnough && (
                    <text
                      data-testid={testIds.viz.label}
                      x={centroidX * labelScale}
                      y={centroidY * labelScale}
                      textAnchor={labelsOutside ? (centroidX >= 0 ? 'start' : 'end') : 'middle'}
                      dominantBaseline="middle"
                      fill={labelsOutside ? theme.colors.text : theme.colors.textOnPrimary}
                      fontSize={theme.fontSizes.s}
                      pointerEvents="none"
                    >
                      {pieSliceLabel(labelType, arc.data.label, arc.data.value, total, formatValue)}
                    </text>
                  )}
                </g>
              );
            })
          }
        </Pie>
        {readFormBoolean(formData, 'show_total', false) && (
          <text textAnchor="middle" dominantBaseline="middle" fill={theme.colors.text} fontSize={theme.fontSizes.l} fontWeight={600}>
            {`Total: ${formatValue(total)}`}
          </text>
        )}
      </Group>
    </ChartFrame>
  );
}
