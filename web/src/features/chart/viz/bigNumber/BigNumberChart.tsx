import { scaleLinear, scaleUtc } from '@visx/scale';
import { AreaClosed, LinePath } from '@visx/shape';
import type { JSX, MouseEvent } from 'react';
import { testIds } from '@/testIds';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartTooltip } from '../ChartTooltip';
import { defaultChartColor } from '../colorSchemes';
import type { ChartRendererProps } from '../chartRendererProps';
import { genericDataTypes } from '@/features/chart/chartColumns';
import { columnLabel, readFormBoolean, readFormColor, readFormNumber, readFormString } from '../formDataValues';
import { pointerPosition } from '../pointerPosition';
import { grainTimeFormatter } from '../timeFormat';
import { useChartTooltip } from '../useChartTooltip';
import { bigNumberHeaderFormatter } from './bigNumberFormat';
import { BigNumberLayout } from './BigNumberLayout';
import { noBigNumberText } from './BigNumberTotalChart';
import { bigNumberTrend, type TrendPoint } from './bigNumberTrend';
import { markValues } from '../markValues';

/** `big_number`: the latest value, its change against `compare_lag` rows before, and a trendline. */
export function BigNumberChart({ data, formData, width, height, theme }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  if (data.rowCount === 0) return <ChartEmptyState height={height} />;
  const trend = bigNumberTrend(
    data,
    columnLabel(formData.x_axis) ?? columnLabel(formData.granularity_sqla),
    readFormNumber(formData, 'compare_lag', 0),
    readFormString(formData, 'compare_suffix', ''),
  );
  const formatValue = bigNumberHeaderFormatter(formData, genericDataTypes.numeric);
  // Times are truncated to the time grain: `smart_date` shows them the grain's way ("2008-01-20" for P1D).
  const formatTime = grainTimeFormatter(readFormString(formData, 'time_format', 'smart_date'), formData.time_grain_sqla);
  const showsTrendline = readFormBoolean(formData, 'show_trend_line', true) && trend.points.length > 1;
  const trendHeight = height / 2;
  const presentPoints = trend.points.filter((point): point is TrendPoint & { value: number } => point.value !== null);
  const values = presentPoints.map((point) => point.value);
  const startsAtZero = readFormBoolean(formData, 'start_y_axis_at_zero', true);
  const timeScale = scaleUtc<number>({
    domain: [new Date(trend.points[0]?.time ?? 0), new Date(trend.points.at(-1)?.time ?? 0)],
    range: [0, width],
  });
  const valueScale = scaleLinear<number>({
    domain: [startsAtZero ? Math.min(0, ...values) : Math.min(...values), Math.max(...values, startsAtZero ? 0 : -Infinity)],
    range: [trendHeight - 4, 4],
  });
  // Superset's "Fixed Color" (`color_picker`); its default colour when there is none.
  const lineColor = readFormColor(formData, 'color_picker', defaultChartColor);
  const metricName = trend.metricName ?? '';

  function showNearestPoint(event: MouseEvent<SVGRectElement>): void {
    const { x } = pointerPosition(event);
    const time = timeScale.invert(x).getTime();
    const nearest = presentPoints.reduce<TrendPoint | undefined>(
      (best, point) => (best === undefined || Math.abs(point.time - time) < Math.abs(best.time - time) ? point : best),
      undefined,
    );
    if (nearest === undefined || nearest.value === null) return;
    tooltip.showAtPointer(event, { title: formatTime(nearest.time), rows: [{ label: metricName, value: formatValue(nearest.value), color: lineColor }] });
  }

  return (
    <BigNumberLayout
      width={width}
      height={height}
      kicker={readFormBoolean(formData, 'show_timestamp', false) && trend.latestTime !== null ? formatTime(trend.latestTime) : null}
      header={trend.latestValue === null ? noBigNumberText : formatValue(trend.latestValue)}
      value={trend.latestValue}
      headerFontProportion={readFormNumber(formData, 'header_font_size', 0.4)}
      subheader={trend.comparisonText}
      subheaderFontProportion={readFormNumber(formData, 'subheader_font_size', 0.15)}
    >
      {showsTrendline ? (
        <div style={{ position: 'relative' }}>
          <svg width={width} height={trendHeight} data-testid={testIds.viz.plot} role="img" aria-label="Trendline">
            <AreaClosed<TrendPoint & { value: number }>
              data={presentPoints}
              x={(point) => timeScale(new Date(point.time))}
              y={(point) => valueScale(point.value)}
              yScale={valueScale}
              fill={lineColor}
              fillOpacity={0.15}
            />
            <LinePath<TrendPoint & { value: number }>
              data={presentPoints}
              x={(point) => timeScale(new Date(point.time))}
              y={(point) => valueScale(point.value)}
              stroke={lineColor}
              strokeWidth={2}
              data-testid={testIds.viz.mark}
              data-kind="line"
              data-values={markValues(presentPoints.map((point) => point.value))}
            />
            <rect
              data-testid={testIds.viz.pointerArea}
              width={width}
              height={trendHeight}
              fill="transparent"
              onMouseMove={showNearestPoint}
              onMouseLeave={tooltip.hide}
            />
          </svg>
          <ChartTooltip tooltip={tooltip} theme={theme} />
        </div>
      ) : undefined}
    </BigNumberLayout>
  );
}
