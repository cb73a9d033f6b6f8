import { brandColors } from '@/theme/tokens';
import { cellNumber } from './cellBars';
import type { CellValue } from '@/features/chart/chartColumns';

/** Superset's `Comparator` values, as `conditional_formatting` saves them. */
export const comparators = {
  none: 'None',
  greaterThan: '>',
  lessThan: '<',
  greaterOrEqual: '≥',
  lessOrEqual: '≤',
  equal: '=',
  notEqual: '≠',
  between: '< x <',
  betweenOrEqual: '≤ x ≤',
  betweenOrLeftEqual: '≤ x <',
  betweenOrRightEqual: '< x ≤',
} as const;

/** Superset's text `Comparator` values: they colour string cells matching `targetValue` fully. */
export const textComparators = {
  beginsWith: 'begins with',
  endsWith: 'ends with',
  containing: 'containing',
  notContaining: 'not containing',
} as const;

export type NumericComparator = (typeof comparators)[keyof typeof comparators];
export type TextComparator = (typeof textComparators)[keyof typeof textComparators];
export type Comparator = NumericComparator | TextComparator;

/** The operators with two targets, `targetValueLeft` and `targetValueRight`. */
export const rangeComparators: readonly Comparator[] = [
  comparators.between,
  comparators.betweenOrEqual,
  comparators.betweenOrLeftEqual,
  comparators.betweenOrRightEqual,
];

/** One rule of the `conditional_formatting` control. */
export interface ConditionalFormattingRule {
  column: string;
  operator: Comparator;
  targetValue?: number;
  targetValueLeft?: number;
  targetValueRight?: number;
  /** The target of a text operator, kept as saved (Superset compares it case-sensitively). */
  targetText?: string;
  colorScheme: string;
}

/** Superset 6 saves theme tokens for its three preset colours; older charts save hex colours. */
const themeColorTokens: Record<string, string> = {
  colorSuccess: brandColors.success,
  colorWarning: brandColors.warning,
  colorError: brandColors.error,
};

const minOpacityBounded = 0.05;
const minOpacityUnbounded = 0;
const maxOpacity = 1;

function readTarget(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** The operators a string column offers in the editor (Superset 6): equality, then the text operators. */
export const stringColumnComparators: readonly Comparator[] = [comparators.equal, comparators.notEqual, ...Object.values(textComparators)];

function isEqualityComparator(value: unknown): value is typeof comparators.equal | typeof comparators.notEqual {
  return value === comparators.equal || value === comparators.notEqual;
}

export function isTextComparator(value: unknown): value is TextComparator {
  return Object.values(textComparators).includes(value as TextComparator);
}

export function isComparator(value: unknown): value is Comparator {
  return Object.values(comparators).includes(value as NumericComparator) || isTextComparator(value);
}

/**
 * The complete rules of a `conditional_formatting` value: a column, an operator, the target (or both
 * ends of a range) and a colour. Incomplete rules are dropped, as Superset's `getColorFormatters` does.
 */
export function readConditionalFormatting(value: unknown): ConditionalFormattingRule[] {
  if (!Array.isArray(value)) return [];
  return (value as unknown[]).flatMap((item): ConditionalFormattingRule[] => {
    if (typeof item !== 'object' || item === null) return [];
    const record = item as Record<string, unknown>;
    const { column, operator, colorScheme } = record;
    if (typeof column !== 'string' || !isComparator(operator) || typeof colorScheme !== 'string' || colorScheme === '') return [];
    const rule: ConditionalFormattingRule = {
      column,
      operator,
      colorScheme: themeColorTokens[colorScheme] ?? colorScheme,
      targetValue: readTarget(record.targetValue),
      targetValueLeft: readTarget(record.targetValueLeft),
      targetValueRight: readTarget(record.targetValueRight),
    };
    if (operator === comparators.none) return [rule];
    if (isTextComparator(operator)) {
      const targetText = typeof record.targetValue === 'string' || typeof record.targetValue === 'number' ? String(record.targetValue) : undefined;
      return targetText === undefined ? [] : [{ ...rule, targetValue: undefined, targetText }];
    }
    // Superset 6 saves a string column's "=" and "≠" target as text: it matches string cells exactly.
    if (isEqualityComparator(operator) && typeof record.targetValue === 'string' && record.targetValue !== '') {
      return [{ ...rule, targetText: record.targetValue }];
    }
    if (rangeComparators.includes(operator)) return rule.targetValueLeft === undefined || rule.targetValueRight === undefined ? [] : [rule];
    return rule.targetValue === undefined ? [] : [rule];
  });
}

function round(value: number, precision: number): number {
  return Number(`${Math.round(Number(`${value}e+${precision}`))}e-${precision}`);
}

/** Superset's `getOpacity`: stronger the further the value is from the cutoff towards the extreme. */
export function formattingOpacity(value: number, cutoffValue: number, extremeValue: number, minOpacity: number): number {
  if (extremeValue === cutoffValue) return maxOpacity;
  return Math.min(maxOpacity, round(Math.abs(((maxOpacity - minOpacity) / (extremeValue - cutoffValue)) * (value - cutoffValue)) + minOpacity, 2));
}

/** Superset's `addAlpha` for hex colours; `rgb(...)` becomes `rgba(...)`; other colours stay opaque. */
export function colorWithAlpha(color: string, opacity: number): string {
  if (/^#[0-9a-f]{6}$/i.test(color)) return `${color}${`0${Math.round(opacity * 255).toString(16).toUpperCase()}`.slice(-2)}`;
  if (/^rgb\(/i.test(color)) return color.replace(/rgb/i, 'rgba').replace(/\)/, `,${opacity})`);
  return color;
}

interface Bounds {
  cutoffValue: number;
  extremeValue: number;
}

/** Superset's text comparators (and a text target's equality): only string cells can match, and a match is fully opaque. */
function matchesText(operator: TextComparator | typeof comparators.equal | typeof comparators.notEqual, value: CellValue | undefined, target: string): boolean {
  if (typeof value !== 'string') return false;
  switch (operator) {
    case comparators.equal:
      return value === target;
    case comparators.notEqual:
      return value !== target;
    case textComparators.beginsWith:
      return value.startsWith(target);
    case textComparators.endsWith:
      return value.endsWith(target);
    case textComparators.containing:
      return value.includes(target);
    case textComparators.notContaining:
      return !value.includes(target);
  }
}

function matchBounds(rule: ConditionalFormattingRule & { operator: NumericComparator }, value: number, minValue: number, maxValue: number): Bounds | null {
  const target = rule.targetValue ?? 0;
  const left = rule.targetValueLeft ?? 0;
  const right = rule.targetValueRight ?? 0;
  const range = { cutoffValue: left, extremeValue: right };
  switch (rule.operator) {
    case comparators.none:
      return { cutoffValue: minValue, extremeValue: maxValue };
    case comparators.greaterThan:
      return value > target ? { cutoffValue: target, extremeValue: maxValue } : null;
    case comparators.lessThan:
      return value < target ? { cutoffValue: target, extremeValue: minValue } : null;
    case comparators.greaterOrEqual:
      return value >= target ? { cutoffValue: target, extremeValue: maxValue } : null;
    case comparators.lessOrEqual:
      return value <= target ? { cutoffValue: target, extremeValue: minValue } : null;
    case comparators.equal:
      return value === target ? { cutoffValue: target, extremeValue: target } : null;
    case comparators.notEqual:
      if (value === target) return null;
      return { cutoffValue: target, extremeValue: Math.abs(target - minValue) > Math.abs(maxValue - target) ? minValue : maxValue };
    case comparators.between:
      return value > left && value < right ? range : null;
    case comparators.betweenOrEqual:
      return value >= left && value <= right ? range : null;
    case comparators.betweenOrLeftEqual:
      return value >= left && value < right ? range : null;
    case comparators.betweenOrRightEqual:
      return value > left && value <= right ? range : null;
  }
}

/** A column's cell colour: undefined when no rule matches. */
export type CellColorFunction = (value: CellValue | undefined) => string | undefined;

/**
 * Superset's `getColorFunction` for one rule over a column's values: a matching cell gets the rule's
 * colour with an opacity that grows from the cutoff towards the column's extreme ("None" shades
 * every value from the minimum to the maximum).
 */
export function ruleColorFunction(rule: ConditionalFormattingRule, columnValues: readonly CellValue[]): CellColorFunction {
  const { operator } = rule;
  if (isTextComparator(operator)) {
    const target = rule.targetText ?? '';
    return (cell) => (matchesText(operator, cell, target) ? colorWithAlpha(rule.colorScheme, maxOpacity) : undefined);
  }
  const { targetText } = rule;
  if (isEqualityComparator(operator) && targetText !== undefined) {
    // A text target: string cells compare as text; numbers compare with it when it is a number.
    const numericColor: CellColorFunction = rule.targetValue === undefined ? () => undefined : ruleColorFunction({ ...rule, targetText: undefined }, columnValues);
    return (cell) => {
      if (typeof cell !== 'string') return numericColor(cell);
      return matchesText(operator, cell, targetText) ? colorWithAlpha(rule.colorScheme, maxOpacity) : undefined;
    };
  }
  const numericRule = { ...rule, operator };
  const numbers = columnValues.flatMap((value) => {
    const number = cellNumber(value);
    return number === null ? [] : [number];
  });
  const minValue = numbers.reduce((least, number) => Math.min(least, number), Number.POSITIVE_INFINITY);
  const maxValue = numbers.reduce((most, number) => Math.max(most, number), Number.NEGATIVE_INFINITY);
  const minOpacity = rule.operator === comparators.none ? minOpacityUnbounded : minOpacityBounded;
  return (cell) => {
    const value = cellNumber(cell ?? null);
    if (value === null) return undefined;
    const bounds = matchBounds(numericRule, value, minValue, maxValue);
    if (bounds === null) return undefined;
    return colorWithAlpha(rule.colorScheme, formattingOpacity(value, bounds.cutoffValue, bounds.extremeValue, minOpacity));
  };
}

/** Each column's colour functions, in rule order: the last matching rule colours the cell. */
export function columnColorFunctions(
  rules: readonly ConditionalFormattingRule[],
  columns: readonly { name: string; values: readonly CellValue[] }[],
): Map<string, CellColorFunction[]> {
  const byColumn = new Map<string, CellColorFunction[]>();
  for (const rule of rules) {
    const column = columns.find((candidate) => candidate.name === rule.column);
    if (column === undefined) continue;
    byColumn.set(rule.column, [...(byColumn.get(rule.column) ?? []), ruleColorFunction(rule, column.values)]);
  }
  return byColumn;
}

/** The colour of a cell under its column's functions: the last one that matches wins. */
export function cellBackgroundColor(functions: readonly CellColorFunction[] | undefined, value: CellValue | undefined): string | undefined {
  let color: string | undefined;
  for (const colorOf of functions ?? []) color = colorOf(value) ?? color;
  return color;
}
