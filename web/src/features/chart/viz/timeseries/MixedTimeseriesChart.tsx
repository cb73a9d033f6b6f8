import type { JSX } from 'react';
import { CartesianChart } from '../cartesian/CartesianChart';
import { cartesianAnnotations } from '../cartesian/cartesianAnnotations';
import type { CartesianSeries } from '../cartesian/cartesianSeries';
import { ChartEmptyState } from '../ChartEmptyState';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { seriesGroupbyValues, toggledSeriesCrossFilter } from '../crossFilterSelection';
import { readColumnLabels, readFormBoolean, readFormNumber, readFormString } from '../formDataValues';
import { numberFormatter } from '../numberFormat';
import { timeFormatter, tooltipTimeFormatter } from '../timeFormat';
import { isStackEnabled, mixedSeriesKind, readValueAxisBounds, seriesLimitFor, timeseriesLayer } from './timeseriesLayer';

/**
 * `mixed_timeseries`: query A and query B (keys ending in `B` / `_b`) on one time axis, each with
 * its own series type, stacking and y axis (`yAxisIndex`: 0 left, 1 right). Both queries' x
 * values are merged and sorted.
 */
export function MixedTimeseriesChart(props: ChartRendererProps): JSX.Element {
  const { queriesData, formData, width, height, theme, annotationLayers, onCrossFilter, crossFilterValues } = props;
  const colorScale = colorScaleForFormData(formData);
  const layers = (['A', 'B'] as const).flatMap((query, queryIndex) => {
    const data = queriesData[queryIndex];
    if (data === undefined) return [];
    const suffix = query === 'A' ? '' : 'B';
    const axisIndex = readFormNumber(formData, `yAxisIndex${suffix}`, 0) === 1 ? 1 : 0;
    const kind = mixedSeriesKind(formData[`seriesType${suffix}`], readFormBoolean(formData, `area${suffix}`, false));
    // Each query has its own markers: `markerEnable` / `markerEnableB`, `markerSize` / `markerSizeB`.
    const hasMarkers = kind === 'scatter' || readFormBoolean(formData, `markerEnable${suffix}`, false);
    const markerRadius = hasMarkers ? readFormNumber(formData, `markerSize${suffix}`, 6) / 2 : null;
    const nameSuffix = readFormBoolean(formData, 'show_query_identifiers', false) ? ` (Query ${query})` : '';
    const layer = timeseriesLayer(
      data,
      formData,
      {
        kind,
        isStacked: isStackEnabled(formData[`stack${suffix}`]),
        yAxisIndex: axisIndex,
        seriesLimit: seriesLimitFor(formData, query === 'A' ? 'metrics' : 'metrics_b', query === 'A' ? 'series_limit' : 'series_limit_b'),
        nameSuffix,
        stackGroup: `stack ${query}`,
        controlSuffix: query === 'A' ? '' : '_b',
      },
      colorScale,
    );
    // Each series' group-by values, read from its pivoted name (without the query identifier).
    const groupby = readColumnLabels(formData, query === 'A' ? 'groupby' : 'groupby_b');
    const seriesValues = layer.series.map((item) => seriesGroupbyValues(item.name.slice(0, item.name.length - nameSuffix.length), groupby.length));
    return [{ ...layer, series: layer.series.map((item) => ({ ...item, markerRadius })), groupby, seriesValues }];
  });
  const xKind = layers[0]?.pivoted.xKind ?? 'time';
  const xValues = mergedXValues(layers.map((layer) => layer.pivoted.xValues), xKind === 'category');
  const positionOf = new Map(xValues.map((value, index) => [value, index]));
  const usedNames = new Set<string>();
  // The cross-filter of each drawn series: its query's group-by columns and its values there.
  const crossFilterOfSeries = new Map<string, { groupby: string[]; seriesValues: unknown[] }>();
  const series: CartesianSeries[] = layers.flatMap((layer, layerIndex) =>
    layer.series.map((item, itemIndex) => {
      const values = new Array<number | null>(xValues.length).fill(null);
      layer.pivoted.xValues.forEach((value, index) => {
        const position = positionOf.get(value);
        if (position !== undefined) values[position] = item.values[index] ?? null;
      });
      const name = usedNames.has(item.name) ? `${item.name} (Query ${layerIndex === 0 ? 'A' : 'B'})` : item.name;
      usedNames.add(name);
      const seriesValues = layer.seriesValues[itemIndex] ?? null;
      if (seriesValues !== null) crossFilterOfSeries.set(name, { groupby: layer.groupby, seriesValues });
      return { ...item, name, values };
    }),
  );
  if (xValues.length === 0 || series.length === 0) return <ChartEmptyState height={height} />;
  const xFormat = readFormString(formData, 'x_axis_time_format', 'smart_date');
  // Superset's mixed chart cross-filters on the clicked series' group-by values of its own query.
  const onSeriesClick =
    onCrossFilter === undefined || crossFilterOfSeries.size === 0
      ? undefined
      : (seriesName: string) => {
          const clicked = crossFilterOfSeries.get(seriesName);
          if (clicked !== undefined) onCrossFilter(toggledSeriesCrossFilter(clicked.groupby, clicked.seriesValues, crossFilterValues));
        };
  return (
    <CartesianChart
      data={{ xKind, xValues, series }}
      width={width}
      height={height}
      theme={theme}
      showLegend={readFormBoolean(formData, 'show_legend', true)}
      isZoomable={readFormBoolean(formData, 'zoomable', false)}
      xTimeFormatter={timeFormatter(xFormat)}
      tooltipTimeFormatter={tooltipTimeFormatter(readFormString(formData, 'tooltipTimeFormat', xFormat))}
      valueFormatters={[
        numberFormatter(readFormString(formData, 'y_axis_format', 'SMART_NUMBER')),
        numberFormatter(readFormString(formData, 'y_axis_format_secondary', 'SMART_NUMBER')),
      ]}
      markerRadius={null}
      areaOpacity={readFormNumber(formData, 'opacity', 0.2)}
      isValueAxisTruncated={readFormBoolean(formData, 'truncateYAxis', false)}
      valueAxisBounds={readValueAxisBounds(formData)}
      annotations={cartesianAnnotations(annotationLayers ?? [], colorScale)}
      onSeriesClick={onSeriesClick}
    />
  );
}

function mergedXValues(valueLists: readonly (readonly (number | string)[])[], isCategory: boolean): (number | string)[] {
  const merged = [...new Set(valueLists.flat())];
  return isCategory ? merged : merged.sort((left, right) => Number(left) - Number(right));
}
