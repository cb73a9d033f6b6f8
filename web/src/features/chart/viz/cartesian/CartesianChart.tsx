import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { curveLinear, curveMonotoneX, curveMonotoneY, curveStep, curveStepAfter, curveStepBefore } from '@visx/curve';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scaleUtc } from '@visx/scale';
import { Area, LinePath } from '@visx/shape';
import { useMemo, useState, type JSX, type MouseEvent } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import type { QuiverTheme } from '@/theme/tokens';
import { ChartLegend, legendHeight } from '../ChartLegend';
import { ChartTooltip } from '../ChartTooltip';
import { pointerPosition } from '../pointerPosition';
import type { NumberFormatter } from '../numberFormat';
import type { TimeFormatter } from '../timeFormat';
import { useChartTooltip, type TooltipRow } from '../useChartTooltip';
import { AnnotationMarks } from './AnnotationMarks';
import {
  annotationTooltipRows,
  formulaPoints,
  noAnnotations,
  positionBetweenBands,
  type AnnotationXAxis,
  type CartesianAnnotations,
  type FormulaLine,
  timeSeriesLines,
} from './cartesianAnnotations';
import { stackSeries, type CartesianData, type CartesianSeries, type SeriesKind, type StackedBand } from './cartesianSeries';
import { fullRange, zoomRangeFromBrush, type ZoomRange } from './zoomRange';
import { markValue, markValues } from '../markValues';

export interface CartesianChartProps {
  data: CartesianData;
  width: number;
  height: number;
  theme: QuiverTheme;
  /** Bars grow from the left and categories run down the y axis. */
  isHorizontal?: boolean;
  showLegend: boolean;
  /** Drag across the plot to zoom into x positions; "Reset zoom" shows everything again. */
  isZoomable: boolean;
  /** Formats time x values on the axis and in tooltips. */
  xTimeFormatter: TimeFormatter;
  tooltipTimeFormatter: TimeFormatter;
  /** Number formats of the left and right value axes. */
  valueFormatters: readonly [NumberFormatter, NumberFormatter];
  /** Dots on lines and areas, in px; scatter series always have them. */
  markerRadius: number | null;
  areaOpacity?: number;
  /** Stacks total 100 percent at each x (Superset's "Expand"). */
  isStackExpanded?: boolean;
  /** Start the value axis at the data's minimum instead of 0. */
  isValueAxisTruncated?: boolean;
  /** Fixed [min, max] of the left value axis; null ends are computed. */
  valueAxisBounds?: readonly [number | null, number | null];
  /** Clicking the plot picks the nearest x position (dashboard cross-filters). */
  onCategoryClick?: (index: number) => void;
  /**
   * Clicking the plot picks the series under the pointer at the nearest x position: the bar
   * holding the pointer, else the line, area or scatter point nearest to it along the value
   * axis (dashboard cross-filters on a series' group-by values). Takes over from `onCategoryClick`.
   */
  onSeriesClick?: (seriesName: string, index: number) => void;
  /** Annotation layers, drawn over a vertical time or numeric x axis. */
  annotations?: CartesianAnnotations;
  /** Right-clicking the plot picks the nearest x position too (drill to detail by it). */
  /** A right-click in the plot: the nearest x position and the series under the pointer (null when none has a value there). */
  onCategoryContextMenu?: (index: number, event: MouseEvent, seriesName: string | null) => void;
  /** Shows category x values on the axis and as the tooltip's title (the histogram's bin ranges). */
  categoryFormatter?: (value: string) => string;
  /** The tooltip's rows at an x position, in place of a row per shown series (the histogram adds shares and a total). */
  tooltipRows?: (index: number, shownSeries: readonly CartesianSeries[]) => TooltipRow[];
}

const margin = { top: 8, bottom: 32, left: 64, rightWithAxis: 64, right: 16 };
const minTickSpacing = 80;
const valueTickCount = 5;

/** ECharts' "dashed" line: dashes 4 widths long, gaps 2 widths. */
function lineDash(width: number): string {
  return `${width * 4},${width * 2}`;
}

const curves: Record<Exclude<SeriesKind, 'bar' | 'scatter'>, typeof curveLinear> = {
  line: curveLinear,
  area: curveLinear,
  smooth: curveMonotoneX,
  'step-start': curveStepBefore,
  'step-middle': curveStep,
  'step-end': curveStepAfter,
};

interface PlottedPoint {
  index: number;
  band: StackedBand;
  value: number | null;
}

/** Line, area, bar and scatter series over a time, numeric or category x axis. */
export function CartesianChart(props: CartesianChartProps): JSX.Element {
  const { data, width, height, theme, isHorizontal = false, showLegend, isZoomable } = props;
  const [hiddenSeries, setHiddenSeries] = useState<ReadonlySet<string>>(new Set());
  const [zoom, setZoom] = useState<ZoomRange | null>(null);
  const [brush, setBrush] = useState<{ from: number; to: number } | null>(null);
  const tooltip = useChartTooltip();

  const pointCount = data.xValues.length;
  const visible = zoom ?? fullRange(pointCount);
  const visibleIndexes = useMemo(
    () => Array.from({ length: Math.max(visible.end - visible.start + 1, 0) }, (_unused, offset) => visible.start + offset),
    [visible.start, visible.end],
  );
  const shownSeries = data.series.filter((series) => !hiddenSeries.has(series.name));
  const bands = useMemo(() => stackSeries(shownSeries, pointCount, props.isStackExpanded), [shownSeries, pointCount, props.isStackExpanded]);
  const hasBars = shownSeries.some((series) => series.kind === 'bar');
  const hasRightAxis = shownSeries.some((series) => series.yAxisIndex === 1);

  const plotHeight = Math.max(height - (showLegend ? legendHeight : 0), 0);
  const innerWidth = Math.max(width - margin.left - (hasRightAxis ? margin.rightWithAxis : margin.right), 0);
  const innerHeight = Math.max(plotHeight - margin.top - margin.bottom, 0);
  const categoryLength = isHorizontal ? innerHeight : innerWidth;
  const valueLength = isHorizontal ? innerWidth : innerHeight;

  // The category (x) axis: bands for bars and categories, continuous for time and numbers.
  const isBanded = hasBars || data.xKind === 'category';
  const bandScale = scaleBand<number>({ domain: visibleIndexes, range: [0, categoryLength], padding: hasBars ? 0.2 : 0 });
  const visibleXNumbers = visibleIndexes.map((index) => Number(data.xValues[index] ?? 0));
  const continuousDomain = [Math.min(...visibleXNumbers), Math.max(...visibleXNumbers)];
  // Annotations need x values that are times or numbers, along a horizontal axis.
  const annotations = isHorizontal || data.xKind === 'category' ? noAnnotations : (props.annotations ?? noAnnotations);
  const formulaLines: FormulaLine[] = annotations.formulas
    .filter((formula) => !hiddenSeries.has(formula.name))
    .map((formula) => ({ annotation: formula, points: formulaPoints(formula.formula, visibleXNumbers) }));
  const continuousRange: [number, number] = [continuousDomain[0] ?? 0, continuousDomain[1] ?? 0];
  const seriesLines = timeSeriesLines(annotations.timeSeries, continuousRange, hiddenSeries);
  const continuousScale =
    data.xKind === 'time'
      ? scaleUtc<number>({ domain: continuousDomain.map((value) => new Date(value)), range: [0, categoryLength] })
      : scaleLinear<number>({ domain: continuousDomain, range: [0, categoryLength] });
  const categoryPosition = (index: number): number => {
    if (isBanded) return (bandScale(index) ?? 0) + bandScale.bandwidth() / 2;
    const position = continuousScale(data.xValues[index] as number);
    return Number.isFinite(position) ? position : categoryLength / 2;
  };

  const valueScales = ([0, 1] as const).map((axisIndex) => {
    const axisBands = shownSeries.flatMap((series, seriesIndex) =>
      series.yAxisIndex === axisIndex ? visibleIndexes.map((index) => bands[seriesIndex]?.[index]) : [],
    );
    const extremes = axisBands.flatMap((band) => (band === undefined ? [] : [band.lower, band.upper]));
    // Formula lines share the left axis, as Superset draws them.
    if (axisIndex === 0) {
      for (const line of [...formulaLines, ...seriesLines]) for (const point of line.points) if (point.y !== null) extremes.push(point.y);
    }
    const isTruncated = props.isValueAxisTruncated === true && !hasBars;
    let low = extremes.length === 0 ? 0 : Math.min(...extremes, ...(isTruncated ? [] : [0]));
    let high = extremes.length === 0 ? 1 : Math.max(...extremes, ...(isTruncated ? [] : [0]));
    const bounds = axisIndex === 0 ? props.valueAxisBounds : undefined;
    low = bounds?.[0] ?? low;
    high = bounds?.[1] ?? high;
    if (low === high) high = low + 1;
    const range = isHorizontal ? [0, valueLength] : [valueLength, 0];
    return scaleLinear<number>({ domain: [low, high], range, nice: bounds === undefined, clamp: bounds !== undefined });
  }) as [ReturnType<typeof scaleLinear<number>>, ReturnType<typeof scaleLinear<number>>];

  const toXY = (categoryPos: number, valuePos: number): [number, number] => (isHorizontal ? [valuePos, categoryPos] : [categoryPos, valuePos]);
  const bandCentres = isBanded ? visibleIndexes.map(categoryPosition) : [];
  const annotationXAxis: AnnotationXAxis = {
    range: continuousRange,
    position: (value) => (isBanded ? (positionBetweenBands(value, visibleXNumbers, bandCentres) ?? 0) : continuousScale(value)),
  };

  function xLabel(index: number, formatter: TimeFormatter): string {
    const value = data.xValues[index];
    if (value === undefined) return '';
    if (data.xKind === 'time') return formatter(value as number);
    return data.xKind === 'category' && props.categoryFormatter !== undefined ? props.categoryFormatter(String(value)) : String(value);
  }

  function indexAtPointer(event: MouseEvent): number {
    const point = pointerPosition(event);
    const position = isHorizontal ? point.y - margin.top : point.x - margin.left;
    let nearest = visible.start;
    let nearestDistance = Infinity;
    for (const index of visibleIndexes) {
      const distance = Math.abs(categoryPosition(index) - position);
      if (distance < nearestDistance) {
        nearest = index;
        nearestDistance = distance;
      }
    }
    return nearest;
  }

  function showTooltipAt(event: MouseEvent, index: number): void {
    const rows = shownSeries.map((series) => {
      const value = series.values[index] ?? null;
      return {
        label: series.name,
        value: value === null ? 'N/A' : props.valueFormatters[series.yAxisIndex](value),
        color: series.color,
      };
    });
    const x = Number(data.xValues[index]);
    const formulaRows = formulaLines.map(({ annotation }) => {
      const value = annotation.formula(x);
      return { label: annotation.name, value: Number.isFinite(value) ? props.valueFormatters[0](value) : 'N/A', color: annotation.stroke.color };
    });
    const seriesRows = seriesLines.flatMap(({ annotation, points }) => {
      const point = points.find((candidate) => candidate.x === x);
      if (point === undefined) return [];
      return [{ label: annotation.name, value: point.y === null ? 'N/A' : props.valueFormatters[0](point.y), color: annotation.stroke.color }];
    });
    const noteRows = annotationTooltipRows(annotations, annotationXAxis, pointerPosition(event).x - margin.left);
    const valueRows = props.tooltipRows?.(index, shownSeries) ?? rows;
    tooltip.showAtPointer(event, { title: xLabel(index, props.tooltipTimeFormatter), rows: [...valueRows, ...formulaRows, ...seriesRows, ...noteRows] });
  }

  function onPointerMove(event: MouseEvent<SVGRectElement>): void {
    const index = indexAtPointer(event);
    if (brush !== null) setBrush({ ...brush, to: index });
    showTooltipAt(event, index);
  }

  function onPointerUp(event: MouseEvent<SVGRectElement>): void {
    if (brush === null) return;
    const range = zoomRangeFromBrush(brush.from, indexAtPointer(event), visible);
    setBrush(null);
    if (range !== null) setZoom(range);
  }

  const barSeries = shownSeries.filter((series) => series.kind === 'bar');
  const barSlots = [...new Set(barSeries.map((series) => series.stackGroup ?? `series:${series.name}`))];
  const slotWidth = barSlots.length === 0 ? 0 : bandScale.bandwidth() / barSlots.length;

  /**
   * The shown series under the pointer at x position `index`: a bar or an area band holding the
   * pointer, else the series whose value (its stack top) is nearest to it. With
   * `barMustHoldPointer` (a click), a bar counts only when the pointer is on it and an area by
   * its nearest point, not its band. Undefined when no
   * shown series has a value there.
   */
  function seriesAtPointer(event: MouseEvent, index: number, barMustHoldPointer: boolean): CartesianSeries | undefined {
    const point = pointerPosition(event);
    const categoryPointer = isHorizontal ? point.y - margin.top : point.x - margin.left;
    const valuePointer = isHorizontal ? point.x - margin.left : point.y - margin.top;
    let nearest: CartesianSeries | undefined;
    let nearestDistance = Infinity;
    for (const [seriesIndex, series] of shownSeries.entries()) {
      const band = bands[seriesIndex]?.[index];
      if (band === undefined || (series.values[index] ?? null) === null) continue;
      const valueScale = valueScales[series.yAxisIndex];
      const [from, to] = [valueScale(band.lower), valueScale(band.upper)];
      const isInsideBand = valuePointer >= Math.min(from, to) && valuePointer <= Math.max(from, to);
      const slotStart = (bandScale(index) ?? 0) + barSlots.indexOf(series.stackGroup ?? `series:${series.name}`) * slotWidth;
      const isInsideBar = series.kind === 'bar' && isInsideBand && categoryPointer >= slotStart && categoryPointer <= slotStart + slotWidth;
      let distance = Math.abs(to - valuePointer);
      // A click picks the point nearest the pointer; a drill also takes the area band it is in.
      if (isInsideBar || (!barMustHoldPointer && series.kind === 'area' && isInsideBand)) distance = 0;
      else if (series.kind === 'bar') distance = barMustHoldPointer ? Infinity : distance + 0.5;
      if (distance < nearestDistance) {
        nearest = series;
        nearestDistance = distance;
      }
    }
    return nearest;
  }

  function onPlotClick(event: MouseEvent): void {
    const index = indexAtPointer(event);
    if (props.onSeriesClick === undefined) {
      props.onCategoryClick?.(index);
      return;
    }
    const series = seriesAtPointer(event, index, true);
    if (series !== undefined) props.onSeriesClick(series.name, index);
  }

  function renderSeries(series: CartesianSeries, seriesIndex: number): JSX.Element {
    const valueScale = valueScales[series.yAxisIndex];
    const seriesBands = bands[seriesIndex] ?? [];
    const points: PlottedPoint[] = visibleIndexes.map((index) => ({
      index,
      band: seriesBands[index] ?? { lower: 0, upper: 0 },
      value: series.values[index] ?? null,
    }));
    const defined = (point: PlottedPoint): boolean => point.value !== null;
    if (series.kind === 'bar') {
      const slot = barSlots.indexOf(series.stackGroup ?? `series:${series.name}`);
      return (
        <g key={series.name}>
          {points.filter(defined).map((point) => {
            const slotStart = (bandScale(point.index) ?? 0) + slot * slotWidth;
            const from = valueScale(point.band.lower);
            const to = valueScale(point.band.upper);
            const [x, y] = toXY(slotStart, Math.min(from, to));
            const [barWidth, barHeight] = toXY(slotWidth, Math.abs(to - from));
            return (
              <rect
                key={point.index}
                data-testid={testIds.viz.mark}
                data-kind="bar"
                data-series={series.name}
                data-x={markValue(data.xValues[point.index])}
                data-value={markValue(point.value)}
                x={x}
                y={y}
                width={Math.max(barWidth, 0)}
                height={Math.max(barHeight, 0)}
                fill={series.color}
              />
            );
          })}
        </g>
      );
    }
    const xOf = (point: PlottedPoint): number => toXY(categoryPosition(point.index), valueScale(point.band.upper))[0];
    const yOf = (point: PlottedPoint): number => toXY(categoryPosition(point.index), valueScale(point.band.upper))[1];
    const seriesMarkerRadius = series.markerRadius === undefined ? props.markerRadius : series.markerRadius;
    const showsMarkers = series.kind === 'scatter' || seriesMarkerRadius !== null;
    const markerRadius = seriesMarkerRadius ?? 3;
    const { lineStyle } = series;
    const curve = series.kind === 'scatter' ? curveLinear : series.kind === 'smooth' && isHorizontal ? curveMonotoneY : curves[series.kind];
    return (
      <g key={series.name}>
        {series.kind === 'area' && (
          <Area<PlottedPoint>
            data={points}
            defined={defined}
            curve={curve}
            fill={series.color}
            fillOpacity={props.areaOpacity ?? 0.2}
            data-testid={testIds.viz.mark}
            data-kind="area"
            data-series={series.name}
            data-values={markValues(points.map((point) => point.value))}
            {...(isHorizontal
              ? { y: (point) => categoryPosition(point.index), x0: (point) => valueScale(point.band.lower), x1: (point) => valueScale(point.band.upper) }
              : { x: (point) => categoryPosition(point.index), y0: (point) => valueScale(point.band.lower), y1: (point) => valueScale(point.band.upper) })}
          />
        )}
        {series.kind !== 'scatter' && (
          <LinePath<PlottedPoint>
            data={points}
            defined={defined}
            curve={curve}
            x={xOf}
            y={yOf}
            stroke={series.color}
            strokeWidth={lineStyle?.width ?? 2}
            strokeOpacity={lineStyle?.opacity}
            strokeDasharray={lineStyle?.isDashed === true ? lineDash(lineStyle.width) : undefined}
            data-testid={testIds.viz.mark}
            data-kind="line"
            data-dashed={lineStyle?.isDashed === true ? 'true' : undefined}
            data-series={series.name}
            data-x-values={points.map((point) => markValue(data.xValues[point.index])).join(',')}
            data-values={markValues(points.map((point) => point.value))}
          />
        )}
        {showsMarkers &&
          points.filter(defined).map((point) => (
            <circle
              key={point.index}
              data-testid={testIds.viz.mark}
              data-kind="point"
              data-series={series.name}
              data-x={markValue(data.xValues[point.index])}
              data-value={markValue(point.value)}
              cx={xOf(point)}
              cy={yOf(point)}
              r={markerRadius}
              fill={series.color}
            />
          ))}
      </g>
    );
  }

  const tickStride = Math.max(1, Math.ceil(visibleIndexes.length / Math.max(categoryLength / minTickSpacing, 1)));
  const categoryTickValues = visibleIndexes.filter((_index, position) => position % tickStride === 0);
  const axisColors = { stroke: theme.colors.border, tickStroke: theme.colors.border };
  const tickLabelProps = { fill: theme.colors.textMuted, fontSize: theme.fontSizes.xs, fontFamily: theme.fontFamily };
  function renderCategoryAxis(side: 'bottom' | 'left'): JSX.Element {
    const Axis = side === 'bottom' ? AxisBottom : AxisLeft;
    const placement = side === 'bottom' ? { top: innerHeight } : {};
    const labelProps = side === 'bottom' ? tickLabelProps : { ...tickLabelProps, textAnchor: 'end' as const };
    if (isBanded) {
      return (
        <Axis
          {...axisColors}
          {...placement}
          scale={bandScale}
          tickValues={categoryTickValues}
          tickFormat={(index) => xLabel(index, props.xTimeFormatter)}
          tickLabelProps={labelProps}
        />
      );
    }
    return (
      <Axis
        {...axisColors}
        {...placement}
        scale={continuousScale}
        numTicks={Math.max(Math.floor(categoryLength / minTickSpacing), 2)}
        tickFormat={(value) => (data.xKind === 'time' ? props.xTimeFormatter(value.valueOf()) : props.valueFormatters[0](value.valueOf()))}
        tickLabelProps={labelProps}
      />
    );
  }
  const valueAxisFormat = (axisIndex: 0 | 1) => (value: number | { valueOf(): number }) => props.valueFormatters[axisIndex](value.valueOf());
  const annotationMarkProps = {
    annotations,
    formulaLines,
    timeSeriesLines: seriesLines,
    xAxis: annotationXAxis,
    yPosition: (value: number) => valueScales[0](value),
    innerHeight,
    theme,
    hiddenLabels: hiddenSeries,
  };
  const brushStart = brush === null ? 0 : categoryPosition(Math.min(brush.from, brush.to));
  const brushEnd = brush === null ? 0 : categoryPosition(Math.max(brush.from, brush.to));

  return (
    <Frame style={{ width, height }}>
      {showLegend && (
        <ChartLegend
          items={[
            ...data.series.map((series) => ({ label: series.name, color: series.color })),
            ...annotations.formulas.map((formula) => ({ label: formula.name, color: formula.stroke.color })),
            ...annotations.timeSeries.map((series) => ({ label: series.name, color: series.stroke.color })),
          ]}
          hiddenLabels={hiddenSeries}
          onToggle={(label) =>
            setHiddenSeries((current) => {
              const next = new Set(current);
              if (!next.delete(label)) next.add(label);
              return next;
            })
          }
        />
      )}
      <PlotArea>
        {zoom !== null && (
          <ResetZoomButton type="button" data-testid={testIds.viz.resetZoom} onClick={() => setZoom(null)}>
            Reset zoom
          </ResetZoomButton>
        )}
        <svg width={width} height={plotHeight} data-testid={testIds.viz.plot} role="img" aria-label="Chart plot">
          <Group left={margin.left} top={margin.top}>
            {valueScales[0].ticks(valueTickCount).map((tick) => {
              const position = valueScales[0](tick);
              const [x1, y1] = toXY(0, position);
              const [x2, y2] = toXY(categoryLength, position);
              return <line key={tick} x1={x1} y1={y1} x2={x2} y2={y2} stroke={theme.colors.border} strokeDasharray="2,3" />;
            })}
            <AnnotationMarks {...annotationMarkProps} layer="under" />
            {shownSeries.map((series, seriesIndex) => renderSeries(series, seriesIndex))}
            <AnnotationMarks {...annotationMarkProps} layer="over" />
            {brush !== null && (
              <rect
                x={isHorizontal ? 0 : brushStart}
                y={isHorizontal ? brushStart : 0}
                width={isHorizontal ? innerWidth : brushEnd - brushStart}
                height={isHorizontal ? brushEnd - brushStart : innerHeight}
                fill={theme.colors.primary.base}
                fillOpacity={0.15}
                pointerEvents="none"
              />
            )}
            <rect
              data-testid={testIds.viz.pointerArea}
              width={innerWidth}
              height={innerHeight}
              fill="transparent"
              onMouseMove={onPointerMove}
              onMouseLeave={() => {
                setBrush(null);
                tooltip.hide();
              }}
              onMouseDown={(event) => {
                if (!isZoomable) return;
                const index = indexAtPointer(event);
                setBrush({ from: index, to: index });
              }}
              onMouseUp={onPointerUp}
              onClick={onPlotClick}
              onContextMenu={(event) => {
                const index = indexAtPointer(event);
                props.onCategoryContextMenu?.(index, event, seriesAtPointer(event, index, false)?.name ?? null);
              }}
              style={props.onCategoryClick === undefined && props.onSeriesClick === undefined ? undefined : { cursor: 'pointer' }}
            />
            {isHorizontal ? (
              <>
                {renderCategoryAxis('left')}
                <AxisBottom
                  {...axisColors}
                  top={innerHeight}
                  scale={valueScales[0]}
                  numTicks={valueTickCount}
                  tickFormat={valueAxisFormat(0)}
                  tickLabelProps={tickLabelProps}
                />
              </>
            ) : (
              <>
                {renderCategoryAxis('bottom')}
                <AxisLeft
                  {...axisColors}
                  scale={valueScales[0]}
                  numTicks={valueTickCount}
                  tickFormat={valueAxisFormat(0)}
                  tickLabelProps={{ ...tickLabelProps, textAnchor: 'end' }}
                />
                {hasRightAxis && (
                  <AxisRight
                    {...axisColors}
                    left={innerWidth}
                    scale={valueScales[1]}
                    numTicks={valueTickCount}
                    tickFormat={valueAxisFormat(1)}
                    tickLabelProps={{ ...tickLabelProps, textAnchor: 'start' }}
                  />
                )}
              </>
            )}
          </Group>
        </svg>
        <ChartTooltip tooltip={tooltip} theme={theme} />
      </PlotArea>
    </Frame>
  );
}

const Frame = styled.div`
  display: flex;
  flex-direction: column;
`;

const PlotArea = styled.div`
  position: relative;
`;

const ResetZoomButton = styled.button`
  position: absolute;
  top: 0;
  right: ${({ theme }) => theme.gridUnit * 2}px;
  z-index: 1;
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
  cursor: pointer;
`;
