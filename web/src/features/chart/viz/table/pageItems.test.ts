import { describe, expect, it } from 'vitest';
import { pageItems } from './pageItems';

describe('pageItems', () => {
  it('lists every page when they fit', () => {
    expect(pageItems(3, 0)).toEqual([0, 1, 2]);
  });

  it('keeps first and last pages with a window around the current one', () => {
    expect(pageItems(20, 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 'ellipsis-after', 19]);
    expect(pageItems(20, 10)).toEqual([0, 'ellipsis-before', 8, 9, 10, 11, 12, 'ellipsis-after', 19]);
    expect(pageItems(20, 19)).toEqual([0, 'ellipsis-before', 13, 14, 15, 16, 17, 18, 19]);
  });
});
