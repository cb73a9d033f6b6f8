import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { ChartListItem } from '@/api/generated/ChartListItem';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import { queryKeys } from '@/api/queryKeys';
import { risonString } from '@/api/rison';
import type { ListFilterValue, ListViewState } from '@/components/listView/listViewState';
import { listPath, listQuery, risonYesNo, useResourceList } from '@/components/listView/resourceListApi';

/** The chart list's filter ids (the page's filters, as the URL stores them). */
export const chartListFilterIds = { search: 'search', vizType: 'viz_type', favorite: 'favorite', owner: 'owner', tag: 'tag' } as const;

function risonFilter(filter: ListFilterValue): string | null {
  switch (filter.id) {
    case chartListFilterIds.search:
      return `(col:slice_name,opr:chart_all_text,value:${risonString(filter.value)})`;
    case chartListFilterIds.vizType:
      return `(col:viz_type,opr:eq,value:${risonString(filter.value)})`;
    case chartListFilterIds.favorite: {
      const value = risonYesNo(filter.value);
      return value === null ? null : `(col:id,opr:chart_is_favorite,value:${value})`;
    }
    case chartListFilterIds.owner:
      return `(col:owners,opr:rel_m_m,value:${risonString(filter.value)})`;
    case chartListFilterIds.tag:
      return `(col:tags,opr:chart_tags,value:${risonString(filter.value)})`;
    default:
      return null;
  }
}

/** The rison `q` of `GET /api/v1/chart/` for a list state. */
export function chartListQuery(state: Pick<ListViewState, 'filters' | 'pageIndex' | 'sortColumn' | 'sortOrder'>, pageSize: number): string {
  return listQuery(state, pageSize, risonFilter);
}

export function useChartList(q: string): UseQueryResult<ListPageResponse<ChartListItem>, ApiError> {
  return useResourceList<ChartListItem>('chart', q);
}

/** The viz types of the charts that exist (the Type filter's options). */
export function useChartVizTypes(): UseQueryResult<string[], ApiError> {
  return useQuery({
    queryKey: queryKeys.chartListVizTypes,
    queryFn: async ({ signal }) => {
      const answer = await getJson<ListPageResponse<ChartListItem>>(listPath('chart', '(order_column:viz_type,order_direction:asc,page:0,page_size:100)'), signal);
      return [...new Set(answer.result.map((chart) => chart.viz_type))].sort();
    },
    retry: false,
  });
}
