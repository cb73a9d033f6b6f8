import { describe, expect, it } from 'vitest';
import { formatActualTimeRange, timeRangeTriggerText } from './actualTimeRange';

const lastWeek = { since: '2024-06-08T00:00:00', until: '2024-06-15T00:00:00', timeRange: 'Last week' };

describe('formatActualTimeRange', () => {
  it.each([
    [{ since: '2024-06-08T00:00:00', until: '2024-06-15T00:00:00' }, '2024-06-08 ≤ col < 2024-06-15'],
    [{ since: '2024-06-08T09:30:00', until: '2024-06-15T00:00:00' }, '2024-06-08T09:30:00 ≤ col < 2024-06-15'],
    [{ since: '', until: '2024-06-15T14:30:10' }, '-∞ ≤ col < 2024-06-15T14:30:10'],
    [{ since: '2024-01-01T00:00:00', until: '' }, '2024-01-01 ≤ col < ∞'],
    [{ since: '', until: '' }, '-∞ ≤ col < ∞'],
  ])('shows %j as %j', (resolved, text) => {
    expect(formatActualTimeRange(resolved)).toBe(text);
  });
});

describe('timeRangeTriggerText', () => {
  it('shows named ranges as they are', () => {
    expect(timeRangeTriggerText('Last week', lastWeek)).toBe('Last week');
    expect(timeRangeTriggerText('No filter', undefined)).toBe('No filter');
  });

  it('shows custom and advanced ranges as their bounds once resolved, as typed before', () => {
    const custom = '2024-01-01T00:00:00 : 2024-02-01T00:00:00';
    expect(timeRangeTriggerText(custom, { since: '2024-01-01T00:00:00', until: '2024-02-01T00:00:00', timeRange: custom })).toBe(
      '2024-01-01 ≤ col < 2024-02-01',
    );
    expect(timeRangeTriggerText('2024-01-01 : now', undefined)).toBe('2024-01-01 : now');
  });
});
