/**
 * Spec 000 section 9: a pointer within 8 px of a header cell's right edge grabs the column's border
 * (Superset's `RESIZE_INDICATOR_THRESHOLD`); dragging it changes the column's width.
 */
export const columnResizeThresholdPx = 8;

/**
 * Whether a pointer `offsetX` px from the cell's left edge is on the resize border of a cell
 * `cellWidth` px wide: a 120 px cell is resized from 112 px to 128 px (its border is shared with
 * the next cell, whose first pixels are not counted here).
 */
export function isOnResizeBorder(offsetX: number, cellWidth: number): boolean {
  return cellWidth > 0 && Math.abs(cellWidth - offsetX) <= columnResizeThresholdPx;
}

/** The column's width after the border moved from `startX` to `currentX`; it never reaches 0. */
export function resizedColumnWidth(startWidth: number, startX: number, currentX: number): number {
  const width = startWidth + (currentX - startX);
  return width > 0 ? width : startWidth;
}
