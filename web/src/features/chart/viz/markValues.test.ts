import { describe, expect, it } from 'vitest';
import { markValue, markValues } from './markValues';

describe('markValues', () => {
  it('writes values as JavaScript prints them and nulls as nothing', () => {
    expect(markValue(48133355)).toBe('48133355');
    expect(markValue(0.125)).toBe('0.125');
    expect(markValue(12n)).toBe('12');
    expect(markValue('boy')).toBe('boy');
    expect(markValue(null)).toBe('');
    expect(markValue(undefined)).toBe('');
    expect(markValues([1, null, 2.5])).toBe('1,,2.5');
  });
});
