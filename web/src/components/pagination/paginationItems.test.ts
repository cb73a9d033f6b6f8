import { describe, expect, it } from 'vitest';
import { paginationItems, type PaginationItem } from './paginationItems';

/** The items as the user reads them: 1-based page numbers and "…" for each gap. */
function shown(items: readonly PaginationItem[]): string {
  return items.map((item) => (item.kind === 'page' ? String(item.pageIndex + 1) : '…')).join(' ');
}

describe('paginationItems', () => {
  it.each([
    [1, 0, '1'],
    [7, 6, '1 2 3 4 5 6 7'],
    [8, 0, '1 2 3 4 5 … 8'],
    [10, 3, '1 2 3 4 5 6 … 10'],
    [10, 4, '1 … 3 4 5 6 7 … 10'],
    [20, 9, '1 … 8 9 10 11 12 … 20'],
    [10, 6, '1 … 5 6 7 8 9 10'],
    [10, 9, '1 … 6 7 8 9 10'],
  ])('lays out %i pages with page index %i current as "%s"', (pageCount, current, expected) => {
    expect(shown(paginationItems(pageCount, current))).toBe(expected);
  });

  it('jumps five pages from an ellipsis, never past the first or last page', () => {
    expect(paginationItems(20, 9).filter((item) => item.kind !== 'page')).toEqual([
      { kind: 'jump-previous', pageIndex: 4 },
      { kind: 'jump-next', pageIndex: 14 },
    ]);
    expect(paginationItems(10, 4).filter((item) => item.kind !== 'page')).toEqual([
      { kind: 'jump-previous', pageIndex: 0 },
      { kind: 'jump-next', pageIndex: 9 },
    ]);
  });

  it('has no items without pages', () => {
    expect(paginationItems(0, 0)).toEqual([]);
  });
});
