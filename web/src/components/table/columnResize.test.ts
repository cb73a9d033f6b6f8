import { describe, expect, it } from 'vitest';
import { columnResizeThresholdPx, isOnResizeBorder, resizedColumnWidth } from './columnResize';
import { defaultTableSize, tableRowHeights } from './tableSize';

describe('the table sizes', () => {
  it('give rows 39 px in the small (default) size and 47 px in the middle size', () => {
    expect(tableRowHeights).toEqual({ small: 39, middle: 47 });
    expect(defaultTableSize).toBe('small');
  });
});

describe('isOnResizeBorder', () => {
  it('grabs the border within 8 px of the right edge of the cell', () => {
    expect(columnResizeThresholdPx).toBe(8);
    expect(isOnResizeBorder(120, 120)).toBe(true);
    expect(isOnResizeBorder(112, 120)).toBe(true);
    expect(isOnResizeBorder(111, 120)).toBe(false);
    expect(isOnResizeBorder(10, 120)).toBe(false);
    // A pointer just past the edge (on the border line itself) still grabs it.
    expect(isOnResizeBorder(128, 120)).toBe(true);
    expect(isOnResizeBorder(0, 0)).toBe(false);
  });
});

describe('resizedColumnWidth', () => {
  it('moves the width with the pointer, never to zero or below', () => {
    expect(resizedColumnWidth(120, 500, 548)).toBe(168);
    expect(resizedColumnWidth(120, 500, 430)).toBe(50);
    expect(resizedColumnWidth(120, 500, 380)).toBe(120);
    expect(resizedColumnWidth(120, 500, 360)).toBe(120);
  });
});
