import { describe, expect, it } from 'vitest';
import { movedColumnOrder, orderedColumnNames } from './columnOrder';

describe('rearranged table columns', () => {
  it('moves a dragged column to the place of the column it is dropped on', () => {
    expect(movedColumnOrder(['a', 'b', 'c', 'd'], 'c', 'a')).toEqual(['c', 'a', 'b', 'd']);
    expect(movedColumnOrder(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(movedColumnOrder(['a', 'b', 'c', 'd'], 'd', 'd')).toEqual(['a', 'b', 'c', 'd']);
    expect(movedColumnOrder(['a', 'b'], 'x', 'a')).toEqual(['a', 'b']);
  });

  it('keeps a chosen order over a new result: gone columns drop out, new ones come last in result order', () => {
    expect(orderedColumnNames(['a', 'b', 'c'], [])).toEqual(['a', 'b', 'c']);
    expect(orderedColumnNames(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual(['c', 'a', 'b']);
    expect(orderedColumnNames(['a', 'b', 'd', 'e'], ['c', 'b', 'a'])).toEqual(['b', 'a', 'd', 'e']);
  });
});
