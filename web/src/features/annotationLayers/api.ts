/**
 * Annotation layers and their annotations (`/api/v1/annotation_layer/`, Superset's routes):
 * the two list pages' queries, their writes, and the layer choices of Explore's annotation
 * layer control.
 */
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiFetch, getJson, postJson, putJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { AnnotationItem } from '@/api/generated/AnnotationItem';
import type { AnnotationLayerItem } from '@/api/generated/AnnotationLayerItem';
import type { AnnotationLayerPayload } from '@/api/generated/AnnotationLayerPayload';
import type { AnnotationPayload } from '@/api/generated/AnnotationPayload';
import type { IdResult } from '@/api/generated/IdResult';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import type { MessageResponse } from '@/api/generated/MessageResponse';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import { queryKeys } from '@/api/queryKeys';
import { useResourcePermission } from '@/api/resourcePermissions';
import { risonString } from '@/api/rison';
import type { ListFilterValue, ListViewState } from '@/components/listView/listViewState';
import { listQuery, useResourceList } from '@/components/listView/resourceListApi';

export const annotationLayersPath = '/api/v1/annotation_layer/';

/** `/annotationlayer/list/`: every annotation layer. */
export const annotationLayerListPagePath = '/annotationlayer/list/';

/** `/annotationlayer/{id}/annotation/`: one layer's annotations. */
export function annotationListPagePath(layerId: number): string {
  return `/annotationlayer/${layerId}/annotation/`;
}

/** The layer list's filter ids (as the URL stores them). */
export const annotationLayerListFilterIds = { search: 'search' } as const;

function risonFilter(filter: ListFilterValue): string | null {
  return filter.id === annotationLayerListFilterIds.search ? `(col:name,opr:ct,value:${risonString(filter.value)})` : null;
}

/** The rison `q` of `GET /api/v1/annotation_layer/` for a list state: search by name. */
export function annotationLayerListQuery(state: Pick<ListViewState, 'filters' | 'pageIndex' | 'sortColumn' | 'sortOrder'>, pageSize: number): string {
  return listQuery(state, pageSize, risonFilter);
}

export function useAnnotationLayerList(q: string): UseQueryResult<ListPageResponse<AnnotationLayerItem>, ApiError> {
  return useResourceList<AnnotationLayerItem>('annotation_layer', q);
}

/** Whether the user may write annotation layers (`_info` says `can_write`); null while unknown. */
export function useCanWriteAnnotationLayers(): boolean | null {
  return useResourcePermission('annotation_layer', 'can_write');
}

export function useAnnotationLayer(layerId: number): UseQueryResult<AnnotationLayerItem, ApiError> {
  return useQuery({
    queryKey: queryKeys.annotationLayer(layerId),
    queryFn: async ({ signal }) => (await getJson<ResultResponse<AnnotationLayerItem>>(`${annotationLayersPath}${layerId}`, signal)).result,
    retry: false,
  });
}

export async function createAnnotationLayer(payload: AnnotationLayerPayload): Promise<IdResult<unknown>> {
  return postJson<IdResult<unknown>>(annotationLayersPath, payload);
}

export async function updateAnnotationLayer(layerId: number, payload: AnnotationLayerPayload): Promise<IdResult<unknown>> {
  return putJson<IdResult<unknown>>(`${annotationLayersPath}${layerId}`, payload);
}

/** Every layer by name, for Explore's layer picker (Superset asks for one page of 100). */
export const annotationLayerChoicesQuery = '(order_column:name,order_direction:asc,page:0,page_size:100)';

export function useAnnotationLayerChoices(): UseQueryResult<AnnotationLayerItem[], ApiError> {
  return useQuery({
    queryKey: queryKeys.annotationLayerChoices,
    queryFn: async ({ signal }) =>
      (await getJson<ListPageResponse<AnnotationLayerItem>>(`${annotationLayersPath}?q=${encodeURIComponent(annotationLayerChoicesQuery)}`, signal)).result,
    retry: false,
  });
}

function annotationsPath(layerId: number): string {
  return `${annotationLayersPath}${layerId}/annotation/`;
}

/** The rison `q` of `GET .../annotation/`: sorted and paged. */
export function annotationListQuery(state: Pick<ListViewState, 'pageIndex' | 'sortColumn' | 'sortOrder'>, pageSize: number): string {
  return `(order_column:${state.sortColumn},order_direction:${state.sortOrder},page:${state.pageIndex},page_size:${pageSize})`;
}

export function useAnnotationList(layerId: number, q: string): UseQueryResult<ListPageResponse<AnnotationItem>, ApiError> {
  return useQuery({
    queryKey: queryKeys.annotationList(layerId, q),
    queryFn: ({ signal }) => getJson<ListPageResponse<AnnotationItem>>(`${annotationsPath(layerId)}?q=${encodeURIComponent(q)}`, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export async function createAnnotation(layerId: number, payload: AnnotationPayload): Promise<IdResult<unknown>> {
  return postJson<IdResult<unknown>>(annotationsPath(layerId), payload);
}

export async function updateAnnotation(layerId: number, annotationId: number, payload: AnnotationPayload): Promise<IdResult<unknown>> {
  return putJson<IdResult<unknown>>(`${annotationsPath(layerId)}${annotationId}`, payload);
}

export async function deleteAnnotation(layerId: number, annotationId: number): Promise<void> {
  await apiFetch(`${annotationsPath(layerId)}${annotationId}`, { method: 'DELETE' });
}

/** `DELETE .../annotation/?q=!(ids)`; gives the server's message. */
export async function bulkDeleteAnnotations(layerId: number, annotationIds: readonly number[]): Promise<string> {
  const response = await apiFetch(`${annotationsPath(layerId)}?q=${encodeURIComponent(`!(${annotationIds.join(',')})`)}`, { method: 'DELETE' });
  return ((await response.json()) as MessageResponse).message;
}
