import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { forgetCsrfToken, getJson, postJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { CurrentUser } from '@/api/generated/CurrentUser';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import type { SessionLoginRequest } from '@/api/generated/SessionLoginRequest';
import { queryKeys } from '@/api/queryKeys';
import { displayNameOf } from '@/api/userNames';

export const loginPagePath = '/login/';
export const welcomePagePath = '/superset/welcome/';
export const logoutPath = '/logout/';

/** The current user (`GET /api/v1/me/`), read only while `enabled` (always, unless told). */
export function useCurrentUser(enabled = true): UseQueryResult<CurrentUser, ApiError> {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: async ({ signal }) => (await getJson<ResultResponse<CurrentUser>>('/api/v1/me/', signal)).result,
    retry: false,
    staleTime: 5 * 60 * 1000,
    enabled,
  });
}

/** `POST /login/`: 200 `{result: CurrentUser}` with a session cookie, or 401 with the spec message. */
export async function logIn(credentials: SessionLoginRequest): Promise<CurrentUser> {
  forgetCsrfToken();
  const answer = await postJson<ResultResponse<CurrentUser>>(loginPagePath, credentials);
  forgetCsrfToken();
  return answer.result;
}

/** The path to return to after login: only same-origin paths, else the welcome page. */
export function safeNextPath(next: string | null): string {
  const isSameOriginPath = next !== null && next.startsWith('/') && !next.startsWith('//');
  return isSameOriginPath ? next : welcomePagePath;
}

export function loginPathReturningTo(path: string): string {
  return `${loginPagePath}?next=${encodeURIComponent(path)}`;
}

export function userDisplayName(user: CurrentUser): string {
  const fullName = displayNameOf(user);
  return fullName === '' ? user.username : fullName;
}
