/**
 * The server settings the browser follows (`GET /api/v1/common/conf/`, Superset's bootstrap
 * `common.conf`). The client reads them once signed in; until then, or when the server does not
 * answer, Superset's defaults apply.
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getJson } from './client';
import type { ApiError } from './errors';
import type { CommonConf } from './generated/CommonConf';
import type { ResultResponse } from './generated/ResultResponse';
import { queryKeys } from './queryKeys';

export const commonConfPath = '/api/v1/common/conf/';

/** Superset's default `SUPERSET_WEBSERVER_TIMEOUT`, the same as the server's default `query_timeout_seconds`. */
export const defaultWebServerTimeoutSeconds = 60;

let publishedWebServerTimeoutSeconds: number | null = null;

/** The web server timeout in seconds: the server's, once published, else 60. */
export function webServerTimeoutSeconds(): number {
  return publishedWebServerTimeoutSeconds ?? defaultWebServerTimeoutSeconds;
}

/** Follows a conf answer; a timeout that is not a positive number keeps the default. */
export function applyCommonConf(conf: CommonConf): void {
  const timeout = conf.SUPERSET_WEBSERVER_TIMEOUT;
  publishedWebServerTimeoutSeconds = Number.isFinite(timeout) && timeout > 0 ? timeout : null;
}

/** Back to the defaults (a signed-out browser, or between tests). */
export function forgetCommonConf(): void {
  publishedWebServerTimeoutSeconds = null;
}

/** The conf, read once per session (React Query shares the one call between its readers). */
function useCommonConfQuery(): UseQueryResult<CommonConf, ApiError> {
  return useQuery({
    queryKey: queryKeys.commonConf,
    queryFn: async ({ signal }) => (await getJson<ResultResponse<CommonConf>>(commonConfPath, signal)).result,
    retry: false,
    staleTime: Infinity,
  });
}

/** Reads the conf once per session and applies it (used by the signed-in layout). */
export function useCommonConf(): void {
  const conf = useCommonConfQuery();
  useEffect(() => {
    if (conf.data !== undefined) applyCommonConf(conf.data);
  }, [conf.data]);
}

/**
 * Superset's `ESCAPE_MARKDOWN_HTML` feature flag: on, HTML in markdown shows as text; off (the
 * default, also until the conf is read), it renders sanitized.
 */
export function useEscapeMarkdownHtml(): boolean {
  return useCommonConfQuery().data?.ESCAPE_MARKDOWN_HTML ?? false;
}

/**
 * Superset's `SLACK_ENABLE_AVATARS` feature flag: on, owner avatars load from
 * `GET /api/v1/user/{id}/avatar.png`; off (the default, also until the conf is read), owners show
 * as initials.
 */
export function useSlackEnableAvatars(): boolean {
  return useCommonConfQuery().data?.SLACK_ENABLE_AVATARS ?? false;
}

/** Superset's `CONFIRM_DASHBOARD_DIFF` feature flag: on, an overwrite asks to confirm the differing fields. */
export function useConfirmDashboardDiff(): boolean {
  return useCommonConfQuery().data?.CONFIRM_DASHBOARD_DIFF ?? false;
}

/** Superset's `DASHBOARD_RBAC` feature flag: on, dashboards carry their roles and saving needs admin or owner. */
export function useDashboardRbac(): boolean {
  return useCommonConfQuery().data?.DASHBOARD_RBAC ?? false;
}
