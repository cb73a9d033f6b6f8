import { describe, expect, it } from 'vitest';
import { fullRange, zoomRangeFromBrush } from './zoomRange';

describe('zoomRangeFromBrush', () => {
  it('selects the brushed positions in either direction', () => {
    expect(zoomRangeFromBrush(7, 3, fullRange(10))).toEqual({ start: 3, end: 7 });
    expect(zoomRangeFromBrush(3, 7, fullRange(10))).toEqual({ start: 3, end: 7 });
  });

  it('clamps to what is visible and ignores clicks and no-op brushes', () => {
    expect(zoomRangeFromBrush(1, 9, { start: 2, end: 6 })).toBeNull();
    expect(zoomRangeFromBrush(1, 5, { start: 2, end: 6 })).toEqual({ start: 2, end: 5 });
    expect(zoomRangeFromBrush(4, 4, fullRange(10))).toBeNull();
  });
});
