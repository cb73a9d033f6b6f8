import { describe, expect, it } from 'vitest';
import { parseRison, risonString } from './rison';

describe('rison', () => {
  it('reads objects, lists, strings, ids, numbers and the !t !f !n literals', () => {
    expect(parseRison("(a:!(1,-2.5,'x y'),b:!t,c:!f,d:!n,e:state,'f g':())")).toEqual({
      a: [1, -2.5, 'x y'],
      b: true,
      c: false,
      d: null,
      e: 'state',
      'f g': {},
    });
    expect(parseRison('!()')).toEqual([]);
    expect(parseRison("'it!'s !!'")).toBe("it's !");
  });

  it('reads back what risonString writes', () => {
    expect(parseRison(risonString("Bob's !"))).toBe("Bob's !");
  });

  it('refuses malformed text', () => {
    for (const text of ['(a:1', "'open", '(a 1)', '!x', '(a:1)b', '', '!(1,)']) {
      expect(() => parseRison(text), text).toThrow(/Invalid rison/);
    }
  });
});
