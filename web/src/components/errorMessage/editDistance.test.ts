import { describe, expect, it } from 'vitest';
import { editDistance } from './editDistance';

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('state', 'state')).toBe(0);
    expect(editDistance('stat', 'state')).toBe(1);
    expect(editDistance('state', 'stat')).toBe(1);
    expect(editDistance('gendr', 'gender')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('flaw', 'lawn')).toBe(2);
    expect(editDistance('ab', 'ba')).toBe(2);
  });

  it('measures against an empty text by length', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(editDistance('año', 'ano')).toBe(1);
    expect(editDistance('😀a', 'a')).toBe(1);
  });
});
