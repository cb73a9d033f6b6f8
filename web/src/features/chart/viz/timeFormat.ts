import { utcFormat } from 'd3-time-format';

/** Superset's adaptive date format: the coarsest unit that shows the timestamp exactly. */
export const smartDateFormat = 'smart_date';
/** The adaptive format with more context (weekday, month, year), used in tooltips. */
export const smartDateVerboseFormat = 'smart_date_verbose';

export type TimeFormatter = (epochMs: number) => string;

type TimeLevel = 'millisecond' | 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** The finest unit at which the UTC timestamp is not on a boundary. Sunday starts a week. */
export function timeLevel(date: Date): TimeLevel {
  if (date.getUTCMilliseconds() !== 0) return 'millisecond';
  if (date.getUTCSeconds() !== 0) return 'second';
  if (date.getUTCMinutes() !== 0) return 'minute';
  if (date.getUTCHours() !== 0) return 'hour';
  if (date.getUTCDate() !== 1) return date.getUTCDay() === 0 ? 'week' : 'day';
  if (date.getUTCMonth() !== 0) return 'month';
  return 'year';
}

const smartDateSpecifiers: Record<TimeLevel, string> = {
  millisecond: '.%Lms',
  second: ':%Ss',
  minute: '%I:%M',
  hour: '%I %p',
  day: '%a %d',
  week: '%b %d',
  month: '%B',
  year: '%Y',
};

const smartDateVerboseSpecifiers: Record<TimeLevel, string> = {
  millisecond: '%Y-%m-%d %H:%M:%S.%L',
  second: '%a %b %d, %I:%M:%S %p',
  minute: '%a %b %d, %I:%M %p',
  hour: '%a %b %d, %I %p',
  day: '%a %b %-e',
  week: '%a %b %-e',
  month: '%b %Y',
  year: '%Y',
};

function adaptiveFormatter(specifiers: Record<TimeLevel, string>): TimeFormatter {
  const formatters = Object.fromEntries(
    Object.entries(specifiers).map(([level, specifier]) => [level, utcFormat(specifier)]),
  ) as Record<TimeLevel, (date: Date) => string>;
  return (epochMs) => {
    const date = new Date(epochMs);
    return Number.isNaN(date.getTime()) ? String(epochMs) : formatters[timeLevel(date)](date);
  };
}

const formatterCache = new Map<string, TimeFormatter>();

/**
 * A formatter for a Superset date format, in UTC: `smart_date`, `smart_date_verbose` or a
 * d3-time-format specifier such as "%Y-%m-%d" or "%b %d, %Y". Empty means `smart_date`.
 */
export function timeFormatter(format: string | undefined | null): TimeFormatter {
  const specifier = format === undefined || format === null || format.trim() === '' ? smartDateFormat : format;
  const cached = formatterCache.get(specifier);
  if (cached !== undefined) return cached;
  let formatter: TimeFormatter;
  if (specifier === smartDateFormat) formatter = adaptiveFormatter(smartDateSpecifiers);
  else if (specifier === smartDateVerboseFormat) formatter = adaptiveFormatter(smartDateVerboseSpecifiers);
  else {
    const d3Format = utcFormat(specifier);
    formatter = (epochMs) => d3Format(new Date(epochMs));
  }
  formatterCache.set(specifier, formatter);
  return formatter;
}

/** Tooltips show the axis format, or the verbose adaptive one when the axis is adaptive. */
export function tooltipTimeFormatter(format: string | undefined | null): TimeFormatter {
  const isAdaptive = format === undefined || format === null || format === '' || format === smartDateFormat;
  return timeFormatter(isAdaptive ? smartDateVerboseFormat : format);
}

const minuteFormat = '%Y-%m-%d %H:%M';
const dateFormat = '%Y-%m-%d';
const sundayBasedWeekFormat = '%Y W%U';

/** Superset's `getTimeFormatterForGranularity`: the format of each `time_grain_sqla`. */
const granularityFormats: Readonly<Record<string, string>> = {
  date: dateFormat,
  PT1S: '%Y-%m-%d %H:%M:%S',
  PT1M: minuteFormat,
  PT5M: minuteFormat,
  PT10M: minuteFormat,
  PT15M: minuteFormat,
  PT30M: minuteFormat,
  PT1H: '%Y-%m-%d %H:00',
  P1D: dateFormat,
  P1W: sundayBasedWeekFormat,
  P1M: '%b %Y',
  P3M: '%Y Q%q',
  P1Y: '%Y',
  '1969-12-28T00:00:00Z/P1W': sundayBasedWeekFormat,
  '1969-12-29T00:00:00Z/P1W': '%Y W%W',
  'P1W/1970-01-03T00:00:00Z': dateFormat,
  'P1W/1970-01-04T00:00:00Z': dateFormat,
};

/**
 * A date format of a chart whose times are truncated to `time_grain_sqla`: `smart_date` shows
 * each grain its way ("2008-03-04" for P1D, "Mar 2008" for P1M, "2008 Q1" for P3M), as Superset's
 * table and big number do; any other format is applied as it is. Without a known grain,
 * `smart_date` stays adaptive.
 */
export function grainTimeFormatter(format: string | undefined | null, timeGrain: unknown): TimeFormatter {
  const isAdaptive = format === undefined || format === null || format.trim() === '' || format === smartDateFormat;
  if (!isAdaptive) return timeFormatter(format);
  const grainFormat = typeof timeGrain === 'string' ? granularityFormats[timeGrain] : undefined;
  return timeFormatter(grainFormat ?? smartDateFormat);
}
