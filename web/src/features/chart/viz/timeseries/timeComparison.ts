import type { SeriesLineStyle } from '../cartesian/cartesianSeries';
import type { ChartFormData } from '../chartRendererProps';

/** The offsets of `time_compare` (one or a list) that are strings. */
function timeCompareOffsets(value: unknown): string[] {
  const offsets: unknown[] = Array.isArray(value) ? value : [value];
  return offsets.filter((offset): offset is string => typeof offset === 'string' && offset !== '');
}

/**
 * The time offset a series shows, as Superset's `getTimeOffset` finds it in the series name:
 * `SUM(num)__1 year ago`, `1 year ago, boy` (a renamed single metric) or `SUM(num), 1 year ago`.
 */
export function timeOffsetOf(seriesName: string, offsets: readonly string[]): string | undefined {
  return offsets.find(
    (offset) => seriesName.includes(`${offset},`) || seriesName.includes(`__${offset}`) || seriesName.includes(`, ${offset}`),
  );
}

/**
 * Superset's derived series: with `comparison_type` "values" (Actual values), the time-shifted
 * series of `time_compare` are drawn dashed, 1 pixel wide for the first offset met, 2 for the
 * second, ..., at 0.7 opacity. Other comparison types replace the series, so nothing is derived.
 * `controlSuffix` is `_b` for the mixed chart's query B. Returns the style of each derived series
 * by name.
 */
export function derivedSeriesStyles(seriesNames: readonly string[], formData: ChartFormData, controlSuffix = ''): Map<string, SeriesLineStyle> {
  const styles = new Map<string, SeriesLineStyle>();
  if (formData[`comparison_type${controlSuffix}`] !== 'values') return styles;
  const offsets = timeCompareOffsets(formData[`time_compare${controlSuffix}`]);
  const widthByOffset = new Map<string, number>();
  for (const name of seriesNames) {
    const offset = timeOffsetOf(name, offsets) ?? offsets.find((candidate) => candidate === name);
    if (offset === undefined) continue;
    if (!widthByOffset.has(offset)) widthByOffset.set(offset, widthByOffset.size + 1);
    styles.set(name, { isDashed: true, width: widthByOffset.get(offset) ?? 1, opacity: 0.7 });
  }
  return styles;
}
