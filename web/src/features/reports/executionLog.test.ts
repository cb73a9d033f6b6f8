import { describe, expect, it } from 'vitest';
import { durationText, executionStateLabel, formatLogTime } from './executionLog';

describe('executionLog', () => {
  it.each([
    ['Success', false, 'Report sent'],
    ['Success', true, 'Alert triggered, notification sent'],
    ['Error', false, 'Report failed'],
    ['Error', true, 'Alert failed'],
    ['Working', true, 'Alert running'],
    ['Not triggered', true, 'Nothing triggered'],
    ['On Grace', true, 'Alert Triggered, In Grace Period'],
    ['Something new', true, 'Something new'],
  ])('labels %s (alert: %s) as %s', (state, isAlert, label) => {
    expect(executionStateLabel(state, isAlert)).toBe(label);
  });

  it('shows UTC times on a 12-hour clock, as Superset does', () => {
    expect(formatLogTime('2026-11-24T13:05:09.123456')).toBe('2026-11-24 01:05:09 pm');
    expect(formatLogTime('2026-11-24T00:00:00')).toBe('2026-11-24 12:00:00 am');
    expect(formatLogTime('2026-11-24T12:30:00.5')).toBe('2026-11-24 12:30:00 pm');
    expect(formatLogTime(null)).toBe('');
    expect(formatLogTime('soon')).toBe('soon');
  });

  it('measures the run from start to end in HH:mm:ss.SSS', () => {
    expect(durationText('2026-11-24T10:00:00.000000', '2026-11-24T10:00:01.234567')).toBe('00:00:01.234');
    expect(durationText('2026-11-24T10:00:00', '2026-11-24T11:02:03.004')).toBe('01:02:03.004');
    expect(durationText(null, '2026-11-24T10:00:00')).toBe('');
  });
});
