/**
 * How the picker shows a time range: the "Actual time range" the server resolved it to, and the
 * trigger's text (the value itself for named ranges, the actual range for Custom and Advanced, as
 * Superset's DateFilterLabel does).
 */

import type { ResolvedTimeRange } from '@/api/generated/ResolvedTimeRange';
import { guessTimeRangeFrame, isNamedRangeFrame } from './timeRangeFrames';

/** What the bounds are compared with in the text, Superset's placeholder for the time column. */
const columnPlaceholder = 'col';

function boundText(dateTime: string, unboundedText: string): string {
  return dateTime === '' ? unboundedText : dateTime.replace('T00:00:00', '');
}

/** `2024-06-08 ≤ col < 2024-06-15`; `-∞` and `∞` for unbounded sides; midnight times left out. */
export function formatActualTimeRange({ since, until }: Pick<ResolvedTimeRange, 'since' | 'until'>): string {
  return `${boundText(since, '-∞')} ≤ ${columnPlaceholder} < ${boundText(until, '∞')}`;
}

/** The trigger's text: `Last week` as it is, a custom range as its bounds once they are known. */
export function timeRangeTriggerText(value: string, resolved: ResolvedTimeRange | undefined): string {
  if (isNamedRangeFrame(guessTimeRangeFrame(value)) || resolved === undefined) return value;
  return formatActualTimeRange(resolved);
}
