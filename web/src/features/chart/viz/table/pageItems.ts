/** A page button (0-based page index) or a gap. */
export type PageItem = number | 'ellipsis-before' | 'ellipsis-after';

/** Page buttons shown at most: Superset's pagination at full width. */
export const maxPageItems = 9;

/**
 * The pagination's items: every page when they fit, else the first and last pages, a window around
 * the current one and ellipses for the gaps, `width` items in all (odd, at least 5).
 */
export function pageItems(pageCount: number, currentPage: number, width = maxPageItems): PageItem[] {
  const all = Array.from({ length: pageCount }, (_unused, index) => index);
  if (pageCount <= width) return all;
  const half = Math.floor(width / 2);
  const lastPage = pageCount - 1;
  if (currentPage <= half) return [...all.slice(0, width - 2), 'ellipsis-after', lastPage];
  if (currentPage >= lastPage - half) return [0, 'ellipsis-before', ...all.slice(pageCount - (width - 2))];
  const reach = half - 2;
  return [0, 'ellipsis-before', ...all.slice(currentPage - reach, currentPage + reach + 1), 'ellipsis-after', lastPage];
}
