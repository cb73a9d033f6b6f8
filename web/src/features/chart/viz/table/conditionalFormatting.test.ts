import { describe, expect, it } from 'vitest';
import { brandColors } from '@/theme/tokens';
import {
  cellBackgroundColor,
  colorWithAlpha,
  columnColorFunctions,
  readConditionalFormatting,
  ruleColorFunction,
  type ConditionalFormattingRule,
} from './conditionalFormatting';

const values = [0, 25, 50, 75, 100, null];

function rule(fields: Partial<ConditionalFormattingRule>): ConditionalFormattingRule {
  return { column: 'n', operator: '>', colorScheme: '#ACE1C4', ...fields };
}

describe('readConditionalFormatting', () => {
  it('keeps complete rules, reads numeric strings and resolves theme colour tokens', () => {
    expect(
      readConditionalFormatting([
        { column: 'n', operator: '>', targetValue: '10', colorScheme: 'colorSuccess' },
        { column: 'n', operator: '< x <', targetValueLeft: 1, colorScheme: '#FDE380' },
        { column: 'n', operator: '>', colorScheme: '#FDE380' },
        { column: 'n', operator: 'None', colorScheme: '#EFA1AA' },
        { operator: '>', targetValue: 1, colorScheme: '#EFA1AA' },
        'junk',
      ]),
    ).toEqual([
      { column: 'n', operator: '>', targetValue: 10, targetValueLeft: undefined, targetValueRight: undefined, colorScheme: brandColors.success },
      { column: 'n', operator: 'None', targetValue: undefined, targetValueLeft: undefined, targetValueRight: undefined, colorScheme: '#EFA1AA' },
    ]);
    expect(readConditionalFormatting(undefined)).toEqual([]);
  });
});

describe('ruleColorFunction', () => {
  it('colours values past the target, more opaque towards the extreme', () => {
    const colorOf = ruleColorFunction(rule({ operator: '>', targetValue: 50 }), values);
    expect(colorOf(50)).toBeUndefined();
    expect(colorOf(75)).toBe(colorWithAlpha('#ACE1C4', 0.53));
    expect(colorOf(100)).toBe('#ACE1C4FF');
    expect(colorOf(null)).toBeUndefined();
  });

  it.each<[ConditionalFormattingRule['operator'], number[]]>([
    ['<', [0, 25]],
    ['≤', [0, 25, 50]],
    ['≥', [50, 75, 100]],
    ['=', [50]],
    ['≠', [0, 25, 75, 100]],
  ])('operator %s matches %j of 0..100 with target 50', (operator, matched) => {
    const colorOf = ruleColorFunction(rule({ operator, targetValue: 50 }), values);
    expect([0, 25, 50, 75, 100].filter((value) => colorOf(value) !== undefined)).toEqual(matched);
  });

  it.each<[ConditionalFormattingRule['operator'], number[]]>([
    ['< x <', [50]],
    ['≤ x ≤', [25, 50, 75]],
    ['≤ x <', [25, 50]],
    ['< x ≤', [50, 75]],
  ])('range operator %s matches %j of 0..100 between 25 and 75', (operator, matched) => {
    const colorOf = ruleColorFunction(rule({ operator, targetValueLeft: 25, targetValueRight: 75 }), values);
    expect([0, 25, 50, 75, 100].filter((value) => colorOf(value) !== undefined)).toEqual(matched);
  });

  it('shades every value from transparent at the minimum with None', () => {
    const colorOf = ruleColorFunction(rule({ operator: 'None' }), values);
    expect(colorOf(0)).toBe('#ACE1C400');
    expect(colorOf(50)).toBe(colorWithAlpha('#ACE1C4', 0.5));
    expect(colorOf(100)).toBe('#ACE1C4FF');
  });
});

describe('cellBackgroundColor', () => {
  it('takes the last matching rule of the column', () => {
    const functions = columnColorFunctions(
      [rule({ operator: '>', targetValue: 10, colorScheme: '#111111' }), rule({ operator: '>', targetValue: 60, colorScheme: '#222222' })],
      [{ name: 'n', values }],
    ).get('n');
    expect(cellBackgroundColor(functions, 50)?.slice(0, 7)).toBe('#111111');
    expect(cellBackgroundColor(functions, 100)?.slice(0, 7)).toBe('#222222');
    expect(cellBackgroundColor(functions, 5)).toBeUndefined();
  });
});

describe('text operators', () => {
  const names = ['Amy', 'Anna', 'Bob', 'Hanna', null, 42];

  it('reads a text rule with its target as saved and drops one without a target', () => {
    expect(
      readConditionalFormatting([
        { column: 'name', operator: 'begins with', targetValue: 'An', colorScheme: 'colorError' },
        { column: 'name', operator: 'containing', targetValue: 4, colorScheme: '#FDE380' },
        { column: 'name', operator: 'ends with', colorScheme: '#FDE380' },
      ]),
    ).toEqual([
      { column: 'name', operator: 'begins with', targetText: 'An', targetValue: undefined, targetValueLeft: undefined, targetValueRight: undefined, colorScheme: brandColors.error },
      { column: 'name', operator: 'containing', targetText: '4', targetValue: undefined, targetValueLeft: undefined, targetValueRight: undefined, colorScheme: '#FDE380' },
    ]);
  });

  it.each([
    ['begins with', 'An', ['Anna']],
    ['ends with', 'na', ['Anna', 'Hanna']],
    ['containing', 'nn', ['Anna', 'Hanna']],
    ['not containing', 'nn', ['Amy', 'Bob']],
  ] as const)('%s %s colours only the matching strings, fully opaque', (operator, targetText, matching) => {
    const colorOf = ruleColorFunction(rule({ column: 'name', operator, targetText }), names);
    const coloured = names.filter((name) => colorOf(name) !== undefined);
    expect(coloured).toEqual(matching);
    expect(colorOf(matching[0])).toBe('#ACE1C4FF');
  });

  it('is case-sensitive and never colours numbers or nulls', () => {
    const colorOf = ruleColorFunction(rule({ column: 'name', operator: 'containing', targetText: 'a' }), names);
    expect(colorOf('Amy')).toBeUndefined();
    expect(colorOf('Hanna')).toBe('#ACE1C4FF');
    expect(ruleColorFunction(rule({ column: 'name', operator: 'not containing', targetText: 'x' }), names)(42)).toBeUndefined();
    expect(ruleColorFunction(rule({ column: 'name', operator: 'not containing', targetText: 'x' }), names)(null)).toBeUndefined();
  });

  it('compares a string column with = and ≠ as text (Superset 6), exactly and case-sensitively', () => {
    const [equal, notEqual] = readConditionalFormatting([
      { column: 'name', operator: '=', targetValue: 'Anna', colorScheme: 'colorSuccess' },
      { column: 'name', operator: '≠', targetValue: 'Anna', colorScheme: 'colorError' },
    ]);
    expect(equal).toMatchObject({ operator: '=', targetText: 'Anna', targetValue: undefined });
    const equalColor = ruleColorFunction(equal as ConditionalFormattingRule, names);
    const notEqualColor = ruleColorFunction(notEqual as ConditionalFormattingRule, names);
    expect(names.filter((name) => equalColor(name) !== undefined)).toEqual(['Anna']);
    expect(names.filter((name) => notEqualColor(name) !== undefined)).toEqual(['Amy', 'Bob', 'Hanna']);
    expect(equalColor('anna')).toBeUndefined();
    expect(equalColor('Anna')).toBe(`${brandColors.success}FF`);
  });

  it('keeps comparing numbers with a numeric text target of = as numbers', () => {
    const [equal] = readConditionalFormatting([{ column: 'n', operator: '=', targetValue: '50', colorScheme: '#ACE1C4' }]);
    const colorOf = ruleColorFunction(equal as ConditionalFormattingRule, [...values, '50']);
    expect(colorOf(50)).toBe('#ACE1C4FF');
    expect(colorOf(25)).toBeUndefined();
    expect(colorOf('50')).toBe('#ACE1C4FF');
  });

  it('lets a later text rule win over an earlier one on the same column', () => {
    const functions = columnColorFunctions(
      [rule({ column: 'name', operator: 'containing', targetText: 'n', colorScheme: '#ACE1C4' }), rule({ column: 'name', operator: 'begins with', targetText: 'H', colorScheme: '#EFA1AA' })],
      [{ name: 'name', values: names }],
    ).get('name');
    expect(cellBackgroundColor(functions, 'Anna')).toBe('#ACE1C4FF');
    expect(cellBackgroundColor(functions, 'Hanna')).toBe('#EFA1AAFF');
    expect(cellBackgroundColor(functions, 'Bob')).toBeUndefined();
  });
});
