import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson, postJson } from '@/api/client';
import { ApiError, genericErrorMessage } from '@/api/errors';
import type { ChartDataResult } from '@/api/generated/ChartDataResult';
import type { DatasourceRef } from '@/api/generated/DatasourceRef';
import type { DatasourceType } from '@/api/generated/DatasourceType';
import type { ExploreResponse } from '@/api/generated/ExploreResponse';
import type { ResolvedTimeRange } from '@/api/generated/ResolvedTimeRange';
import type { QueryExtras } from '@/api/generated/QueryExtras';
import type { QueryObject } from '@/api/generated/QueryObject';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import { queryKeys } from '@/api/queryKeys';
import { risonString } from '@/api/rison';
import { nonEmptyParam, positiveIntegerParam } from '@/app/urlParams';
import { urlFormDataParam } from './exploreUrl';

/** What Explore opens: a datasource, a saved chart, a cached state or a permalink (any mix the URL holds). */
export interface ExploreTarget {
  datasourceType: DatasourceType;
  datasourceId: number | null;
  sliceId: number | null;
  /** `form_data_key`: the Explore state cache entry. */
  formDataKey: string | null;
  /** The key of `/explore/p/{key}/`. */
  permalinkKey: string | null;
  /** The URL's `form_data` (Superset's chart URLs): laid over the loaded form data. */
  urlFormData: Record<string, unknown> | null;
}

/** A form data `slice_id` (a number, or its text) as a chart id; null for anything else. */
function sliceIdOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null;
  return typeof value === 'string' ? positiveIntegerParam(value) : null;
}

/** `"3__table"` → 3; null for anything else. */
function datasourceIdOfKey(key: unknown): number | null {
  if (typeof key !== 'string') return null;
  const [id, type = 'table'] = key.split('__');
  return type === 'table' ? positiveIntegerParam(id ?? null) : null;
}

/**
 * Reads `/explore/?datasource_type=table&datasource_id=N[&slice_id=M][&form_data_key=K]` (or a
 * permalink key from the path, or Superset's `?form_data={"slice_id": M}`, whose `slice_id` and
 * `datasource` name the chart and dataset); null when the URL names nothing to explore.
 */
export function exploreTargetFromSearch(searchParams: URLSearchParams, permalinkKey: string | null = null): ExploreTarget | null {
  const urlFormData = urlFormDataParam(searchParams.get('form_data'));
  const target: ExploreTarget = {
    datasourceType: (searchParams.get('datasource_type') ?? 'table') as DatasourceType,
    datasourceId: positiveIntegerParam(searchParams.get('datasource_id')) ?? datasourceIdOfKey(urlFormData?.datasource),
    sliceId: positiveIntegerParam(searchParams.get('slice_id')) ?? sliceIdOf(urlFormData?.slice_id),
    formDataKey: nonEmptyParam(searchParams.get('form_data_key')),
    permalinkKey: nonEmptyParam(permalinkKey),
    urlFormData,
  };
  const namesSomething =
    target.datasourceId !== null || target.sliceId !== null || target.formDataKey !== null || target.permalinkKey !== null;
  return namesSomething ? target : null;
}

export function exploreApiPath({ datasourceType, datasourceId, sliceId, formDataKey, permalinkKey }: ExploreTarget): string {
  const query = new URLSearchParams();
  if (datasourceId !== null) {
    query.set('datasource_type', datasourceType);
    query.set('datasource_id', String(datasourceId));
  }
  if (sliceId !== null) query.set('slice_id', String(sliceId));
  if (formDataKey !== null) query.set('form_data_key', formDataKey);
  if (permalinkKey !== null) query.set('permalink_key', permalinkKey);
  return `/api/v1/explore/?${query.toString()}`;
}

/** `GET /api/v1/explore/`: the dataset with its columns and metrics, the form data and the saved chart. */
export function useExploreState(target: ExploreTarget): UseQueryResult<ExploreResponse, ApiError> {
  return useQuery({
    queryKey: queryKeys.explore(target.datasourceType, target.datasourceId, target.sliceId, target.formDataKey ?? target.permalinkKey),
    queryFn: async ({ signal }) => (await getJson<ResultResponse<ExploreResponse>>(exploreApiPath(target), signal)).result,
    staleTime: Infinity,
    retry: false,
  });
}

/** Superset's `SAMPLES_ROW_LIMIT`: the rows one samples page holds, and the server's maximum `per_page`. */
export const samplesRowLimit = 1000;

/** Spec 000 section 8: what a failed samples call shows when the server gave no message. */
export const samplesErrorFallbackMessage = 'Sorry, an error occurred';

/** The server's message of a failed samples call, else Superset's "Sorry, an error occurred". */
export function samplesErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.isServerMessage ? error.message : samplesErrorFallbackMessage;
}

/** `/datasource/samples?datasource_type=&datasource_id=&force=false&per_page=[&page=]`. */
export function samplesApiPath(datasource: DatasourceRef, perPage: number = samplesRowLimit, page?: number): string {
  const query = new URLSearchParams({
    datasource_type: datasource.type,
    datasource_id: String(datasource.id),
    force: 'false',
    per_page: String(perPage),
  });
  if (page !== undefined) query.set('page', String(page));
  return `/datasource/samples?${query.toString()}`;
}

/**
 * The JSON body of `POST /datasource/samples` (server/src/api/samples.rs `SamplesPayload`): the
 * query object's filters, time range and extras that narrow the rows. Its fields are the
 * generated query object's; shared-types has no struct of its own for it yet.
 */
export type SamplesPayload = Pick<QueryObject, 'filters' | 'granularity' | 'time_range'> & { extras?: QueryExtras };

/** One page of samples: a chart data result with the rows of every page (`total_count`) and the page asked. */
export type SamplesPage = ChartDataResult & { total_count: number; page: number; per_page: number };

/**
 * `POST /datasource/samples`: the first page of the dataset's rows, unfiltered. The answer's result
 * is a chart data result (records, colnames, coltypes) with `total_count`, `page` and `per_page`.
 */
export function useDatasourceSamples(datasource: DatasourceRef): UseQueryResult<ChartDataResult, ApiError> {
  return useQuery({
    queryKey: queryKeys.samples(datasource.type, datasource.id),
    queryFn: async ({ signal }) => (await postJson<ResultResponse<ChartDataResult>>(samplesApiPath(datasource), {}, signal)).result,
    staleTime: Infinity,
    retry: false,
  });
}

/** `/api/v1/time_range/?q='Last%20week'`: `q` is the value as one rison string. */
export function timeRangeApiPath(timeRange: string): string {
  return `/api/v1/time_range/?q=${encodeURIComponent(risonString(timeRange))}`;
}

/**
 * `GET /api/v1/time_range/`: the since and until a `time_range` value resolves to now ("" for an
 * unbounded side); a value the server cannot read fails with its message ("Unexpected time
 * range: ..."). Null asks nothing. While a new value is asked, the last answer stays.
 */
export function useResolvedTimeRange(timeRange: string | null): UseQueryResult<ResolvedTimeRange, ApiError> {
  return useQuery({
    queryKey: queryKeys.timeRange(timeRange ?? ''),
    queryFn: async ({ signal }) => {
      const answer = await getJson<ResultResponse<ResolvedTimeRange[]>>(timeRangeApiPath(timeRange ?? ''), signal);
      const [resolved] = answer.result;
      if (resolved === undefined) throw new ApiError(genericErrorMessage, { status: null });
      return resolved;
    },
    enabled: timeRange !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `POST /datasource/samples` for page `page` (from 1) of `perPage` rows under the payload's filters. */
export async function fetchSamplesPage(
  datasource: DatasourceRef,
  payload: SamplesPayload,
  page: number,
  perPage: number,
  signal?: AbortSignal,
): Promise<SamplesPage> {
  return (await postJson<ResultResponse<SamplesPage>>(samplesApiPath(datasource, perPage, page), payload, signal)).result;
}
