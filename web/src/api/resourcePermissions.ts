/**
 * Spec 001 section 6: the generic permission check. A resource's `_info` call lists what the current
 * user may do with it (`can_read`, `can_write`, `can_export`, ...); the UI tests membership and hides
 * what the server would refuse.
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from './client';
import type { ApiError } from './errors';
import type { InfoResponse } from './generated/InfoResponse';
import { queryKeys } from './queryKeys';

/** The resources whose `_info` the server answers (`RESOURCE_VIEWS` in `server/src/auth/permissions.rs`). */
export type PermissionResource = 'chart' | 'dashboard' | 'dataset' | 'database' | 'saved_query' | 'tag' | 'query' | 'annotation_layer' | 'report';

/** `GET /api/v1/{resource}/_info?q=(keys:!(permissions))`. */
export function resourceInfoPath(resource: PermissionResource): string {
  return `/api/v1/${resource}/_info?q=${encodeURIComponent('(keys:!(permissions))')}`;
}

/** Whether an `_info` permission list grants a permission (membership, as Superset's `hasPerm`). */
export function grantsPermission(info: InfoResponse, permission: string): boolean {
  return (info.permissions ?? []).includes(permission);
}

/**
 * Whether the user holds `permission` on `resource`; null while `_info` has not answered. When
 * `_info` fails the UI offers the action: the server still refuses what it must.
 */
export function useResourcePermission(resource: PermissionResource, permission: string): boolean | null {
  const info = useResourceInfo(resource);
  if (info.data !== undefined) return grantsPermission(info.data, permission);
  return info.isError ? true : null;
}

/** The `_info` answer of a resource, asked once per page load and shared by every caller. */
export function useResourceInfo(resource: PermissionResource): UseQueryResult<InfoResponse, ApiError> {
  return useQuery({
    queryKey: queryKeys.resourcePermissions(resource),
    queryFn: ({ signal }) => getJson<InfoResponse>(resourceInfoPath(resource), signal),
    retry: false,
    staleTime: Infinity,
  });
}
