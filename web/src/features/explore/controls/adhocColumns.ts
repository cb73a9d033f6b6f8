import type { AdhocColumn } from '@/api/generated/AdhocColumn';
import type { ColumnRef } from '@/api/generated/ColumnRef';

export function isAdhocColumn(value: unknown): value is AdhocColumn {
  return typeof value === 'object' && value !== null && 'sqlExpression' in value && typeof value.sqlExpression === 'string';
}

/** The columns of a list control (`groupby`, `columns`): physical names and adhoc columns, in order. */
export function readColumnRefs(value: unknown): ColumnRef[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is ColumnRef => typeof item === 'string' || isAdhocColumn(item));
}

/**
 * A custom SQL column: `{sqlExpression, label, expressionType: "SQL"}`. The label is the typed one,
 * else the expression itself (what the result column is named either way).
 */
export function sqlAdhocColumn(sqlExpression: string, label: string): AdhocColumn {
  const expression = sqlExpression.trim();
  const typedLabel = label.trim();
  return { sqlExpression: expression, label: typedLabel === '' ? expression : typedLabel, expressionType: 'SQL' };
}

/** What a column chip shows: the adhoc column's label, else its SQL (as the core names it). */
export function columnRefLabel(column: ColumnRef): string {
  if (typeof column === 'string') return column;
  return column.label !== undefined && column.label !== '' ? column.label : column.sqlExpression;
}

/**
 * The list after the physical-column select changed: adhoc columns keep their places, physical
 * columns no longer chosen go, newly chosen ones are appended in the order chosen.
 */
export function withChosenPhysicalColumns(current: readonly ColumnRef[], chosen: readonly string[]): ColumnRef[] {
  const chosenSet = new Set(chosen);
  const kept = current.filter((column) => typeof column !== 'string' || chosenSet.has(column));
  const keptNames = new Set(kept.filter((column): column is string => typeof column === 'string'));
  return [...kept, ...chosen.filter((name) => !keptNames.has(name))];
}
