/**
 * The range types ("frames") of the time range picker, as Superset's DateFilterControl has them,
 * and which frame a `time_range` value belongs to:
 *
 * | frame     | values                                                       |
 * |-----------|--------------------------------------------------------------|
 * | No filter | `No filter`                                                  |
 * | Last      | `Last day`, `Last week`, `Last month`, `Last quarter`, `Last year` |
 * | Previous  | `previous calendar week`, ... `previous calendar year`       |
 * | Current   | `Current day`, ... `Current year`                            |
 * | Custom    | what the Custom form writes (customTimeRange.ts)             |
 * | Advanced  | any other text                                               |
 */

import { advancedTimeRangeSides, joinTimeRangeSides } from './advancedTimeRange';
import { decodeCustomTimeRange, defaultCustomTimeRange, encodeCustomTimeRange } from './customTimeRange';

/** Superset's `NO_TIME_RANGE`: the value that filters nothing. */
export const noTimeRange = 'No filter';

export type TimeRangeFrame = 'Last' | 'Previous' | 'Current' | 'Custom' | 'Advanced' | 'No filter';

export interface TimeRangeOption {
  value: string;
  label: string;
}

/** The "Range type" choices, in Superset's order. */
export const timeRangeFrames: readonly TimeRangeFrame[] = ['Last', 'Previous', 'Current', 'Custom', 'Advanced', 'No filter'];

export const lastRangeOptions: readonly TimeRangeOption[] = [
  { value: 'Last day', label: 'last day' },
  { value: 'Last week', label: 'last week' },
  { value: 'Last month', label: 'last month' },
  { value: 'Last quarter', label: 'last quarter' },
  { value: 'Last year', label: 'last year' },
];

export const previousRangeOptions: readonly TimeRangeOption[] = [
  { value: 'previous calendar week', label: 'previous calendar week' },
  { value: 'previous calendar month', label: 'previous calendar month' },
  { value: 'previous calendar quarter', label: 'previous calendar quarter' },
  { value: 'previous calendar year', label: 'previous calendar year' },
];

export const currentRangeOptions: readonly TimeRangeOption[] = [
  { value: 'Current day', label: 'Current day' },
  { value: 'Current week', label: 'Current week' },
  { value: 'Current month', label: 'Current month' },
  { value: 'Current quarter', label: 'Current quarter' },
  { value: 'Current year', label: 'Current year' },
];

/** The options of a frame chosen by a radio, with the one Superset picks when the value is not one of them. */
const optionFrames = {
  Last: { options: lastRangeOptions, fallback: 'Last week' },
  Previous: { options: previousRangeOptions, fallback: 'previous calendar week' },
  Current: { options: currentRangeOptions, fallback: 'Current week' },
} as const;

export type OptionFrame = keyof typeof optionFrames;

export function optionsOfFrame(frame: OptionFrame): readonly TimeRangeOption[] {
  return optionFrames[frame].options;
}

function isOptionOf(frame: OptionFrame, value: string): boolean {
  return optionFrames[frame].options.some((option) => option.value === value);
}

/** The frame the picker opens on for a value. */
export function guessTimeRangeFrame(value: string): TimeRangeFrame {
  if (value === noTimeRange) return 'No filter';
  if (isOptionOf('Last', value)) return 'Last';
  if (isOptionOf('Previous', value)) return 'Previous';
  if (isOptionOf('Current', value)) return 'Current';
  if (decodeCustomTimeRange(value) !== null) return 'Custom';
  return 'Advanced';
}

/** True for the frames whose values read as they are (`Last week`); Custom and Advanced read as their bounds. */
export function isNamedRangeFrame(frame: TimeRangeFrame): boolean {
  return frame !== 'Custom' && frame !== 'Advanced';
}

/**
 * The value after choosing `frame` while editing `current`: kept when the frame can show it,
 * otherwise the frame's starting value (`Last week`, Superset's 7 days before midnight, ...).
 */
export function timeRangeForFrame(frame: TimeRangeFrame, current: string, now: Date): string {
  switch (frame) {
    case 'No filter':
      return noTimeRange;
    case 'Last':
    case 'Previous':
    case 'Current':
      return isOptionOf(frame, current) ? current : optionFrames[frame].fallback;
    case 'Custom':
      return decodeCustomTimeRange(current, now) === null ? encodeCustomTimeRange(defaultCustomTimeRange(now)) : current;
    case 'Advanced':
      return joinTimeRangeSides(advancedTimeRangeSides(current));
  }
}
