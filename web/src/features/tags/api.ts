/** Tags (issue #8, spec 000 §7 and 002 §7): the tag list, bulk tagging and the objects of a tag. */
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson, postJson, putJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { BulkTagPayload } from '@/api/generated/BulkTagPayload';
import type { BulkTagResult } from '@/api/generated/BulkTagResult';
import type { IdResult } from '@/api/generated/IdResult';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import type { TaggedObject } from '@/api/generated/TaggedObject';
import type { TagPayload } from '@/api/generated/TagPayload';
import type { TagListItem } from '@/api/generated/TagListItem';
import { queryKeys } from '@/api/queryKeys';
import { risonString } from '@/api/rison';
import type { FetchSelectOptionsPage } from '@/components/AsyncSelect';
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

/** The tag form's toasts (Superset's TagModal). */
export const tagCreatedMessage = 'Tag created';
export const tagUpdatedMessage = 'Tag updated';
/** The resource's label and plural in the spec's resource messages (000 §8). */
export const tagResourceLabel = 'tag';
export const tagsPlural = 'tags';

/** `POST /api/v1/tag/`: a custom tag, on the objects given. */
export async function createTag(payload: TagPayload): Promise<IdResult<TagListItem>> {
  return postJson<IdResult<TagListItem>>('/api/v1/tag/', payload);
}

/** `PUT /api/v1/tag/{id}`: renames and redescribes the tag; `objects_to_tag` replaces its objects. */
export async function updateTag(tagId: number, payload: TagPayload): Promise<IdResult<TagListItem>> {
  return putJson<IdResult<TagListItem>>(`/api/v1/tag/${tagId}`, payload);
}

/** The object types the tag form picks, with the list each is searched in (Superset's TagModal). */
export interface TagFormObjectSource {
  /** `tagged_object.object_type`. */
  objectType: 'dashboard' | 'chart' | 'query';
  /** The list resource: `GET /api/v1/{resource}/?q=`. */
  resource: 'dashboard' | 'chart' | 'saved_query';
  /** The column holding the object's name, searched (`ct`) and ordered by. */
  nameColumn: 'dashboard_title' | 'slice_name' | 'label';
  /** The select's label and placeholder. */
  label: string;
}

export const tagFormObjectSources: readonly TagFormObjectSource[] = [
  { objectType: 'dashboard', resource: 'dashboard', nameColumn: 'dashboard_title', label: 'Select dashboards' },
  { objectType: 'chart', resource: 'chart', nameColumn: 'slice_name', label: 'Select charts' },
  { objectType: 'query', resource: 'saved_query', nameColumn: 'label', label: 'Select saved queries' },
];

/**
 * The `q` of one page of a tag form select: the id and name columns, the name containing the
 * search (no filter for an empty search), ordered by name.
 */
export function tagFormOptionsQuery(source: TagFormObjectSource, search: string, page: number, pageSize: number): string {
  const filters = search === '' ? '' : `(col:${source.nameColumn},opr:ct,value:${risonString(search)})`;
  return `(columns:!(id,${source.nameColumn}),filters:!(${filters}),order_column:${source.nameColumn},order_direction:asc,page:${page},page_size:${pageSize})`;
}

/** Loads the options of a tag form select from the resource's list, 100 at a time. */
export function tagFormOptionsFetcher(source: TagFormObjectSource): FetchSelectOptionsPage {
  return async ({ search, page, pageSize, signal }) => {
    const q = tagFormOptionsQuery(source, search, page, pageSize);
    const answer = await getJson<ListPageResponse<Record<string, unknown>>>(`/api/v1/${source.resource}/?q=${encodeURIComponent(q)}`, signal);
    const options = answer.result.flatMap((row) => {
      const id = row.id;
      const name = row[source.nameColumn];
      return typeof id === 'number' ? [{ value: String(id), label: typeof name === 'string' ? name : String(id) }] : [];
    });
    return { options, totalCount: answer.count };
  };
}
