import { apiFetch } from '@/api/client';
import { chartDataPath } from '@/api/chartData';
import type { FormData } from '@/api/generated/FormData';
import type { QueryContext } from '@/api/generated/QueryContext';
import type { UserRoles } from '@/api/generated/UserRoles';
import type { ResultFormat } from '@/api/generated/ResultFormat';
import type { ResultType } from '@/api/generated/ResultType';
import { buildQueryContext } from '@/wasm/core';
import { saveBlob } from './saveBlob';

/** The exports of Explore's Download menu. */
export type ChartExportKind = 'csv' | 'json' | 'xlsx' | 'pivoted_csv' | 'full_csv' | 'full_xlsx';

/**
 * The row limit of the "full" exports. The server caps a chart query's row limit at its
 * `row_limit_max` setting (100,000 by default; a larger limit is clamped, not refused) and does not
 * publish the setting, so the full exports ask for its default, the spec's query size limit 100000.
 */
export const chartExportRowLimitMax = 100_000;

/** Superset's menu texts. */
export const chartExportLabels: Readonly<Record<ChartExportKind, string>> = {
  csv: 'Export to .CSV',
  json: 'Export to .JSON',
  xlsx: 'Export to Excel',
  pivoted_csv: 'Export to pivoted .CSV',
  full_csv: 'Export to full .CSV',
  full_xlsx: 'Export to full Excel',
};

interface ExportFormat {
  resultFormat: ResultFormat;
  resultType: ResultType;
  extension: string;
  /** Lifts the chart's row limit to `chartExportRowLimitMax`. */
  isFull?: boolean;
}

const exportFormats: Readonly<Record<ChartExportKind, ExportFormat>> = {
  csv: { resultFormat: 'csv', resultType: 'full', extension: 'csv' },
  json: { resultFormat: 'json', resultType: 'full', extension: 'json' },
  xlsx: { resultFormat: 'xlsx', resultType: 'full', extension: 'xlsx' },
  // The server pivots a pivot table's rows and columns with totals (`post_processed`).
  pivoted_csv: { resultFormat: 'csv', resultType: 'post_processed', extension: 'csv' },
  full_csv: { resultFormat: 'csv', resultType: 'full', extension: 'csv', isFull: true },
  full_xlsx: { resultFormat: 'xlsx', resultType: 'full', extension: 'xlsx', isFull: true },
};

/** The file extension of an export: `csv`, `json` or `xlsx`. */
export function chartExportExtension(kind: ChartExportKind): string {
  return exportFormats[kind].extension;
}

/** The viz types whose Download menu offers the full exports (Superset: the table chart, aggregate or raw). */
export function offersFullExport(vizType: string): boolean {
  return vizType === 'table';
}

/**
 * Whether the user's roles grant a permission on a view: a role that lists it, or Admin (any role
 * named admin, case-insensitive), which holds every permission implicitly. False while the roles
 * are unknown.
 */
export function rolesGrant(roles: UserRoles | undefined, permission: string, view: string): boolean {
  return Object.entries(roles?.roles ?? {}).some(
    ([role, pairs]) => role.toLowerCase() === 'admin' || pairs.some(([granted, on]) => granted === permission && on === view),
  );
}

/** Whether the user's roles grant `can_csv` on `Superset`, the permission every CSV and Excel export needs. */
export function canExportCsv(roles: UserRoles | undefined): boolean {
  return rolesGrant(roles, 'can_csv', 'Superset');
}

/**
 * The exports a viz type offers, in Superset's order: the pivoted CSV only for the pivot table; the
 * full .CSV and Excel (after Excel) only for the table chart and users with `can_csv`.
 */
export function chartExportKinds(vizType: string, canCsv = false): ChartExportKind[] {
  if (vizType === 'pivot_table_v2') return ['csv', 'pivoted_csv', 'json', 'xlsx'];
  return canCsv && offersFullExport(vizType) ? ['csv', 'json', 'xlsx', 'full_csv', 'full_xlsx'] : ['csv', 'json', 'xlsx'];
}

/** The query context with every query's (and the form data's) row limit lifted to the export maximum. */
export function fullExportQueryContext(queryContext: QueryContext): QueryContext {
  const formData = queryContext.form_data;
  const isFormDataObject = typeof formData === 'object' && formData !== null && !Array.isArray(formData);
  return {
    ...queryContext,
    queries: queryContext.queries.map((query) => ({ ...query, row_limit: chartExportRowLimitMax })),
    ...(isFormDataObject ? { form_data: { ...formData, row_limit: chartExportRowLimitMax } } : {}),
  };
}

/** The chart's query context, asking for the export's format and result type (the full exports without the row limit). */
export function exportQueryContext(queryContext: QueryContext, kind: ChartExportKind): QueryContext {
  const { resultFormat, resultType, isFull = false } = exportFormats[kind];
  const context = isFull ? fullExportQueryContext(queryContext) : queryContext;
  return { ...context, result_format: resultFormat, result_type: resultType };
}

/** The file name of `Content-Disposition: attachment; filename="birth_names.csv"`, else the fallback. */
export function fileNameFromDisposition(disposition: string | null, fallback: string): string {
  const match = disposition === null ? null : /filename="?([^";]+)"?/i.exec(disposition);
  const name = match?.[1]?.trim();
  return name === undefined || name === '' ? fallback : name;
}

/** Runs the chart's query as an export (`POST /api/v1/chart/data`) and downloads the file. */
export async function downloadChartExport(formData: FormData, kind: ChartExportKind, baseName: string): Promise<void> {
  const queryContext = exportQueryContext(await buildQueryContext(formData), kind);
  const response = await apiFetch(chartDataPath, { method: 'POST', body: queryContext, headers: { Accept: '*/*' } });
  const fallbackName = `${baseName}.${chartExportExtension(kind)}`;
  saveBlob(await response.blob(), fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName));
}
