/**
 * What a chart's marks say about their values, for assistive tools and tests: `data-value` holds
 * a mark's exact value and `data-values` a path's values (a line, an area, a radar polygon), so
 * nothing has to be read back from pixels or from formatted labels.
 */

/** A value as its `data-value` attribute: the number as JavaScript prints it, empty for null. */
export function markValue(value: number | bigint | string | boolean | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A path's values as its `data-values` attribute: comma separated, empty where null. */
export function markValues(values: readonly (number | null | undefined)[]): string {
  return values.map(markValue).join(',');
}
