import { describe, expect, it } from 'vitest';
import { grainTimeFormatter, timeFormatter, tooltipTimeFormatter } from './timeFormat';

const utc = (iso: string): number => Date.parse(`${iso}Z`);

describe('timeFormatter', () => {
  it.each<[string, string]>([
    ['2008-01-01T00:00:00', '2008'],
    ['2008-03-01T00:00:00', 'March'],
    ['2008-03-02T00:00:00', 'Mar 02'],
    ['2008-03-04T00:00:00', 'Tue 04'],
    ['2008-03-04T13:00:00', '01 PM'],
    ['2008-03-04T13:25:00', '01:25'],
    ['2008-03-04T13:25:07', ':07s'],
  ])('smart_date shows %s as "%s"', (iso, expected) => {
    expect(timeFormatter('smart_date')(utc(iso))).toBe(expected);
  });

  it('applies d3 specifiers in UTC', () => {
    expect(timeFormatter('%Y-%m-%d')(utc('2008-01-01T23:30:00'))).toBe('2008-01-01');
    expect(timeFormatter('%b %d, %Y')(utc('1999-12-31T00:00:00'))).toBe('Dec 31, 1999');
  });

  it('defaults to smart_date and gives tooltips the verbose form', () => {
    expect(timeFormatter(undefined)(utc('2010-01-01T00:00:00'))).toBe('2010');
    expect(tooltipTimeFormatter('smart_date')(utc('2008-03-04T00:00:00'))).toBe('Tue Mar 4');
    expect(tooltipTimeFormatter('%Y')(utc('2008-03-04T00:00:00'))).toBe('2008');
  });
});

describe('grainTimeFormatter', () => {
  it.each<[string, string]>([
    ['P1D', '2008-03-04'],
    ['PT1H', '2008-03-04 13:00'],
    ['PT1M', '2008-03-04 13:25'],
    ['P1W', '2008 W09'],
    ['P1M', 'Mar 2008'],
    ['P3M', '2008 Q1'],
    ['P1Y', '2008'],
  ])('smart_date with the %s grain shows "%s"', (grain, expected) => {
    expect(grainTimeFormatter('smart_date', grain)(utc('2008-03-04T13:25:07'))).toBe(expected);
  });

  it('applies any other format as it is, and stays adaptive without a known grain', () => {
    expect(grainTimeFormatter('%d/%m/%Y', 'P1Y')(utc('2008-03-04T00:00:00'))).toBe('04/03/2008');
    expect(grainTimeFormatter('smart_date', undefined)(utc('2008-03-01T00:00:00'))).toBe('March');
    expect(grainTimeFormatter(undefined, 'P1X')(utc('2008-01-01T00:00:00'))).toBe('2008');
  });
});
