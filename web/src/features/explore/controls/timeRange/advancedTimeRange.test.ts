import { describe, expect, it } from 'vitest';
import { advancedTimeRangeSides, joinTimeRangeSides, splitTimeRangeSides } from './advancedTimeRange';

describe('advancedTimeRangeSides', () => {
  it.each([
    ['2024-01-01 : now', { start: '2024-01-01', end: 'now' }],
    [' : now', { start: '', end: 'now' }],
    ['2024-01-01 : ', { start: '2024-01-01', end: '' }],
    ['Last 3 days', { start: 'Last 3 days', end: '' }],
    ['Next week', { start: '', end: 'Next week' }],
    ['No filter', { start: '', end: '' }],
    ['a : b : c', { start: 'a', end: 'b : c' }],
  ])('reads %j as %j', (value, sides) => {
    expect(advancedTimeRangeSides(value)).toEqual(sides);
  });

  it('joins the sides with Superset\'s separator', () => {
    expect(joinTimeRangeSides({ start: '7 days ago', end: 'now' })).toBe('7 days ago : now');
    expect(joinTimeRangeSides({ start: '', end: '' })).toBe(' : ');
  });
});

describe('splitTimeRangeSides', () => {
  it('needs exactly one separator', () => {
    expect(splitTimeRangeSides('today : now')).toEqual({ start: 'today', end: 'now' });
    expect(splitTimeRangeSides('Last week')).toBeNull();
    expect(splitTimeRangeSides('a : b : c')).toBeNull();
  });
});
