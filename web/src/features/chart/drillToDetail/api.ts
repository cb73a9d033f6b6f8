import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ColumnRef } from '@/api/generated/ColumnRef';
import type { DatasourceRef } from '@/api/generated/DatasourceRef';
import type { FormData } from '@/api/generated/FormData';
import type { QueryExtras } from '@/api/generated/QueryExtras';
import type { QueryObjectFilter } from '@/api/generated/QueryObjectFilter';
import type { JsonValue } from '@/api/generated/serde_json/JsonValue';
import { queryKeys } from '@/api/queryKeys';
import type { DrillValue } from '@/features/chart/viz/chartRendererProps';
import { fetchSamplesPage, type SamplesPage, type SamplesPayload } from '@/features/explore/api';
import { buildQueryContext } from '@/wasm/core';

/** Superset's drill-to-detail page size. */
export const drillToDetailPageSize = 50;

/** The form data keys whose columns a chart groups by: a drilled value's column is one of them. */
const dimensionControlKeys = ['groupby', 'columns', 'x_axis', 'series_columns', 'entity', 'series'] as const;

function isAdhocColumnLabelled(item: unknown, label: string): item is Exclude<ColumnRef, string> {
  if (typeof item !== 'object' || item === null) return false;
  const candidate = item as { sqlExpression?: unknown; label?: unknown };
  return typeof candidate.sqlExpression === 'string' && candidate.label === label;
}

/** The column a drilled value filters: the chart's adhoc (SQL) column of that label, else the physical column of that name. */
export function drillValueColumn(formData: FormData, column: string): ColumnRef {
  const controls = formData as FormData & Record<string, unknown>;
  for (const key of dimensionControlKeys) {
    const value = controls[key];
    const items: unknown[] = Array.isArray(value) ? value : [value];
    const adhocColumn = items.find((item) => isAdhocColumnLabelled(item, column));
    if (adhocColumn !== undefined) return adhocColumn;
  }
  return column;
}

/**
 * A drilled value as a query filter: `col == val`, `col IS NULL` for a null, or for a time axis
 * point its period, `col TEMPORAL_RANGE '1965-01-01T00:00:00 : 1966-01-01T00:00:00'`.
 */
export function drillValueFilter(formData: FormData, drillValue: DrillValue): QueryObjectFilter {
  const col = drillValueColumn(formData, drillValue.column);
  if (drillValue.timeRange !== undefined) return { col, op: 'TEMPORAL_RANGE', val: drillValue.timeRange };
  if (drillValue.value === null) return { col, op: 'IS NULL' };
  return { col, op: '==', val: drillValue.value as JsonValue };
}

/** Where a chart's underlying rows come from, and the samples body that narrows them. */
export interface DrillToDetailRequest {
  datasource: DatasourceRef;
  payload: SamplesPayload;
}

/**
 * Superset's drill payload: the filters, time range and extras of the chart's first query object,
 * as the Wasm core builds it from the form data (adhoc filters, time range, the dashboard's
 * `extra_form_data`), plus one filter per drilled value. `having` is left out: the rows are not
 * aggregated.
 */
export async function drillToDetailRequest(formData: FormData, drillValues: readonly DrillValue[]): Promise<DrillToDetailRequest> {
  const queryContext = await buildQueryContext(formData);
  const query = queryContext.queries[0];
  const queryExtras: QueryExtras = query?.extras ?? {};
  const extras: QueryExtras = {
    where: queryExtras.where,
    time_grain_sqla: queryExtras.time_grain_sqla,
    relative_start: queryExtras.relative_start,
    relative_end: queryExtras.relative_end,
  };
  return {
    datasource: queryContext.datasource,
    payload: {
      filters: [...(query?.filters ?? []), ...drillValues.map((drillValue) => drillValueFilter(formData, drillValue))],
      granularity: query?.granularity,
      time_range: query?.time_range,
      extras,
    },
  };
}

/** One page (from 1) of the chart's underlying rows under its filters and the drilled values. */
export function useDrillToDetailPage(formData: FormData, drillValues: readonly DrillValue[], page: number): UseQueryResult<SamplesPage> {
  return useQuery({
    queryKey: queryKeys.drillToDetail(formData, drillValues, page),
    queryFn: async ({ signal }) => {
      const request = await drillToDetailRequest(formData, drillValues);
      return fetchSamplesPage(request.datasource, request.payload, page, drillToDetailPageSize, signal);
    },
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}
