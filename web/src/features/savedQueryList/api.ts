import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '@/api/errors';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import type { SavedQuery } from '@/api/generated/SavedQuery';
import { risonString } from '@/api/rison';
import type { ListFilterValue, ListViewState } from '@/components/listView/listViewState';
import { listQuery, useResourceList } from '@/components/listView/resourceListApi';

/** The saved query list's filter ids (the page's filters, as the URL stores them). */
export const savedQueryListFilterIds = { search: 'search', database: 'database', schema: 'schema', tag: 'tag' } as const;

function risonFilter(filter: ListFilterValue): string | null {
  switch (filter.id) {
    case savedQueryListFilterIds.search:
      // Superset's all_text: the label, description or SQL contains the text.
      return `(col:label,opr:all_text,value:${risonString(filter.value)})`;
    case savedQueryListFilterIds.database: {
      const id = Number(filter.value);
      return Number.isInteger(id) ? `(col:database,opr:rel_o_m,value:${id})` : null;
    }
    case savedQueryListFilterIds.schema:
      return `(col:schema,opr:eq,value:${risonString(filter.value)})`;
    case savedQueryListFilterIds.tag:
      return `(col:tags,opr:saved_query_tags,value:${risonString(filter.value)})`;
    default:
      return null;
  }
}

/** The rison `q` of `GET /api/v1/saved_query/` for a list state. */
export function savedQueryListQuery(state: Pick<ListViewState, 'filters' | 'pageIndex' | 'sortColumn' | 'sortOrder'>, pageSize: number): string {
  return listQuery(state, pageSize, risonFilter);
}

export function useSavedQueryList(q: string): UseQueryResult<ListPageResponse<SavedQuery>, ApiError> {
  return useResourceList<SavedQuery>('saved_query', q);
}

/** A saved query opens in SQL Lab by its id (spec 002 §2). */
export function savedQuerySqlLabPath(id: number): string {
  return `/sqllab/?savedQueryId=${id}`;
}
