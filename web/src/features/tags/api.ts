/** Tags (issue #8, spec 000 §7 and 002 §7): the tag list, bulk tagging and the objects of a tag. */
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson, postJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { BulkTagPayload } from '@/api/generated/BulkTagPayload';
import type { BulkTagResult } from '@/api/generated/BulkTagResult';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import type { TaggedObject } from '@/api/generated/TaggedObject';
import type { TagListItem } from '@/api/generated/TagListItem';
import { queryKeys } from '@/api/queryKeys';
import { risonString } from '@/api/rison';
import type { ListFilterValue, ListViewState } from '@/components/listView/listViewState';

/** Tag names show at most this many characters, then an ellipsis (spec 002 §5, §9). */
export const tagNameDisplayLength = 20;
export const tagReadForbiddenMessage = 'You do not have permission to read tags';
export const bulkTagFailedMessage = 'Failed to tag items';

/** A tag name as lists show it: cut to 20 characters with an ellipsis. */
export function truncatedTagName(name: string): string {
  return name.length > tagNameDisplayLength ? `${name.slice(0, tagNameDisplayLength)}...` : name;
}

/** `/superset/all_entities/?id={id}`: every object carrying the tag. */
export function allEntitiesPath(tagId: number): string {
  return `/superset/all_entities/?id=${tagId}`;
}

/** "Tagged %s %ss". */
export function taggedMessage(count: number, resourceName: string): string {
  return `Tagged ${count} ${resourceName}s`;
}

/** The partial-skip message of bulk tagging (spec 000 §6). */
export function skippedMessage(count: number): string {
  return `${count} items could not be tagged because you don’t have edit permissions to all selected objects.`;
}

/** The tag list's filter ids (as the URL stores them). */
export const tagListFilterIds = { search: 'search' } as const;

function risonFilter(filter: ListFilterValue): string | null {
  return filter.id === tagListFilterIds.search ? `(col:name,opr:ct,value:${risonString(filter.value)})` : null;
}

/** The `q` of `GET /api/v1/tag/`: custom tags only, plus the page's filters. */
export function tagListQuery(state: Pick<ListViewState, 'filters' | 'pageIndex' | 'sortColumn' | 'sortOrder'>, pageSize: number): string {
  const filters = ['(col:type,opr:custom_tag,value:!t)', ...state.filters.map(risonFilter).filter((filter): filter is string => filter !== null)];
  return `(filters:!(${filters.join(',')}),order_column:${state.sortColumn},order_direction:${state.sortOrder},page:${state.pageIndex},page_size:${pageSize})`;
}

export function tagListPath(q: string): string {
  return `/api/v1/tag/?q=${encodeURIComponent(q)}`;
}

export function useTagList(q: string): UseQueryResult<ListPageResponse<TagListItem>, ApiError> {
  return useQuery({
    queryKey: queryKeys.resourceList('tag', q),
    queryFn: ({ signal }) => getJson<ListPageResponse<TagListItem>>(tagListPath(q), signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every custom tag's name, by name (the tag selects' options). */
export const tagOptionsQuery = '(filters:!((col:type,opr:custom_tag,value:!t)),order_column:name,order_direction:asc,page:0,page_size:100)';

export function useTagNames(): UseQueryResult<string[], ApiError> {
  return useQuery({
    queryKey: queryKeys.resourceList('tag', tagOptionsQuery),
    queryFn: async ({ signal }) => {
      const answer = await getJson<ListPageResponse<TagListItem>>(tagListPath(tagOptionsQuery), signal);
      return answer.result.map((tag) => tag.name);
    },
    retry: false,
  });
}

/** The resources bulk tagging knows (`tagged_object.object_type`). */
export type TaggableResource = 'chart' | 'dashboard' | 'dataset' | 'query';

/** `POST /api/v1/tag/bulk_create`: every tag on every object. */
export async function bulkTag(resourceName: TaggableResource, ids: readonly number[], tagNames: readonly string[]): Promise<BulkTagResult> {
  const payload: BulkTagPayload = {
    tags: tagNames.map((name) => ({ name, objects_to_tag: ids.map((id): [string, number] => [resourceName, id]) })),
  };
  const answer = await postJson<ResultResponse<BulkTagResult>>('/api/v1/tag/bulk_create', payload);
  return answer.result;
}

export function useTag(tagId: number | null): UseQueryResult<TagListItem, ApiError> {
  return useQuery({
    queryKey: ['tag', tagId],
    queryFn: async ({ signal }) => (await getJson<{ result: TagListItem }>(`/api/v1/tag/${tagId ?? 0}`, signal)).result,
    enabled: tagId !== null,
    retry: false,
  });
}

/** The objects carrying the tag (`GET /api/v1/tag/get_objects/?tagIds=`). */
export function useTaggedObjects(tagId: number | null): UseQueryResult<TaggedObject[], ApiError> {
  return useQuery({
    queryKey: ['tag', tagId, 'objects'],
    queryFn: async ({ signal }) => (await getJson<ResultResponse<TaggedObject[]>>(`/api/v1/tag/get_objects/?tagIds=${tagId ?? 0}`, signal)).result,
    enabled: tagId !== null,
    retry: false,
  });
}
