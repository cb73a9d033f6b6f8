import type { Dataset } from '@/api/generated/Dataset';
import type { MetricRef } from '@/api/generated/MetricRef';
import { genericDataTypes } from '@/features/chart/chartColumns';
import {
  comparators,
  isComparator,
  isTextComparator,
  rangeComparators,
  stringColumnComparators,
  type Comparator,
} from '@/features/chart/viz/table/conditionalFormatting';
import type { ExploreFormData } from '@/features/explore/exploreFormData';
import { tableResultColumns } from './tableResultColumns';

/**
 * The `conditional_formatting` control's values: each rule is saved as Superset saves it,
 * `{column, operator, colorScheme}` plus `targetValue` (one-target operators) or
 * `targetValueLeft` / `targetValueRight` (the between forms), the targets as numbers.
 */
export type SavedFormattingRule = Record<string, unknown>;

/** Superset's colour choices: theme tokens the table renderer resolves to its preset colours. */
export const colorSchemeOptions: readonly { value: string; label: string }[] = [
  { value: 'colorSuccess', label: 'Green' },
  { value: 'colorWarning', label: 'Yellow' },
  { value: 'colorError', label: 'Red' },
];

/** A numeric column's operators, in Superset's order, labelled as they are saved. */
export const operatorOptions: readonly { value: Comparator; label: string }[] = Object.values(comparators).map((operator) => ({
  value: operator,
  label: operator,
}));

/** A string column's operators (Superset 6): '=', '≠', 'begins with', 'ends with', 'containing', 'not containing'. */
export const stringOperatorOptions: readonly { value: Comparator; label: string }[] = stringColumnComparators.map((operator) => ({
  value: operator,
  label: operator,
}));

/** The operators offered for a column: the text ones for a string column. */
export function operatorOptionsFor(isTextColumn: boolean): readonly { value: Comparator; label: string }[] {
  return isTextColumn ? stringOperatorOptions : operatorOptions;
}

/** A column a rule can colour, and whether it holds strings (it then offers the text operators). */
export interface FormattableColumn {
  name: string;
  isText: boolean;
}

/** The popover's fields: the targets as typed text. */
export interface FormattingRuleDraft {
  column: string | null;
  colorScheme: string;
  operator: Comparator;
  targetValue: string;
  targetValueLeft: string;
  targetValueRight: string;
}

/** A new rule: Superset's first colour and operator, no column yet. */
export const emptyRuleDraft: FormattingRuleDraft = {
  column: null,
  colorScheme: 'colorSuccess',
  operator: comparators.none,
  targetValue: '',
  targetValueLeft: '',
  targetValueRight: '',
};

export function isRangeComparator(operator: Comparator): boolean {
  return rangeComparators.includes(operator);
}

/** The saved rules of the control's value: its object items, kept as saved. */
export function readSavedRules(value: unknown): SavedFormattingRule[] {
  if (!Array.isArray(value)) return [];
  return (value as unknown[]).filter((item): item is SavedFormattingRule => typeof item === 'object' && item !== null && !Array.isArray(item));
}

function targetText(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
}

function parsedTarget(text: string): number | null {
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) ? number : null;
}

/** A chip's text, as Superset writes it: "SUM(num) > 1000", "1 < SUM(num) ≤ 5", or the column for "None". */
export function formattingRuleLabel(rule: SavedFormattingRule): string {
  const column = typeof rule.column === 'string' ? rule.column : '';
  const operator = typeof rule.operator === 'string' ? rule.operator : '';
  if (operator === comparators.none || operator === '') return column;
  if (isComparator(operator) && isRangeComparator(operator)) {
    return `${targetText(rule.targetValueLeft)} ${operator.replace('x', () => column)} ${targetText(rule.targetValueRight)}`;
  }
  return `${column} ${operator} ${targetText(rule.targetValue)}`;
}

/** The popover's fields for a saved rule (a missing colour or operator takes the defaults). */
export function draftOfRule(rule: SavedFormattingRule): FormattingRuleDraft {
  return {
    column: typeof rule.column === 'string' ? rule.column : null,
    colorScheme: typeof rule.colorScheme === 'string' && rule.colorScheme !== '' ? rule.colorScheme : emptyRuleDraft.colorScheme,
    operator: isComparator(rule.operator) ? rule.operator : emptyRuleDraft.operator,
    targetValue: targetText(rule.targetValue),
    targetValueLeft: targetText(rule.targetValueLeft),
    targetValueRight: targetText(rule.targetValueRight),
  };
}

/**
 * The rule to save, or null while incomplete: a column, and a number for each target the operator
 * needs (none for "None", two for the between forms); a text operator, and '=' or '≠' on a string
 * column, keep the target as text.
 */
export function ruleOfDraft(draft: FormattingRuleDraft, isTextColumn = false): SavedFormattingRule | null {
  if (draft.column === null || draft.column === '' || draft.colorScheme === '') return null;
  const base = { column: draft.column, operator: draft.operator, colorScheme: draft.colorScheme };
  if (draft.operator === comparators.none) return base;
  if (isTextComparator(draft.operator) || isTextColumn) return draft.targetValue === '' ? null : { ...base, targetValue: draft.targetValue };
  if (isRangeComparator(draft.operator)) {
    const left = parsedTarget(draft.targetValueLeft);
    const right = parsedTarget(draft.targetValueRight);
    return left === null || right === null ? null : { ...base, targetValueLeft: left, targetValueRight: right };
  }
  const target = parsedTarget(draft.targetValue);
  return target === null ? null : { ...base, targetValue: target };
}

/**
 * The columns a rule can colour, named as the table's result columns, in result order (the
 * group-by columns, metrics and percent metrics; raw records' chosen columns). String columns
 * offer the text operators (Superset 6); numeric and untyped (adhoc) columns the numeric ones;
 * time and boolean columns are left out.
 */
export function formattableColumns(formData: ExploreFormData, dataset: Dataset, metricLabel: (metric: MetricRef) => string): FormattableColumn[] {
  return tableResultColumns(formData, dataset, metricLabel).flatMap(({ name, genericType }): FormattableColumn[] => {
    if (genericType === genericDataTypes.string) return [{ name, isText: true }];
    return genericType === null || genericType === genericDataTypes.numeric ? [{ name, isText: false }] : [];
  });
}
