import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '@/api/errors';
import type { DatasetListItem } from '@/api/generated/DatasetListItem';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import { risonString } from '@/api/rison';
import type { ListFilterValue, ListViewState } from '@/components/listView/listViewState';
import { listQuery, risonYesNo, useResourceList } from '@/components/listView/resourceListApi';

/** The dataset list's filter ids (the page's filters, as the URL stores them). */
export const datasetListFilterIds = {
  search: 'search',
  kind: 'kind',
  database: 'database',
  schema: 'schema',
  owner: 'owner',
  certified: 'certified',
  tag: 'tag',
} as const;

function risonFilter(filter: ListFilterValue): string | null {
  switch (filter.id) {
    case datasetListFilterIds.search:
      return `(col:table_name,opr:ct,value:${risonString(filter.value)})`;
    case datasetListFilterIds.kind:
      // A physical dataset has no SQL (Superset's dataset_is_null_or_empty on sql).
      return filter.value === 'physical' || filter.value === 'virtual'
        ? `(col:sql,opr:dataset_is_null_or_empty,value:${filter.value === 'physical' ? '!t' : '!f'})`
        : null;
    case datasetListFilterIds.database:
      return `(col:database,opr:rel_o_m,value:${risonString(filter.value)})`;
    case datasetListFilterIds.schema:
      return `(col:schema,opr:eq,value:${risonString(filter.value)})`;
    case datasetListFilterIds.owner:
      return `(col:owners,opr:rel_m_m,value:${risonString(filter.value)})`;
    case datasetListFilterIds.certified: {
      const value = risonYesNo(filter.value);
      return value === null ? null : `(col:id,opr:dataset_is_certified,value:${value})`;
    }
    case datasetListFilterIds.tag:
      return `(col:tags,opr:dataset_tags,value:${risonString(filter.value)})`;
    default:
      return null;
  }
}

/** The rison `q` of `GET /api/v1/dataset/` for a list state. */
export function datasetListQuery(state: Pick<ListViewState, 'filters' | 'pageIndex' | 'sortColumn' | 'sortOrder'>, pageSize: number): string {
  return listQuery(state, pageSize, risonFilter);
}

export function useDatasetList(q: string): UseQueryResult<ListPageResponse<DatasetListItem>, ApiError> {
  return useResourceList<DatasetListItem>('dataset', q);
}
