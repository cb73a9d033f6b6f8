import { apiFetch } from '@/api/client';
import { chartDataPath } from '@/api/chartData';
import type { FormData } from '@/api/generated/FormData';
import type { QueryContext } from '@/api/generated/QueryContext';
import type { ResultFormat } from '@/api/generated/ResultFormat';
import type { ResultType } from '@/api/generated/ResultType';
import { buildQueryContext } from '@/wasm/core';
import { saveBlob } from './saveBlob';

/** The exports of Explore's Download menu. */
export type ChartExportKind = 'csv' | 'json' | 'xlsx' | 'pivoted_csv';

/** Superset's menu texts. */
export const chartExportLabels: Readonly<Record<ChartExportKind, string>> = {
  csv: 'Export to .CSV',
  json: 'Export to .JSON',
  xlsx: 'Export to Excel',
  pivoted_csv: 'Export to pivoted .CSV',
};

const exportFormats: Readonly<Record<ChartExportKind, { resultFormat: ResultFormat; resultType: ResultType; extension: string }>> = {
  csv: { resultFormat: 'csv', resultType: 'full', extension: 'csv' },
  json: { resultFormat: 'json', resultType: 'full', extension: 'json' },
  xlsx: { resultFormat: 'xlsx', resultType: 'full', extension: 'xlsx' },
  // The server pivots a pivot table's rows and columns with totals (`post_processed`).
  pivoted_csv: { resultFormat: 'csv', resultType: 'post_processed', extension: 'csv' },
};

/** The exports a viz type offers: the pivoted CSV only for the pivot table. */
export function chartExportKinds(vizType: string): ChartExportKind[] {
  return vizType === 'pivot_table_v2' ? ['csv', 'pivoted_csv', 'json', 'xlsx'] : ['csv', 'json', 'xlsx'];
}

/** The chart's query context, asking for the export's format and result type. */
export function exportQueryContext(queryContext: QueryContext, kind: ChartExportKind): QueryContext {
  const { resultFormat, resultType } = exportFormats[kind];
  return { ...queryContext, result_format: resultFormat, result_type: resultType };
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
  const fallbackName = `${baseName}.${exportFormats[kind].extension}`;
  saveBlob(await response.blob(), fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName));
}
