/**
 * Annotation times: the API's ISO date-times without a zone (`2024-01-31T00:00:00`), the
 * `datetime-local` inputs of the annotation form, and the list's display.
 */

const isoPrefix = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?/;

/** An ISO date-time as a `datetime-local` value (`2024-01-31T00:00`, seconds when not zero). */
export function timeInputValue(iso: string | null | undefined): string {
  const match = isoPrefix.exec(iso ?? '');
  if (match === null) return '';
  const [, date, minutes, seconds] = match;
  return seconds === undefined || seconds === '00' ? `${date}T${minutes}` : `${date}T${minutes}:${seconds}`;
}

/** A `datetime-local` value as the API's ISO date-time (`2024-01-31T00:00:00`); null when empty or malformed. */
export function isoFromTimeInput(value: string): string | null {
  const match = isoPrefix.exec(value.trim());
  if (match === null) return null;
  const [, date, minutes, seconds] = match;
  return `${date}T${minutes}:${seconds ?? '00'}`;
}

/** How the annotation list shows a time: `2024-01-31 00:00` (seconds when not zero). */
export function displayedTime(iso: string | null): string {
  return timeInputValue(iso).replace('T', ' ');
}
