/**
 * The "Advanced" frame of the time range picker, and the `start : end` shape every explicit range
 * has. Each side is free text the server reads: a date (`2024-01-01`), a phrase (`7 days ago`,
 * `now`), an expression (`DATEADD(DATETIME("today"), -1, month)`), or nothing (unbounded).
 */

/** Superset's separator between the start and the end of a time range. */
export const timeRangeSeparator = ' : ';

export interface TimeRangeSides {
  start: string;
  end: string;
}

export function joinTimeRangeSides({ start, end }: TimeRangeSides): string {
  return `${start}${timeRangeSeparator}${end}`;
}

/** The two sides of `start : end`; null unless the value has exactly one separator. */
export function splitTimeRangeSides(value: string): TimeRangeSides | null {
  const sides = value.split(timeRangeSeparator);
  if (sides.length !== 2) return null;
  const [start = '', end = ''] = sides;
  return { start, end };
}

/**
 * The Advanced frame's START and END for a value, as Superset's AdvancedFrame reads it:
 * `a : b` is (a, b); `Last 3 days` is (`Last 3 days`, ""); `Next week` is ("", `Next week`);
 * anything else (`No filter`, `Current week`) starts empty on both sides.
 */
export function advancedTimeRangeSides(value: string): TimeRangeSides {
  const separatorIndex = value.indexOf(timeRangeSeparator);
  if (separatorIndex >= 0) {
    return { start: value.slice(0, separatorIndex), end: value.slice(separatorIndex + timeRangeSeparator.length) };
  }
  if (value.startsWith('Last')) return { start: value, end: '' };
  if (value.startsWith('Next')) return { start: '', end: value };
  return { start: '', end: '' };
}
