/**
 * The table chart's totals (`show_totals`, Superset's "Summary" row): quiver-core adds a totals
 * query without group-by and it stays the last query, so its one row holds every metric's total
 * over all records (the row limit does not apply).
 */
import type { CellValue } from '@/features/chart/chartColumns';
import type { ChartFormData, ChartQueryData } from '../chartRendererProps';
import { readFormBoolean } from '../formDataValues';

/** Superset's label of the totals row, and its tooltip. */
export const totalsLabel = 'Summary';
export const totalsTooltip = 'Show total aggregations of selected metrics. Note that row limit does not apply to the result.';

/** Each metric's total by column name, or null when the table shows no totals. */
export function readTableTotals(formData: ChartFormData, queriesData: readonly ChartQueryData[]): ReadonlyMap<string, CellValue> | null {
  const isAggregate = formData.query_mode !== 'raw';
  if (!isAggregate || !readFormBoolean(formData, 'show_totals', false) || queriesData.length < 2) return null;
  const totals = queriesData.at(-1);
  if (totals === undefined || totals.rowCount !== 1) return null;
  return new Map(totals.columns.map((column) => [column.name, column.values[0] ?? null]));
}
