import type { AdhocFilter } from '@/api/generated/AdhocFilter';
import type { DatasetColumn } from '@/api/generated/DatasetColumn';
import type { FilterClause } from '@/api/generated/FilterClause';
import type { FilterOperator } from '@/api/generated/FilterOperator';

/** The operators the filter editor offers (spec 002 section 9), with Superset's labels. */
export const filterOperatorChoices: readonly { value: FilterOperator; label: string }[] = [
  { value: '==', label: 'Equal to (=)' },
  { value: '!=', label: 'Not equal to (≠)' },
  { value: '<', label: 'Less than (<)' },
  { value: '<=', label: 'Less or equal (<=)' },
  { value: '>', label: 'Greater than (>)' },
  { value: '>=', label: 'Greater or equal (>=)' },
  { value: 'IN', label: 'In' },
  { value: 'NOT IN', label: 'Not in' },
  { value: 'LIKE', label: 'Like' },
  { value: 'ILIKE', label: 'Like (case insensitive)' },
  { value: 'IS NULL', label: 'Is null' },
  { value: 'IS NOT NULL', label: 'Is not null' },
  { value: 'IS TRUE', label: 'Is true' },
  { value: 'IS FALSE', label: 'Is false' },
];

const operatorsWithoutValue: ReadonlySet<string> = new Set(['IS NULL', 'IS NOT NULL', 'IS TRUE', 'IS FALSE']);
const operatorsWithList: ReadonlySet<string> = new Set(['IN', 'NOT IN']);

export function operatorTakesValue(operator: string): boolean {
  return !operatorsWithoutValue.has(operator);
}

/** IN and NOT IN compare with a list of values. */
export function operatorTakesList(operator: string): boolean {
  return operatorsWithList.has(operator);
}

export function isAdhocFilter(value: unknown): value is AdhocFilter {
  return typeof value === 'object' && value !== null && 'expressionType' in value && 'clause' in value;
}

export function readAdhocFilters(value: unknown): AdhocFilter[] {
  return Array.isArray(value) ? value.filter(isAdhocFilter) : [];
}

function typedComparatorValue(text: string, column: DatasetColumn | undefined): string | number {
  const isNumericColumn = column?.type_generic === 0;
  const number = Number(text);
  return isNumericColumn && text !== '' && Number.isFinite(number) ? number : text;
}

/** The items of a list comparator: chosen values as they are, typed text split on commas. */
function comparatorItems(value: string | readonly string[]): string[] {
  const items = typeof value === 'string' ? value.split(',') : value;
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

function randomOptionSuffix(): string {
  return Math.random().toString(36).slice(2, 13).padEnd(11, '0');
}

/** The clauses of a custom SQL filter: WHERE filters rows, HAVING filters groups (by metrics). */
export const filterClauseChoices: readonly { value: FilterClause; label: string }[] = [
  { value: 'WHERE', label: 'WHERE' },
  { value: 'HAVING', label: 'HAVING' },
];

export function isFilterClause(value: string): value is FilterClause {
  return value === 'WHERE' || value === 'HAVING';
}

/**
 * A custom SQL filter: `{expressionType: "SQL", clause, sqlExpression}`. Superset also writes
 * `subject`, `operator` and `comparator` as null; the form data type leaves them out, and the
 * server drops nulls when it stores the form data, so they are left out here.
 */
export function sqlAdhocFilter(sqlExpression: string, clause: FilterClause, optionSuffix = randomOptionSuffix()): AdhocFilter {
  return { expressionType: 'SQL', clause, sqlExpression: sqlExpression.trim(), filterOptionName: `filter_${optionSuffix}` };
}

function comparatorText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/** What the editor starts from when a saved SIMPLE filter is reopened: typed text or chosen values. */
export function simpleFilterValues(filter: AdhocFilter): { valueText: string; listValues: string[] } {
  const comparator = filter.comparator;
  if (Array.isArray(comparator)) return { valueText: '', listValues: comparator.map(comparatorText) };
  return { valueText: comparatorText(comparator), listValues: [] };
}

/**
 * A SIMPLE WHERE filter: `gender == boy` is `{subject: "gender", operator: "==", comparator: "boy"}`;
 * IN takes the chosen values (or a comma-separated text), numeric columns compare numbers, IS NULL
 * takes no value.
 */
export function simpleAdhocFilter(
  subject: string,
  operator: FilterOperator,
  value: string | readonly string[],
  column: DatasetColumn | undefined,
  optionSuffix = randomOptionSuffix(),
): AdhocFilter {
  const filter: AdhocFilter = {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject,
    operator,
    filterOptionName: `filter_${optionSuffix}`,
  };
  if (!operatorTakesValue(operator)) return filter;
  const comparator = operatorTakesList(operator)
    ? comparatorItems(value).map((item) => typedComparatorValue(item, column))
    : typedComparatorValue((typeof value === 'string' ? value : value.join(',')).trim(), column);
  return { ...filter, comparator };
}

/** What a filter chip shows: `gender = boy`, `state IN (CA, NY)`, or the SQL of a SQL filter. */
export function adhocFilterLabel(filter: AdhocFilter): string {
  if (filter.expressionType === 'SQL') return filter.sqlExpression ?? '';
  const operator = filter.operator ?? '';
  const comparator = filter.comparator;
  const valueText = Array.isArray(comparator) ? `(${comparator.map(comparatorText).join(', ')})` : comparatorText(comparator);
  return [filter.subject ?? '', operator, valueText].filter((part) => part !== '').join(' ');
}
