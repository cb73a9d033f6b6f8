/** The state of a list page and its place in the URL query (spec 000 section 2, "List view behaviour"). */

/** Default rows per page of list screens (spec 000 section 9). */
export const defaultListPageSize = 25;

export type SortOrder = 'asc' | 'desc';
export type ViewMode = 'table' | 'card';

export interface ListFilterValue {
  /** The filter's id, as the page declares it. */
  id: string;
  value: string;
}

export interface ListViewState {
  filters: ListFilterValue[];
  pageIndex: number;
  sortColumn: string;
  sortOrder: SortOrder;
  viewMode: ViewMode;
}

export interface ListViewDefaults {
  sortColumn: string;
  sortOrder: SortOrder;
  viewMode?: ViewMode;
}

function parseFilters(text: string | null): ListFilterValue[] {
  if (text === null || text === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return [];
      const { id, value } = entry as Record<string, unknown>;
      return typeof id === 'string' && typeof value === 'string' && value !== '' ? [{ id, value }] : [];
    });
  } catch {
    return [];
  }
}

/** Reads the list state from a URL query; anything missing or malformed takes its default. */
export function parseListViewState(params: URLSearchParams, defaults: ListViewDefaults): ListViewState {
  const pageIndex = Number(params.get('pageIndex'));
  const sortOrder = params.get('sortOrder');
  const viewMode = params.get('viewMode');
  const sortColumn = params.get('sortColumn');
  return {
    filters: parseFilters(params.get('filters')),
    pageIndex: Number.isInteger(pageIndex) && pageIndex > 0 ? pageIndex : 0,
    sortColumn: sortColumn !== null && sortColumn !== '' ? sortColumn : defaults.sortColumn,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : defaults.sortOrder,
    viewMode: viewMode === 'table' || viewMode === 'card' ? viewMode : (defaults.viewMode ?? 'table'),
  };
}

/** Writes the list state into a URL query (every key, so a reload restores exactly this view). */
export function serializeListViewState(state: ListViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.filters.length > 0) params.set('filters', JSON.stringify(state.filters));
  params.set('pageIndex', String(state.pageIndex));
  params.set('sortColumn', state.sortColumn);
  params.set('sortOrder', state.sortOrder);
  params.set('viewMode', state.viewMode);
  return params;
}

/** A page change pushes a history entry; every other change replaces the current one. */
export function shouldPushHistory(previous: ListViewState, next: ListViewState): boolean {
  return (
    previous.pageIndex !== next.pageIndex &&
    JSON.stringify(previous.filters) === JSON.stringify(next.filters) &&
    previous.sortColumn === next.sortColumn &&
    previous.sortOrder === next.sortOrder &&
    previous.viewMode === next.viewMode
  );
}

/** "%s-%s of %s": the first row, the last row and the total. */
export function paginationText(pageIndex: number, pageSize: number, count: number): string {
  if (count === 0) return '0-0 of 0';
  const first = pageIndex * pageSize + 1;
  const last = Math.min(count, (pageIndex + 1) * pageSize);
  return `${first}-${last} of ${count}`;
}

export function pageCount(pageSize: number, count: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The page index to show: one beyond the last page resets to 0. */
export function clampPageIndex(pageIndex: number, pageSize: number, count: number): number {
  return pageIndex >= pageCount(pageSize, count) ? 0 : pageIndex;
}

/** Sets (or, with an empty value, removes) one filter. */
export function withFilter(filters: readonly ListFilterValue[], id: string, value: string): ListFilterValue[] {
  const others = filters.filter((filter) => filter.id !== id);
  return value === '' ? others : [...others, { id, value }];
}
