/** The generic resource calls every list page makes (spec 000 section 7): the list itself, related and distinct values, favorites and bulk delete. */
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiFetch, getJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { FavoriteStatus } from '@/api/generated/FavoriteStatus';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import type { ListResponse } from '@/api/generated/ListResponse';
import type { MessageResponse } from '@/api/generated/MessageResponse';
import type { RelatedItem } from '@/api/generated/RelatedItem';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import { queryKeys } from '@/api/queryKeys';
import { risonString } from '@/api/rison';
import type { ListFilterValue, ListViewState } from './listViewState';

/** The resources with a list page. */
export type ListResource = 'chart' | 'dashboard' | 'dataset' | 'database' | 'saved_query' | 'query' | 'annotation_layer' | 'report';

/** A rison boolean for a select filter's "yes" / "no", or null for anything else. */
export function risonYesNo(value: string): string | null {
  if (value === 'yes') return '!t';
  if (value === 'no') return '!f';
  return null;
}

/**
 * Spec 000 section 7: a between filter becomes gt plus lt. `value` is a date range filter's
 * "start,end"; null when either end is missing.
 */
export function risonBetween(column: string, value: string): string | null {
  const [start = '', end = ''] = value.split(',');
  if (start === '' || end === '') return null;
  return `(col:${column},opr:gt,value:${risonString(start)}),(col:${column},opr:lt,value:${risonString(end)})`;
}

/** The `(col, opr, value)` filter of one list filter value, or null to leave it out. */
export type RisonFilterOf = (filter: ListFilterValue) => string | null;

/** The rison `q` of `GET /api/v1/{resource}/` for a list state. */
export function listQuery(state: Pick<ListViewState, 'filters' | 'pageIndex' | 'sortColumn' | 'sortOrder'>, pageSize: number, risonFilterOf: RisonFilterOf): string {
  const filters = state.filters.map(risonFilterOf).filter((filter): filter is string => filter !== null);
  return `(filters:!(${filters.join(',')}),order_column:${state.sortColumn},order_direction:${state.sortOrder},page:${state.pageIndex},page_size:${pageSize})`;
}

export function listPath(resource: ListResource, q: string): string {
  return `/api/v1/${resource}/?q=${encodeURIComponent(q)}`;
}

/** The list call for `q`; with `isEnabled` false nothing is asked yet (the query stays pending). */
export function useResourceList<T>(resource: ListResource, q: string, isEnabled = true): UseQueryResult<ListPageResponse<T>, ApiError> {
  return useQuery({
    queryKey: queryKeys.resourceList(resource, q),
    queryFn: ({ signal }) => getJson<ListPageResponse<T>>(listPath(resource, q), signal),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface FilterOption {
  value: string;
  label: string;
}

/** The options of a select filter from `related/{column}` (ids) or `distinct/{column}` (texts). */
export function useRelatedOptions(resource: ListResource, kind: 'related' | 'distinct', column: string): UseQueryResult<FilterOption[], ApiError> {
  return useQuery({
    queryKey: queryKeys.relatedOptions(resource, kind, column),
    queryFn: async ({ signal }) => {
      const answer = await getJson<ListResponse<RelatedItem>>(`/api/v1/${resource}/${kind}/${column}?q=${encodeURIComponent('(page:0,page_size:100)')}`, signal);
      return answer.result.map((item) => ({ value: String(item.value), label: item.text }));
    },
    retry: false,
  });
}

/** Spec 000 section 9: a select's page size, the options one related call answers. */
export const relatedSelectPageSize = 100;

/** The rison `q` of a related call searching for `search` (everything for ''), first page. */
export function relatedSearchQuery(search: string): string {
  return `(filter:${risonString(search)},page:0,page_size:${relatedSelectPageSize})`;
}

/**
 * `GET /api/v1/{resource}/related/{column}?q=(filter:'...',page:0,page_size:100)`: the values
 * whose text (or, for users, user name) contains `search`, and how many there are in all.
 */
export function useRelatedSearch(
  resource: ListResource,
  column: string,
  search: string,
  options: { enabled: boolean } = { enabled: true },
): UseQueryResult<ListResponse<RelatedItem>, ApiError> {
  return useQuery({
    queryKey: queryKeys.relatedSearch(resource, column, search),
    queryFn: ({ signal }) =>
      getJson<ListResponse<RelatedItem>>(`/api/v1/${resource}/related/${column}?q=${encodeURIComponent(relatedSearchQuery(search))}`, signal),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Which of the page's rows the user starred (`favorite_status`). */
export function useFavoriteStatus(resource: 'chart' | 'dashboard', ids: readonly number[]): UseQueryResult<Map<number, boolean>, ApiError> {
  return useQuery({
    queryKey: queryKeys.favoriteStatus(resource, ids),
    queryFn: async ({ signal }) => {
      const answer = await getJson<ResultResponse<FavoriteStatus[]>>(`/api/v1/${resource}/favorite_status/?q=${encodeURIComponent(`!(${ids.join(',')})`)}`, signal);
      return new Map(answer.result.map((status) => [status.id, status.value]));
    },
    enabled: ids.length > 0,
    retry: false,
  });
}

/** Stars or unstars a row. */
export async function saveFavorite(resource: 'chart' | 'dashboard', id: number, isStarred: boolean): Promise<void> {
  await apiFetch(`/api/v1/${resource}/${id}/favorites/`, { method: isStarred ? 'POST' : 'DELETE' });
}

/** `DELETE /api/v1/{resource}/?q=!(ids)`; gives the server's message ("Deleted 2 charts"). */
export async function bulkDelete(resource: ListResource, ids: readonly number[]): Promise<string> {
  const response = await apiFetch(`/api/v1/${resource}/?q=${encodeURIComponent(`!(${ids.join(',')})`)}`, { method: 'DELETE' });
  const answer = (await response.json()) as MessageResponse;
  return answer.message;
}
