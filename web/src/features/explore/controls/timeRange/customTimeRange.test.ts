import { describe, expect, it } from 'vitest';
import {
  dateTimeFromInput,
  decodeCustomTimeRange,
  defaultCustomTimeRange,
  encodeCustomTimeRange,
  type CustomTimeRange,
} from './customTimeRange';

/** 2024-06-15 14:30 UTC: midnight is 2024-06-15T00:00:00, seven days before is 2024-06-08T00:00:00. */
const now = new Date(Date.UTC(2024, 5, 15, 14, 30));
const defaults = defaultCustomTimeRange(now);

function range(changes: Partial<CustomTimeRange>): CustomTimeRange {
  return { ...defaults, ...changes };
}

describe('defaultCustomTimeRange', () => {
  it('is Superset\'s: 7 days before midnight (UTC) to midnight', () => {
    expect(defaults).toEqual({
      startMode: 'relative',
      startDateTime: '2024-06-08T00:00:00',
      startAmount: 7,
      startGrain: 'day',
      endMode: 'specific',
      endDateTime: '2024-06-15T00:00:00',
      endAmount: 7,
      endGrain: 'day',
      anchorMode: 'now',
      anchorDateTime: '2024-06-15T00:00:00',
    });
    expect(encodeCustomTimeRange(defaults)).toBe('DATEADD(DATETIME("2024-06-15T00:00:00"), -7, day) : 2024-06-15T00:00:00');
  });
});

describe('encodeCustomTimeRange and decodeCustomTimeRange', () => {
  const cases: [string, Partial<CustomTimeRange>, string][] = [
    [
      'specific : specific',
      { startMode: 'specific', startDateTime: '2024-01-01T00:00:00', endMode: 'specific', endDateTime: '2024-02-01T12:30:00' },
      '2024-01-01T00:00:00 : 2024-02-01T12:30:00',
    ],
    ['specific : now', { startMode: 'specific', startDateTime: '2024-01-01T00:00:00', endMode: 'now' }, '2024-01-01T00:00:00 : now'],
    ['midnight : now', { startMode: 'today', endMode: 'now' }, 'today : now'],
    [
      'relative : specific',
      { startMode: 'relative', startAmount: 3, startGrain: 'month', endMode: 'specific', endDateTime: '2024-02-01T00:00:00' },
      'DATEADD(DATETIME("2024-02-01T00:00:00"), -3, month) : 2024-02-01T00:00:00',
    ],
    [
      'relative : now',
      { startMode: 'relative', startAmount: 7, startGrain: 'day', endMode: 'now' },
      'DATEADD(DATETIME("now"), -7, day) : now',
    ],
    [
      'midnight : relative',
      { startMode: 'today', endMode: 'relative', endAmount: 2, endGrain: 'week' },
      'today : DATEADD(DATETIME("today"), 2, week)',
    ],
    [
      'specific : relative',
      { startMode: 'specific', startDateTime: '2024-01-01T00:00:00', endMode: 'relative', endAmount: 1, endGrain: 'quarter' },
      '2024-01-01T00:00:00 : DATEADD(DATETIME("2024-01-01T00:00:00"), 1, quarter)',
    ],
    [
      'relative : relative, anchored on now',
      { startMode: 'relative', startAmount: 3, startGrain: 'day', endMode: 'relative', endAmount: 1, endGrain: 'day', anchorMode: 'now' },
      'DATEADD(DATETIME("now"), -3, day) : DATEADD(DATETIME("now"), 1, day)',
    ],
    [
      'relative : relative, anchored on a date-time',
      {
        startMode: 'relative',
        startAmount: 2,
        startGrain: 'hour',
        endMode: 'relative',
        endAmount: 30,
        endGrain: 'minute',
        anchorMode: 'specific',
        anchorDateTime: '2024-03-10T08:00:00',
      },
      'DATEADD(DATETIME("2024-03-10T08:00:00"), -2, hour) : DATEADD(DATETIME("2024-03-10T08:00:00"), 30, minute)',
    ],
  ];

  it.each(cases)('%s is written as Superset writes it', (_name, changes, expected) => {
    expect(encodeCustomTimeRange(range(changes))).toBe(expected);
  });

  it.each(cases)('%s reads back into the same form', (_name, changes, encoded) => {
    expect(decodeCustomTimeRange(encoded, now)).toEqual(range(changes));
  });

  it('reads Superset\'s other spellings: upper-case function, grain and constant, no space after commas', () => {
    expect(decodeCustomTimeRange('dateadd(datetime("NOW"),-7,DAY) : now', now)).toEqual(
      range({ startMode: 'relative', startAmount: 7, startGrain: 'day', endMode: 'now' }),
    );
  });

  it.each([
    ['a named range', 'Last week'],
    ['no filter', 'No filter'],
    ['a date without a time', '2024-01-01 : now'],
    ['a phrase', '7 days ago : now'],
    ['a start that goes forward', 'DATEADD(DATETIME("now"), 7, day) : now'],
    ['an end that goes back', 'now : DATEADD(DATETIME("now"), -7, day)'],
    ['a start relative to another date than the end', 'DATEADD(DATETIME("today"), -7, day) : now'],
    ['two relative sides with different anchors', 'DATEADD(DATETIME("now"), -1, day) : DATEADD(DATETIME("today"), 1, day)'],
    ['two relative sides anchored on midnight', 'DATEADD(DATETIME("today"), -1, day) : DATEADD(DATETIME("today"), 1, day)'],
    ['an unknown grain', 'DATEADD(DATETIME("now"), -1, fortnight) : now'],
    ['an unbounded side', '2024-01-01T00:00:00 : '],
    ['a nested expression', 'DATETRUNC(DATETIME("today"), month) : now'],
  ])('leaves %s to the Advanced frame', (_name, value) => {
    expect(decodeCustomTimeRange(value, now)).toBeNull();
  });
});

describe('dateTimeFromInput', () => {
  it.each([
    ['2024-01-01T10:30', '2024-01-01T10:30:00'],
    ['2024-01-01T10:30:15', '2024-01-01T10:30:15'],
    ['2024-01-01T10:30:15.250', '2024-01-01T10:30:15'],
    ['', null],
    ['2024-01-01', null],
  ])('reads %j as %j', (input, expected) => {
    expect(dateTimeFromInput(input)).toBe(expected);
  });
});
