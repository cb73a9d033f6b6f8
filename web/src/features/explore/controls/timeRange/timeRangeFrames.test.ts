import { describe, expect, it } from 'vitest';
import { guessTimeRangeFrame, timeRangeForFrame, type TimeRangeFrame } from './timeRangeFrames';

const now = new Date(Date.UTC(2024, 5, 15, 14, 30));

describe('guessTimeRangeFrame', () => {
  it.each<[string, TimeRangeFrame]>([
    ['No filter', 'No filter'],
    ['Last day', 'Last'],
    ['Last quarter', 'Last'],
    ['previous calendar week', 'Previous'],
    ['previous calendar quarter', 'Previous'],
    ['Current day', 'Current'],
    ['Current year', 'Current'],
    ['DATEADD(DATETIME("now"), -7, day) : now', 'Custom'],
    ['2024-01-01T00:00:00 : 2024-02-01T00:00:00', 'Custom'],
    ['2024-01-01 : 2024-02-01', 'Advanced'],
    ['Last 3 days', 'Advanced'],
    ['last week', 'Advanced'],
    [' : ', 'Advanced'],
  ])('%j opens on %s', (value, frame) => {
    expect(guessTimeRangeFrame(value)).toBe(frame);
  });
});

describe('timeRangeForFrame', () => {
  it.each<[TimeRangeFrame, string, string]>([
    ['No filter', 'Last week', 'No filter'],
    ['Last', 'Last month', 'Last month'],
    ['Last', 'No filter', 'Last week'],
    ['Previous', 'Last month', 'previous calendar week'],
    ['Previous', 'previous calendar year', 'previous calendar year'],
    ['Current', 'No filter', 'Current week'],
    ['Custom', 'today : now', 'today : now'],
    ['Custom', 'Last week', 'DATEADD(DATETIME("2024-06-15T00:00:00"), -7, day) : 2024-06-15T00:00:00'],
    ['Advanced', '2024-01-01 : now', '2024-01-01 : now'],
    ['Advanced', 'Last week', 'Last week : '],
    ['Advanced', 'Next 2 days', ' : Next 2 days'],
    ['Advanced', 'No filter', ' : '],
    ['Advanced', 'Current week', ' : '],
  ])('choosing %s while editing %j gives %j', (frame, current, expected) => {
    expect(timeRangeForFrame(frame, current, now)).toBe(expected);
  });
});
