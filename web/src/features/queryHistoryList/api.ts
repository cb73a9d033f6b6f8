/**
 * The Query history list (`/sqllab/history/`, Superset's `QueryList`): every run the user may
 * see from `GET /api/v1/query/`, filtered by database, state and SQL text.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '@/api/errors';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import type { QueryHistoryItem } from '@/api/generated/QueryHistoryItem';
import { risonString } from '@/api/rison';
import type { ListFilterValue, ListViewState } from '@/components/listView/listViewState';
import { listQuery, useResourceList } from '@/components/listView/resourceListApi';

/** The page's path (Superset 6's route; `/superset/sqllab/history/` redirects here). */
export const queryHistoryListPath = '/sqllab/history/';

/** The list's filter ids, as the URL stores them. */
export const queryHistoryFilterIds = { database: 'database', status: 'status', search: 'search' } as const;

function risonFilter(filter: ListFilterValue): string | null {
  switch (filter.id) {
    case queryHistoryFilterIds.database: {
      const id = Number(filter.value);
      return Number.isInteger(id) ? `(col:database,opr:rel_o_m,value:${id})` : null;
    }
    case queryHistoryFilterIds.status:
      return `(col:status,opr:eq,value:${risonString(filter.value)})`;
    case queryHistoryFilterIds.search:
      return `(col:sql,opr:ct,value:${risonString(filter.value)})`;
    default:
      return null;
  }
}

/** The rison `q` of `GET /api/v1/query/` for a list state. */
export function queryHistoryListQuery(state: Pick<ListViewState, 'filters' | 'pageIndex' | 'sortColumn' | 'sortOrder'>, pageSize: number): string {
  return listQuery(state, pageSize, risonFilter);
}

export function useQueryHistoryList(q: string): UseQueryResult<ListPageResponse<QueryHistoryItem>, ApiError> {
  return useResourceList<QueryHistoryItem>('query', q);
}

/** Where a run opens in SQL Lab: its `link` (`/sqllab/?queryId=`), a new tab with its SQL. */
export function queryRunSqlLabPath(id: number): string {
  return `/sqllab/?queryId=${id}`;
}
