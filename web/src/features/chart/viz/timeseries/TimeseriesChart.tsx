import type { JSX, MouseEvent } from 'react';
import { CartesianChart } from '../cartesian/CartesianChart';
import { cartesianAnnotations } from '../cartesian/cartesianAnnotations';
import { ChartEmptyState } from '../ChartEmptyState';
import { seriesGroupbyValues, toggledCrossFilter, toggledSeriesCrossFilter } from '../crossFilterSelection';
import { emitMarkContextMenu, seriesPointDrillValues } from '../drillValues';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readColumnLabels, readFormBoolean, readFormNumber, readFormString } from '../formDataValues';
import { numberFormatter } from '../numberFormat';
import { timeFormatter, tooltipTimeFormatter } from '../timeFormat';
import { isStackEnabled, readValueAxisBounds, seriesLimitFor, timeseriesLayer, timeseriesSeriesKind } from './timeseriesLayer';

/** Line, bar, area, scatter, smooth and step time-series charts (one query, pivoted). */
export function TimeseriesChart(props: ChartRendererProps): JSX.Element {
  const { data, formData, width, height, theme, onCrossFilter, crossFilterValues, onMarkContextMenu } = props;
  const kind = timeseriesSeriesKind(formData.viz_type, formData);
  const colorScale = colorScaleForFormData(formData);
  const { pivoted, series } = timeseriesLayer(
    data,
    formData,
    {
      kind,
      isStacked: isStackEnabled(formData.stack),
      yAxisIndex: 0,
      seriesLimit: seriesLimitFor(formData, 'metrics'),
      nameSuffix: '',
      stackGroup: 'stack',
    },
    colorScale,
  );
  if (pivoted.xValues.length === 0 || series.length === 0) return <ChartEmptyState height={height} />;
  const isMarkerEnabled = readFormBoolean(formData, 'markerEnable', false);
  const markerSize = readFormNumber(formData, 'markerSize', 6);
  const xFormat = readFormString(formData, 'x_axis_time_format', 'smart_date');
  const valueFormatter = numberFormatter(readFormString(formData, 'y_axis_format', 'SMART_NUMBER'));
  // Cross-filters take the clicked series' group-by values (Superset's echarts timeseries); without
  // a group-by, the clicked category of a category x axis (Quiver's bar cross-filter, decision 0082).
  const groupby = readColumnLabels(formData, 'groupby');
  const onSeriesClick =
    onCrossFilter === undefined || groupby.length === 0
      ? undefined
      : (seriesName: string) => {
          const seriesValues = seriesGroupbyValues(seriesName, groupby.length);
          if (seriesValues !== null) onCrossFilter(toggledSeriesCrossFilter(groupby, seriesValues, crossFilterValues));
        };
  const categoryAxisColumn = typeof formData.x_axis === 'string' && pivoted.xKind === 'category' ? formData.x_axis : null;
  const onCategoryClick =
    onCrossFilter === undefined || categoryAxisColumn === null || groupby.length > 0
      ? undefined
      : (index: number) => onCrossFilter(toggledCrossFilter(categoryAxisColumn, pivoted.xValues[index] ?? null, crossFilterValues));
  // Drilling to detail takes the clicked x position (a category, a number, or a time point's
  // period) and the group-by values of the series under the pointer.
  const onCategoryContextMenu =
    onMarkContextMenu === undefined
      ? undefined
      : (index: number, event: MouseEvent, seriesName: string | null) =>
          emitMarkContextMenu(
            event,
            seriesPointDrillValues(formData, pivoted.xKind, pivoted.xValues[index], seriesName, timeFormatter(xFormat)),
            onMarkContextMenu,
          );
  return (
    <CartesianChart
      data={{ xKind: pivoted.xKind, xValues: pivoted.xValues, series }}
      width={width}
      height={height}
      theme={theme}
      isHorizontal={kind === 'bar' && formData.orientation === 'horizontal'}
      showLegend={readFormBoolean(formData, 'show_legend', true)}
      isZoomable={readFormBoolean(formData, 'zoomable', false)}
      xTimeFormatter={timeFormatter(xFormat)}
      tooltipTimeFormatter={tooltipTimeFormatter(readFormString(formData, 'tooltipTimeFormat', xFormat))}
      valueFormatters={[valueFormatter, valueFormatter]}
      markerRadius={kind === 'scatter' ? markerSize / 2 : isMarkerEnabled ? markerSize / 2 : null}
      areaOpacity={readFormNumber(formData, 'opacity', 0.2)}
      isStackExpanded={formData.stack === 'Expand'}
      isValueAxisTruncated={readFormBoolean(formData, 'truncateYAxis', false)}
      valueAxisBounds={readValueAxisBounds(formData)}
      onCategoryClick={onCategoryClick}
      onSeriesClick={onSeriesClick}
      annotations={cartesianAnnotations(props.annotationLayers ?? [], colorScale)}
      onCategoryContextMenu={onCategoryContextMenu}
    />
  );
}
