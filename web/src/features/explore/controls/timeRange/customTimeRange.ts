/**
 * The "Custom" frame of the time range picker: a start and an end, each a specific date-time, a
 * span relative to the other side (or to an anchor), "now" or midnight, written as Superset's
 * CustomFrame writes them:
 *
 * | start                  | end                    | time_range                                                            |
 * |------------------------|------------------------|-----------------------------------------------------------------------|
 * | 2024-01-01T00:00:00    | now                    | `2024-01-01T00:00:00 : now`                                           |
 * | 7 days before the end  | 2024-02-01T00:00:00    | `DATEADD(DATETIME("2024-02-01T00:00:00"), -7, day) : 2024-02-01T00:00:00` |
 * | today (midnight)       | 2 weeks after start    | `today : DATEADD(DATETIME("today"), 2, week)`                         |
 * | 3 days before anchor   | 1 day after anchor     | `DATEADD(DATETIME("now"), -3, day) : DATEADD(DATETIME("now"), 1, day)` |
 */

import { joinTimeRangeSides, splitTimeRangeSides } from './advancedTimeRange';

/** How one side of a custom range is given. `today` is shown as "Midnight". */
export type CustomBoundMode = 'specific' | 'relative' | 'now' | 'today';

export const dateGrains = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type DateGrain = (typeof dateGrains)[number];

export type CustomAnchorMode = 'now' | 'specific';

/**
 * Every field of the form, also those the chosen modes do not show, so switching a mode back and
 * forth keeps what was typed. Date-times are `YYYY-MM-DDTHH:mm:ss`; amounts are positive.
 */
export interface CustomTimeRange {
  startMode: CustomBoundMode;
  startDateTime: string;
  /** With `startMode: 'relative'`: that many grains before the end (or the anchor). */
  startAmount: number;
  startGrain: DateGrain;
  endMode: CustomBoundMode;
  endDateTime: string;
  /** With `endMode: 'relative'`: that many grains after the start (or the anchor). */
  endAmount: number;
  endGrain: DateGrain;
  /** What both sides are relative to when both are relative. */
  anchorMode: CustomAnchorMode;
  anchorDateTime: string;
}

const dateTimePattern = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;
const dateAddPattern = /^DATEADD\(DATETIME\("([^"]*)"\),\s*([+-]?\d+),\s*([a-z]+)\)$/i;

function isDateGrain(text: string): text is DateGrain {
  return (dateGrains as readonly string[]).includes(text);
}

/** `2024-06-15T00:00:00`: midnight (UTC, as Superset's picker) of `now`, `daysBefore` days earlier. */
function utcMidnight(now: Date, daysBefore = 0): string {
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBefore));
  return `${midnight.toISOString().slice(0, 10)}T00:00:00`;
}

/** Superset's starting point: from 7 days before midnight to midnight today. */
export function defaultCustomTimeRange(now: Date): CustomTimeRange {
  const midnight = utcMidnight(now);
  return {
    startMode: 'relative',
    startDateTime: utcMidnight(now, 7),
    startAmount: 7,
    startGrain: 'day',
    endMode: 'specific',
    endDateTime: midnight,
    endAmount: 7,
    endGrain: 'day',
    anchorMode: 'now',
    anchorDateTime: midnight,
  };
}

/** A side that is a point in time, as written in the range: the date-time, `now` or `today`. */
function fixedBoundText(mode: CustomBoundMode, dateTime: string): string {
  return mode === 'specific' ? dateTime : mode;
}

function dateAdd(base: string, amount: number, grain: DateGrain): string {
  return `DATEADD(DATETIME("${base}"), ${amount}, ${grain})`;
}

/** The `time_range` value of the form. */
export function encodeCustomTimeRange(range: CustomTimeRange): string {
  const isStartRelative = range.startMode === 'relative';
  const isEndRelative = range.endMode === 'relative';
  if (!isStartRelative && !isEndRelative) {
    return joinTimeRangeSides({ start: fixedBoundText(range.startMode, range.startDateTime), end: fixedBoundText(range.endMode, range.endDateTime) });
  }
  if (!isStartRelative) {
    const start = fixedBoundText(range.startMode, range.startDateTime);
    return joinTimeRangeSides({ start, end: dateAdd(start, range.endAmount, range.endGrain) });
  }
  if (!isEndRelative) {
    const end = fixedBoundText(range.endMode, range.endDateTime);
    return joinTimeRangeSides({ start: dateAdd(end, -range.startAmount, range.startGrain), end });
  }
  const anchor = range.anchorMode === 'now' ? 'now' : range.anchorDateTime;
  return joinTimeRangeSides({
    start: dateAdd(anchor, -range.startAmount, range.startGrain),
    end: dateAdd(anchor, range.endAmount, range.endGrain),
  });
}

interface FixedBound {
  mode: Exclude<CustomBoundMode, 'relative'>;
  dateTime: string | null;
}

interface RelativeBound {
  base: FixedBound;
  amount: number;
  grain: DateGrain;
}

function parseFixedBound(text: string): FixedBound | null {
  const lowered = text.toLowerCase();
  if (lowered === 'now' || lowered === 'today') return { mode: lowered, dateTime: null };
  return dateTimePattern.test(text) ? { mode: 'specific', dateTime: text } : null;
}

function parseRelativeBound(text: string): RelativeBound | null {
  const match = dateAddPattern.exec(text);
  if (match === null) return null;
  const [, baseText = '', amountText = '', grainText = ''] = match;
  const base = parseFixedBound(baseText);
  const grain = grainText.toLowerCase();
  if (base === null || !isDateGrain(grain)) return null;
  return { base, amount: Number(amountText), grain };
}

function isSameFixedBound(left: FixedBound, right: FixedBound): boolean {
  return left.mode === right.mode && left.dateTime === right.dateTime;
}

/** The form's fields for one fixed side: its mode, and its date-time when it has one. */
function fixedFields(bound: FixedBound, fallbackDateTime: string): { mode: CustomBoundMode; dateTime: string } {
  return { mode: bound.mode, dateTime: bound.dateTime ?? fallbackDateTime };
}

/**
 * The form for a `time_range` the Custom frame writes (see the table above), or null when the
 * value is something else (an Advanced range). A relative start must go back and a relative end
 * forward, as the form writes them, so the form shows what the value means. `now` fills the
 * fields the value does not give.
 */
export function decodeCustomTimeRange(value: string, now: Date = new Date()): CustomTimeRange | null {
  const sides = splitTimeRangeSides(value);
  if (sides === null) return null;
  const { start: startText, end: endText } = sides;
  const defaults = defaultCustomTimeRange(now);

  const fixedStart = parseFixedBound(startText);
  const fixedEnd = parseFixedBound(endText);
  if (fixedStart !== null && fixedEnd !== null) {
    const start = fixedFields(fixedStart, defaults.startDateTime);
    const end = fixedFields(fixedEnd, defaults.endDateTime);
    return { ...defaults, startMode: start.mode, startDateTime: start.dateTime, endMode: end.mode, endDateTime: end.dateTime };
  }

  const relativeStart = parseRelativeBound(startText);
  const relativeEnd = parseRelativeBound(endText);
  const isStartBackward = relativeStart !== null && relativeStart.amount < 0;
  const isEndForward = relativeEnd !== null && relativeEnd.amount > 0;

  if (relativeStart !== null && isStartBackward && fixedEnd !== null && isSameFixedBound(relativeStart.base, fixedEnd)) {
    const end = fixedFields(fixedEnd, defaults.endDateTime);
    return {
      ...defaults,
      startMode: 'relative',
      startAmount: -relativeStart.amount,
      startGrain: relativeStart.grain,
      endMode: end.mode,
      endDateTime: end.dateTime,
    };
  }

  if (fixedStart !== null && relativeEnd !== null && isEndForward && isSameFixedBound(relativeEnd.base, fixedStart)) {
    const start = fixedFields(fixedStart, defaults.startDateTime);
    return {
      ...defaults,
      startMode: start.mode,
      startDateTime: start.dateTime,
      endMode: 'relative',
      endAmount: relativeEnd.amount,
      endGrain: relativeEnd.grain,
    };
  }

  if (relativeStart === null || relativeEnd === null || !isStartBackward || !isEndForward) return null;
  if (!isSameFixedBound(relativeStart.base, relativeEnd.base)) return null;
  const anchor = relativeStart.base;
  // The form anchors on "now" or a date-time; a range anchored on midnight stays Advanced.
  if (anchor.mode === 'today') return null;
  return {
    ...defaults,
    startMode: 'relative',
    startAmount: -relativeStart.amount,
    startGrain: relativeStart.grain,
    endMode: 'relative',
    endAmount: relativeEnd.amount,
    endGrain: relativeEnd.grain,
    anchorMode: anchor.mode,
    anchorDateTime: anchor.dateTime ?? defaults.anchorDateTime,
  };
}

/**
 * A `datetime-local` input's value as the range writes it: the browser leaves out zero seconds
 * (`2024-01-01T10:30`), the range always has them (`2024-01-01T10:30:00`). Null while the input
 * is empty or incomplete.
 */
export function dateTimeFromInput(text: string): string | null {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d)(:\d\d)?(\.\d+)?$/.exec(text);
  if (match === null) return null;
  const [, minutes = '', seconds = ':00'] = match;
  return `${minutes}${seconds}`;
}
