/**
 * Explore's "Run in SQL Lab" (Superset's `redirectSQLLab`): the chart's SQL, asked of the server
 * without running it (`result_type: query`), opens in a SQL Lab tab on the chart's datasource.
 * Spec 000 §8: when the SQL cannot be loaded, a danger toast says so.
 */
import { postJson } from '@/api/client';
import { chartDataPath } from '@/api/chartData';
import type { ChartDataResponse } from '@/api/generated/ChartDataResponse';
import type { FormData } from '@/api/generated/FormData';
import type { ToastKind } from '@/components/toastContext';
import { withoutFormulaLayers } from '@/features/chart/annotations/annotationLayerEntries';
import { sqlLabDatasourceLink } from '@/features/sqllab/requestedQuery';
import { buildQueryContext } from '@/wasm/core';

export const runInSqlLabLabel = 'Run in SQL Lab';
/** Spec 000 §8: the chart's SQL could not be loaded. */
export const loadSqlFailedMessage = 'An error occurred while loading the SQL';
/** Superset's text when the answer holds no query. */
export const noSqlQueryMessage = 'No SQL query found';

/** The SQL Lab link holding the SQL of the chart's first query; null when the answer has none. */
export async function chartSqlLabLink(formData: FormData): Promise<string | null> {
  const queryContext = withoutFormulaLayers(await buildQueryContext(formData));
  const answer = await postJson<ChartDataResponse>(chartDataPath, { ...queryContext, result_format: 'json', result_type: 'query' });
  const sql = answer.result[0]?.query;
  return sql === undefined || sql === '' ? null : sqlLabDatasourceLink(formData.datasource, sql);
}

/** Opens the chart's SQL in SQL Lab with `open`, or toasts why it cannot (danger). */
export async function runChartInSqlLab(formData: FormData, open: (link: string) => void, addToast: (kind: ToastKind, text: string) => void): Promise<void> {
  let link: string | null;
  try {
    link = await chartSqlLabLink(formData);
  } catch (error) {
    console.warn('loading the chart sql failed', error);
    addToast('danger', loadSqlFailedMessage);
    return;
  }
  if (link === null) {
    addToast('danger', noSqlQueryMessage);
    return;
  }
  open(link);
}
