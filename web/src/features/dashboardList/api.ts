import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '@/api/errors';
import type { DashboardListItem } from '@/api/generated/DashboardListItem';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import { risonString } from '@/api/rison';
import type { ListFilterValue, ListViewState } from '@/components/listView/listViewState';
import { listQuery, risonYesNo, useResourceList } from '@/components/listView/resourceListApi';

/** The dashboard list's filter ids (the page's filters, as the URL stores them). */
export const dashboardListFilterIds = {
  search: 'search',
  status: 'status',
  owner: 'owner',
  createdBy: 'created_by',
  favorite: 'favorite',
  certified: 'certified',
  tag: 'tag',
} as const;

function risonFilter(filter: ListFilterValue): string | null {
  switch (filter.id) {
    case dashboardListFilterIds.search:
      return `(col:dashboard_title,opr:title_or_slug,value:${risonString(filter.value)})`;
    case dashboardListFilterIds.status:
      return filter.value === 'published' || filter.value === 'draft' ? `(col:published,opr:eq,value:${filter.value === 'published' ? '!t' : '!f'})` : null;
    case dashboardListFilterIds.owner:
      return `(col:owners,opr:rel_m_m,value:${risonString(filter.value)})`;
    case dashboardListFilterIds.tag:
      return `(col:tags,opr:dashboard_tags,value:${risonString(filter.value)})`;
    case dashboardListFilterIds.createdBy:
      return `(col:created_by,opr:rel_o_m,value:${risonString(filter.value)})`;
    case dashboardListFilterIds.favorite: {
      const value = risonYesNo(filter.value);
      return value === null ? null : `(col:id,opr:dashboard_is_favorite,value:${value})`;
    }
    case dashboardListFilterIds.certified: {
      const value = risonYesNo(filter.value);
      return value === null ? null : `(col:id,opr:dashboard_is_certified,value:${value})`;
    }
    default:
      return null;
  }
}

/** The rison `q` of `GET /api/v1/dashboard/` for a list state. */
export function dashboardListQuery(state: Pick<ListViewState, 'filters' | 'pageIndex' | 'sortColumn' | 'sortOrder'>, pageSize: number): string {
  return listQuery(state, pageSize, risonFilter);
}

export function useDashboardList(q: string): UseQueryResult<ListPageResponse<DashboardListItem>, ApiError> {
  return useResourceList<DashboardListItem>('dashboard', q);
}
