/**
 * Temporal Arrow values as the text SQL Lab's JSON answer gives them (the server's arrow-rs
 * display, `server/src/sqllab/results.rs`), so the Arrow answer shows the same cells:
 * - timestamp without zone: `2020-01-01T00:00:00`, `2020-01-01T00:00:00.250`;
 * - timestamp with a zone (an offset): RFC 3339 in that zone, `Z` for UTC:
 *   `2020-01-01T00:00:00Z`, `2020-01-01T01:00:00+01:00`;
 * - date: `2020-01-01`; time: `13:45:00`, `13:45:00.123456`.
 * Fractions show 3, 6 or 9 digits, as few as keep every non-zero digit.
 */
import { DataType, DateUnit, TimeUnit } from 'apache-arrow';

const nanosPerSecond = 1_000_000_000n;
const secondsPerDay = 86_400n;

/** How many of a unit make a second. */
function unitsPerSecond(unit: TimeUnit): bigint {
  switch (unit) {
    case TimeUnit.SECOND:
      return 1n;
    case TimeUnit.MILLISECOND:
      return 1_000n;
    case TimeUnit.MICROSECOND:
      return 1_000_000n;
    default:
      return nanosPerSecond;
  }
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** `.250`, `.250001`, `.250000001`, or nothing for a whole second. */
function fractionText(nanos: number): string {
  if (nanos === 0) return '';
  if (nanos % 1_000_000 === 0) return `.${pad(nanos / 1_000_000, 3)}`;
  if (nanos % 1_000 === 0) return `.${pad(nanos / 1_000, 6)}`;
  return `.${pad(nanos, 9)}`;
}

/** Years 0 to 9999 in four digits, others signed: `-0001`, `+10000`. */
function yearText(year: number): string {
  if (year >= 0 && year <= 9999) return pad(year, 4);
  return `${year < 0 ? '-' : '+'}${pad(Math.abs(year), 4)}`;
}

/** Days since 1970-01-01 as `YYYY-MM-DD` in the proleptic Gregorian calendar (Hinnant's civil_from_days). */
export function dateText(epochDays: number): string {
  const shifted = epochDays + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${yearText(year)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Nanoseconds since midnight as `HH:MM:SS` and its fraction. */
function timeOfDayText(nanosOfDay: bigint): string {
  const seconds = Number(nanosOfDay / nanosPerSecond);
  const nanos = Number(nanosOfDay % nanosPerSecond);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds % 60, 2)}${fractionText(nanos)}`;
}

/** Nanoseconds since the epoch as `YYYY-MM-DDTHH:MM:SS` and its fraction. */
function dateTimeText(epochNanos: bigint): string {
  const nanosPerDay = secondsPerDay * nanosPerSecond;
  let days = epochNanos / nanosPerDay;
  let nanosOfDay = epochNanos % nanosPerDay;
  if (nanosOfDay < 0n) {
    nanosOfDay += nanosPerDay;
    days -= 1n;
  }
  return `${dateText(Number(days))}T${timeOfDayText(nanosOfDay)}`;
}

const fixedOffsetPattern = /^([+-])(\d{2}):?(\d{2})$/;

/**
 * A zone's offset from UTC in minutes: `+01:00` => 60, `-0330` => -210. The server sends zones as
 * offsets (it relabels UTC's names `+00:00`, decision 0031); any other zone counts as UTC.
 */
export function zoneOffsetMinutes(timeZone: string): number {
  const fixed = fixedOffsetPattern.exec(timeZone);
  if (fixed === null) return 0;
  const minutes = Number(fixed[2]) * 60 + Number(fixed[3]);
  return fixed[1] === '-' ? -minutes : minutes;
}

function offsetText(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'Z';
  const magnitude = Math.abs(offsetMinutes);
  return `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(magnitude / 60), 2)}:${pad(magnitude % 60, 2)}`;
}

/** A timestamp of `unit` since the epoch, shown in `timeZone` (RFC 3339) or without a zone. */
export function timestampText(value: bigint, unit: TimeUnit, timeZone: string | null): string {
  const epochNanos = value * (nanosPerSecond / unitsPerSecond(unit));
  if (timeZone === null) return dateTimeText(epochNanos);
  const offsetMinutes = zoneOffsetMinutes(timeZone);
  const localNanos = epochNanos + BigInt(offsetMinutes) * 60n * nanosPerSecond;
  return `${dateTimeText(localNanos)}${offsetText(offsetMinutes)}`;
}

/** A time of day of `unit` since midnight. */
export function timeText(value: bigint, unit: TimeUnit): string {
  return timeOfDayText(value * (nanosPerSecond / unitsPerSecond(unit)));
}

/**
 * The text of a raw temporal Arrow value (as stored: days, milliseconds or a timestamp's units),
 * or null when the type is not temporal.
 */
export function temporalText(raw: number | bigint, type: DataType): string | null {
  if (DataType.isTimestamp(type)) return timestampText(BigInt(raw), type.unit, type.timezone ?? null);
  if (DataType.isDate(type)) {
    return type.unit === DateUnit.DAY ? dateText(Number(raw)) : dateTimeText(BigInt(raw) * 1_000_000n);
  }
  if (DataType.isTime(type)) return timeText(BigInt(raw), type.unit);
  return null;
}
