import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '@/api/errors';
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import { risonString } from '@/api/rison';
import type { ListFilterValue, ListViewState } from '@/components/listView/listViewState';
import { listQuery, risonYesNo, useResourceList } from '@/components/listView/resourceListApi';

/** The database list's filter ids (the page's filters, as the URL stores them). */
export const databaseListFilterIds = {
  search: 'search',
  exposeInSqlLab: 'expose_in_sqllab',
  allowRunAsync: 'allow_run_async',
} as const;

function risonFilter(filter: ListFilterValue): string | null {
  switch (filter.id) {
    case databaseListFilterIds.search:
      return `(col:database_name,opr:ct,value:${risonString(filter.value)})`;
    case databaseListFilterIds.exposeInSqlLab:
    case databaseListFilterIds.allowRunAsync: {
      const value = risonYesNo(filter.value);
      return value === null ? null : `(col:${filter.id},opr:eq,value:${value})`;
    }
    default:
      return null;
  }
}

/** The rison `q` of `GET /api/v1/database/` for a list state. */
export function databaseListQuery(state: Pick<ListViewState, 'filters' | 'pageIndex' | 'sortColumn' | 'sortOrder'>, pageSize: number): string {
  return listQuery(state, pageSize, risonFilter);
}

export function useDatabaseList(q: string): UseQueryResult<ListPageResponse<DatabaseListItem>, ApiError> {
  return useResourceList<DatabaseListItem>('database', q);
}
