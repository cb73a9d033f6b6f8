import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiFetch, getJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { ChartListItem } from '@/api/generated/ChartListItem';
import type { FavoriteStatus } from '@/api/generated/FavoriteStatus';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import { queryKeys } from '@/api/queryKeys';
import type { ListFilterValue, ListViewState } from '@/components/listView/listViewState';
import { risonString } from '@/features/sqllab/api';

/** The chart list's filter ids (the page's filters, as the URL stores them). */
export const chartListFilterIds = { search: 'search', vizType: 'viz_type', favorite: 'favorite' } as const;

function risonFilter(filter: ListFilterValue): string | null {
  switch (filter.id) {
    case chartListFilterIds.search:
      return `(col:slice_name,opr:chart_all_text,value:${risonString(filter.value)})`;
    case chartListFilterIds.vizType:
      return `(col:viz_type,opr:eq,value:${risonString(filter.value)})`;
    case chartListFilterIds.favorite:
      return filter.value === 'yes' || filter.value === 'no'
        ? `(col:id,opr:chart_is_favorite,value:${filter.value === 'yes' ? '!t' : '!f'})`
        : null;
    default:
      return null;
  }
}

/** The rison `q` of `GET /api/v1/chart/` for a list state. */
export function chartListQuery(state: Pick<ListViewState, 'filters' | 'pageIndex' | 'sortColumn' | 'sortOrder'>, pageSize: number): string {
  const filters = state.filters.map(risonFilter).filter((filter): filter is string => filter !== null);
  return `(filters:!(${filters.join(',')}),order_column:${state.sortColumn},order_direction:${state.sortOrder},page:${state.pageIndex},page_size:${pageSize})`;
}

export function chartListPath(q: string): string {
  return `/api/v1/chart/?q=${encodeURIComponent(q)}`;
}

export function useChartList(q: string): UseQueryResult<ListPageResponse<ChartListItem>, ApiError> {
  return useQuery({
    queryKey: queryKeys.chartList(q),
    queryFn: ({ signal }) => getJson<ListPageResponse<ChartListItem>>(chartListPath(q), signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The viz types of the charts that exist (the Type filter's options). */
export function useChartVizTypes(): UseQueryResult<string[], ApiError> {
  return useQuery({
    queryKey: queryKeys.chartListVizTypes,
    queryFn: async ({ signal }) => {
      const answer = await getJson<ListPageResponse<ChartListItem>>(
        chartListPath('(order_column:viz_type,order_direction:asc,page:0,page_size:100)'),
        signal,
      );
      return [...new Set(answer.result.map((chart) => chart.viz_type))].sort();
    },
    retry: false,
  });
}

/** Which of the page's charts the user starred (`favorite_status`). */
export function useChartFavoriteStatus(ids: readonly number[]): UseQueryResult<Map<number, boolean>, ApiError> {
  return useQuery({
    queryKey: queryKeys.chartFavoriteStatus(ids),
    queryFn: async ({ signal }) => {
      const answer = await getJson<ResultResponse<FavoriteStatus[]>>(`/api/v1/chart/favorite_status/?q=${encodeURIComponent(`!(${ids.join(',')})`)}`, signal);
      return new Map(answer.result.map((status) => [status.id, status.value]));
    },
    enabled: ids.length > 0,
    retry: false,
  });
}

/** Stars or unstars a chart. */
export async function saveChartFavorite(chartId: number, isStarred: boolean): Promise<void> {
  await apiFetch(`/api/v1/chart/${chartId}/favorites/`, { method: isStarred ? 'POST' : 'DELETE' });
}
