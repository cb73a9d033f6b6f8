import { describe, expect, it } from 'vitest';
import { cellBarColor, cellBarGeometry, columnValueRange } from './cellBars';

describe('columnValueRange', () => {
  it('is the extent of the numbers, skipping nulls', () => {
    expect(columnValueRange([5, null, -3, 2n], false)).toEqual([-3, 5]);
  });

  it('is 0 to the largest absolute value when aligned', () => {
    expect(columnValueRange([5, null, -8], true)).toEqual([0, 8]);
  });

  it('is null without numbers', () => {
    expect(columnValueRange([null, 'a'], false)).toBeNull();
  });
});

describe('cellBarGeometry', () => {
  it('sizes positive bars in proportion to the largest value', () => {
    expect(cellBarGeometry(50, [10, 200], false)).toEqual({ widthPercent: 25, offsetPercent: 0 });
    expect(cellBarGeometry(200, [10, 200], false)).toEqual({ widthPercent: 100, offsetPercent: 0 });
  });

  it('puts the zero axis between the extremes: negatives left of it, positives right', () => {
    // Extent -25..75: the axis sits at 25 percent.
    expect(cellBarGeometry(-25, [-25, 75], false)).toEqual({ widthPercent: 25, offsetPercent: 0 });
    expect(cellBarGeometry(-10, [-25, 75], false)).toEqual({ widthPercent: 10, offsetPercent: 15 });
    expect(cellBarGeometry(75, [-25, 75], false)).toEqual({ widthPercent: 75, offsetPercent: 25 });
  });

  it('starts every bar at the left edge with align_pn, sized by |value| / max', () => {
    expect(cellBarGeometry(-40, [0, 80], true)).toEqual({ widthPercent: 50, offsetPercent: 0 });
    expect(cellBarGeometry(80, [0, 80], true)).toEqual({ widthPercent: 100, offsetPercent: 0 });
  });
});

describe('cellBarColor', () => {
  it('is grey, or red for negatives with color_pn', () => {
    expect(cellBarColor(-1, true)).toBe('rgba(150,0,0,0.2)');
    expect(cellBarColor(1, true)).toBe('rgba(0,0,0,0.2)');
    expect(cellBarColor(-1, false)).toBe('rgba(0,0,0,0.2)');
  });
});
