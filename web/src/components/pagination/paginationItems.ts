/**
 * The items of the shared pagination control (spec 001 section 2): page numbers with an ellipsis
 * for each gap, as Superset's pagination (Ant Design's) lays them out with two pages either side
 * of the current one. Pages are 0-based here and shown 1-based.
 *
 * Example, 20 pages with page 10 (index 9) current: `1 … 8 9 10 11 12 … 20`. The ellipsis before
 * jumps 5 pages back, the one after 5 pages on.
 */

/** Pages shown either side of the current one. */
export const paginationPageBuffer = 2;
/** Pages an ellipsis jumps. */
export const paginationJumpSize = 5;

export type PaginationItem =
  | { kind: 'page'; pageIndex: number }
  /** A gap before the current page; clicking it goes to `pageIndex`. */
  | { kind: 'jump-previous'; pageIndex: number }
  /** A gap after the current page; clicking it goes to `pageIndex`. */
  | { kind: 'jump-next'; pageIndex: number };

function page(pageIndex: number): PaginationItem {
  return { kind: 'page', pageIndex };
}

/** Every page when at most 7 fit, else the first and last pages, a window of 5 and the gaps. */
export function paginationItems(pageCount: number, currentPageIndex: number): PaginationItem[] {
  const buffer = paginationPageBuffer;
  if (pageCount <= 3 + buffer * 2) return Array.from({ length: pageCount }, (_unused, index) => page(index));
  // 1-based, as the layout rule is usually written.
  const current = currentPageIndex + 1;
  let left = Math.max(1, current - buffer);
  let right = Math.min(current + buffer, pageCount);
  if (current - 1 <= buffer) right = 1 + buffer * 2;
  if (pageCount - current <= buffer) left = pageCount - buffer * 2;
  const items: PaginationItem[] = [];
  for (let shown = left; shown <= right; shown += 1) items.push(page(shown - 1));
  if (current - 1 >= buffer * 2 && current !== 1 + 2) {
    items.unshift({ kind: 'jump-previous', pageIndex: Math.max(0, currentPageIndex - paginationJumpSize) });
  }
  if (pageCount - current >= buffer * 2 && current !== pageCount - 2) {
    items.push({ kind: 'jump-next', pageIndex: Math.min(pageCount - 1, currentPageIndex + paginationJumpSize) });
  }
  if (left !== 1) items.unshift(page(0));
  if (right !== pageCount) items.push(page(pageCount - 1));
  return items;
}
