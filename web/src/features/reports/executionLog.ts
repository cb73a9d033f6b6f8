/**
 * How the execution log shows a run (Superset's ExecutionLog page and AlertStatusIcon): the
 * state's label, the times in UTC as 'YYYY-MM-DD hh:mm:ss a', and the duration as 'HH:mm:ss.SSS'.
 */

/** Superset's `AlertState` values, as the scheduler logs them. */
export const executionStates = {
  success: 'Success',
  working: 'Working',
  error: 'Error',
  notTriggered: 'Not triggered',
  grace: 'On Grace',
} as const;

/** Superset's status texts; reports and alerts word success, work and failure differently. */
export function executionStateLabel(state: string, isAlert: boolean): string {
  switch (state) {
    case executionStates.success:
      return isAlert ? 'Alert triggered, notification sent' : 'Report sent';
    case executionStates.working:
      return isAlert ? 'Alert running' : 'Report sending';
    case executionStates.error:
      return isAlert ? 'Alert failed' : 'Report failed';
    case executionStates.notTriggered:
      return 'Nothing triggered';
    case executionStates.grace:
      return 'Alert Triggered, In Grace Period';
    default:
      return state;
  }
}

/** The milliseconds since the epoch of a stored UTC time ("2026-11-24T13:05:09.123456"), or null. */
function utcMillis(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?/.exec(text);
  if (match === null) return null;
  const [, year, month, day, hour, minute, second, fraction = '0'] = match;
  const millis = Math.floor(Number(fraction.padEnd(6, '0')) / 1000);
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), millis);
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** "2026-11-24T13:05:09.123456" as "2026-11-24 01:05:09 pm"; an unreadable time as it is. */
export function formatLogTime(text: string | null): string {
  if (text === null) return '';
  const millis = utcMillis(text);
  if (millis === null) return text;
  const time = new Date(millis);
  const hours = time.getUTCHours();
  const twelveHour = hours % 12 === 0 ? 12 : hours % 12;
  const date = `${time.getUTCFullYear()}-${twoDigits(time.getUTCMonth() + 1)}-${twoDigits(time.getUTCDate())}`;
  return `${date} ${twoDigits(twelveHour)}:${twoDigits(time.getUTCMinutes())}:${twoDigits(time.getUTCSeconds())} ${hours < 12 ? 'am' : 'pm'}`;
}

/** The time between start and end as "HH:mm:ss.SSS"; empty when either is missing. */
export function durationText(start: string | null, end: string | null): string {
  const from = start === null ? null : utcMillis(start);
  const to = end === null ? null : utcMillis(end);
  if (from === null || to === null) return '';
  const total = Math.max(0, to - from);
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  return `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}.${String(total % 1000).padStart(3, '0')}`;
}
