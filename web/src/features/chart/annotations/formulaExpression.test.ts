import { describe, expect, it } from 'vitest';
import { compileFormula, FormulaError, formulaProblem } from './formulaExpression';

function evaluate(text: string, x = 0): number {
  return compileFormula(text)(x);
}

describe('compileFormula', () => {
  it.each([
    // formula, x, y
    ['2 * x + 1', 3, 7],
    ['2x+5', 10, 25],
    ['3(x - 1)', 4, 9],
    ['(x)(x)', 5, 25],
    ['1 + 2 * 3', 0, 7],
    ['(1 + 2) * 3', 0, 9],
    ['10 / 4', 0, 2.5],
    ['2 ^ 3 ^ 2', 0, 512],
    ['-2 ^ 2', 0, -4],
    ['2 ^ -1', 0, 0.5],
    ['-x', 4, -4],
    ['+x', 4, 4],
    ['--x', 4, 4],
    ['7 % 3', 0, 1],
    ['-7 % 3', 0, 2],
    ['1.5e3 + .5', 0, 1500.5],
    ['x / 1e6', 2_000_000, 2],
    ['abs(x)', -3, 3],
    ['sqrt(16) + floor(2.7) + ceil(2.1) + round(2.5)', 0, 4 + 2 + 3 + 3],
    ['min(3, x, 7)', 1, 1],
    ['max(3, x, 7)', 9, 9],
    ['log(e)', 0, 1],
    ['log(8, 2)', 0, 3],
    ['log10(1000)', 0, 3],
    ['exp(0)', 0, 1],
    ['pow(2, 10)', 0, 1024],
    ['2 pi', 0, 2 * Math.PI],
    ['pi / 2 pi', 0, 0.5],
  ])('%s at x = %d is %d', (formula, x, y) => {
    expect(evaluate(formula, x)).toBeCloseTo(y, 10);
  });

  it('evaluates the trigonometric functions in radians', () => {
    expect(evaluate('sin(pi / 2)')).toBeCloseTo(1, 12);
    expect(evaluate('cos(0)')).toBe(1);
    expect(evaluate('tan(0)')).toBe(0);
  });

  it('gives NaN where the formula is undefined, not an error', () => {
    expect(evaluate('log(x)', -1)).toBeNaN();
    expect(evaluate('1 / x', 0)).toBe(Infinity);
  });

  it.each([
    ['', 'The formula is empty'],
    ['2 +', 'Unexpected the end of the formula'],
    ['(1 + 2', 'Expected ")" but found the end of the formula'],
    ['y + 1', 'Unknown name "y" at character 1'],
    ['constructor(1)', 'Unknown name "constructor" at character 1'],
    ['alert(1)', 'Unknown name "alert" at character 1'],
    ['x $ 2', 'Unexpected "$" at character 3'],
    ['sin x', '"sin" needs its arguments in parentheses'],
    ['sqrt(1, 2)', '"sqrt" takes 1 argument(s), not 2'],
    ['2 * * 3', 'Unexpected "*" at character 5'],
    ['1 2)', 'Unexpected ")" at character 4'],
  ])('refuses %j: %s', (formula, message) => {
    expect(() => compileFormula(formula)).toThrow(FormulaError);
    expect(formulaProblem(formula)).toBe(message);
  });

  it('says nothing about a formula that parses', () => {
    expect(formulaProblem('2x + 5')).toBeNull();
  });
});
