/** The visible part of a zoomed axis: x positions `start` to `end`, both included. */
export interface ZoomRange {
  start: number;
  end: number;
}

/**
 * The range a brush selects between two x positions (in either order), or null when it covers
 * fewer than two positions or everything that is already visible.
 */
export function zoomRangeFromBrush(fromIndex: number, toIndex: number, visible: ZoomRange): ZoomRange | null {
  const start = Math.max(Math.min(fromIndex, toIndex), visible.start);
  const end = Math.min(Math.max(fromIndex, toIndex), visible.end);
  const isTooNarrow = end - start < 1;
  const isEverything = start === visible.start && end === visible.end;
  return isTooNarrow || isEverything ? null : { start, end };
}

/** Every x position, when nothing is zoomed. */
export function fullRange(pointCount: number): ZoomRange {
  return { start: 0, end: Math.max(pointCount - 1, 0) };
}
