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
