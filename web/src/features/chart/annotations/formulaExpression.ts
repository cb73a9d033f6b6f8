/**
 * Formula annotation layers draw y = f(x), where x is the x value (epoch milliseconds on a time
 * axis), as Superset evaluates them with mathjs. This is a small, safe subset of that language:
 * numbers, `x`, the constants `pi` and `e`, `+ - * / % ^`, parentheses, unary signs, implicit
 * multiplication (`2x + 5`, `3(x - 1)`) and a fixed set of Math functions. Nothing else can be
 * named, so a formula never reaches anything but these.
 *
 * Precedence, lowest first: `+ -`; `* / %`; implicit multiplication; unary `- +`; `^` (right
 * associative, so `-2^2` is -4 and `2^3^2` is 512, as in mathjs).
 */

/** A formula that does not parse: the message says where. */
export class FormulaError extends Error {
  override readonly name = 'FormulaError';
}

/** A compiled formula: y for an x; NaN where it is undefined (log of a negative number). */
export type Formula = (x: number) => number;

type Token =
  | { kind: 'number'; value: number; position: number }
  | { kind: 'name'; value: string; position: number }
  | { kind: 'operator'; value: string; position: number }
  | { kind: 'end'; position: number };

type Node = (x: number) => number;

const constants: Readonly<Record<string, number>> = { pi: Math.PI, PI: Math.PI, e: Math.E, E: Math.E };

/** Each function with the argument counts it takes. */
const functions: Readonly<Record<string, { arity: readonly number[]; apply: (...args: number[]) => number }>> = {
  sin: { arity: [1], apply: Math.sin },
  cos: { arity: [1], apply: Math.cos },
  tan: { arity: [1], apply: Math.tan },
  asin: { arity: [1], apply: Math.asin },
  acos: { arity: [1], apply: Math.acos },
  atan: { arity: [1], apply: Math.atan },
  atan2: { arity: [2], apply: Math.atan2 },
  sinh: { arity: [1], apply: Math.sinh },
  cosh: { arity: [1], apply: Math.cosh },
  tanh: { arity: [1], apply: Math.tanh },
  // mathjs: log(x) is natural, log(x, base) any base.
  log: { arity: [1, 2], apply: (value: number, base?: number) => (base === undefined ? Math.log(value) : Math.log(value) / Math.log(base)) },
  log10: { arity: [1], apply: Math.log10 },
  log2: { arity: [1], apply: Math.log2 },
  exp: { arity: [1], apply: Math.exp },
  sqrt: { arity: [1], apply: Math.sqrt },
  cbrt: { arity: [1], apply: Math.cbrt },
  abs: { arity: [1], apply: Math.abs },
  sign: { arity: [1], apply: Math.sign },
  floor: { arity: [1], apply: Math.floor },
  ceil: { arity: [1], apply: Math.ceil },
  round: { arity: [1], apply: Math.round },
  pow: { arity: [2], apply: Math.pow },
  mod: { arity: [2], apply: mathMod },
  min: { arity: [1, Infinity], apply: Math.min },
  max: { arity: [1, Infinity], apply: Math.max },
};

/** mathjs's `mod`: the result has the sign of the divisor (`-7 % 3` is 2). */
function mathMod(dividend: number, divisor: number): number {
  if (divisor === 0) return dividend;
  return dividend - divisor * Math.floor(dividend / divisor);
}

const numberPattern = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/;
const namePattern = /^[A-Za-z_][A-Za-z0-9_]*/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < text.length) {
    const rest = text.slice(position);
    const space = /^\s+/.exec(rest);
    if (space !== null) {
      position += space[0].length;
      continue;
    }
    const number = numberPattern.exec(rest);
    if (number !== null) {
      tokens.push({ kind: 'number', value: Number(number[0]), position });
      position += number[0].length;
      continue;
    }
    const name = namePattern.exec(rest);
    if (name !== null) {
      tokens.push({ kind: 'name', value: name[0], position });
      position += name[0].length;
      continue;
    }
    const character = rest.charAt(0);
    if ('+-*/%^(),'.includes(character)) {
      tokens.push({ kind: 'operator', value: character, position });
      position += 1;
      continue;
    }
    throw new FormulaError(`Unexpected "${character}" at character ${position + 1}`);
  }
  tokens.push({ kind: 'end', position });
  return tokens;
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parse(): Node {
    const node = this.additive();
    const next = this.peek();
    if (next.kind !== 'end') throw this.unexpected(next);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index] ?? { kind: 'end', position: 0 };
  }

  private take(): Token {
    const token = this.peek();
    this.index += 1;
    return token;
  }

  private isOperator(value: string): boolean {
    const token = this.peek();
    return token.kind === 'operator' && token.value === value;
  }

  private expect(value: string): void {
    const token = this.take();
    if (token.kind !== 'operator' || token.value !== value) throw this.unexpected(token, `"${value}"`);
  }

  private unexpected(token: Token, wanted?: string): FormulaError {
    const found = token.kind === 'end' ? 'the end of the formula' : `"${String(token.value)}" at character ${token.position + 1}`;
    return new FormulaError(wanted === undefined ? `Unexpected ${found}` : `Expected ${wanted} but found ${found}`);
  }

  private additive(): Node {
    let node = this.multiplicative();
    while (this.isOperator('+') || this.isOperator('-')) {
      const operator = this.take();
      const left = node;
      const right = this.multiplicative();
      node = operator.kind === 'operator' && operator.value === '+' ? (x) => left(x) + right(x) : (x) => left(x) - right(x);
    }
    return node;
  }

  private multiplicative(): Node {
    let node = this.implicitProduct();
    while (this.isOperator('*') || this.isOperator('/') || this.isOperator('%')) {
      const operator = this.take();
      const left = node;
      const right = this.implicitProduct();
      if (operator.kind === 'operator' && operator.value === '*') node = (x) => left(x) * right(x);
      else if (operator.kind === 'operator' && operator.value === '/') node = (x) => left(x) / right(x);
      else node = (x) => mathMod(left(x), right(x));
    }
    return node;
  }

  /** `2x`, `3(x + 1)`, `(x)(x)`, `2 pi`: a factor directly followed by a number, name or "(". */
  private implicitProduct(): Node {
    let node = this.unary();
    while (this.startsOperand()) {
      const left = node;
      const right = this.unary();
      node = (x) => left(x) * right(x);
    }
    return node;
  }

  private startsOperand(): boolean {
    const token = this.peek();
    return token.kind === 'number' || token.kind === 'name' || (token.kind === 'operator' && token.value === '(');
  }

  private unary(): Node {
    if (this.isOperator('-')) {
      this.take();
      const operand = this.unary();
      return (x) => -operand(x);
    }
    if (this.isOperator('+')) {
      this.take();
      return this.unary();
    }
    return this.power();
  }

  private power(): Node {
    const base = this.primary();
    if (!this.isOperator('^')) return base;
    this.take();
    // The exponent may carry its own sign: 2^-1.
    const exponent = this.unary();
    return (x) => Math.pow(base(x), exponent(x));
  }

  private primary(): Node {
    const token = this.take();
    if (token.kind === 'number') {
      const value = token.value;
      return () => value;
    }
    if (token.kind === 'operator' && token.value === '(') {
      const inner = this.additive();
      this.expect(')');
      return inner;
    }
    if (token.kind === 'name') return this.named(token.value, token.position);
    throw this.unexpected(token);
  }

  private named(name: string, position: number): Node {
    if (name === 'x') return (x) => x;
    // Own keys only: `constructor` or `toString` must not reach the object's prototype.
    const constant = Object.hasOwn(constants, name) ? constants[name] : undefined;
    if (constant !== undefined) return () => constant;
    const fn = Object.hasOwn(functions, name) ? functions[name] : undefined;
    if (fn === undefined) throw new FormulaError(`Unknown name "${name}" at character ${position + 1}`);
    if (!this.isOperator('(')) throw new FormulaError(`"${name}" needs its arguments in parentheses`);
    this.take();
    const args: Node[] = [];
    if (!this.isOperator(')')) {
      args.push(this.additive());
      while (this.isOperator(',')) {
        this.take();
        args.push(this.additive());
      }
    }
    this.expect(')');
    const fewest = fn.arity[0] ?? 1;
    const most = fn.arity[1] ?? fewest;
    if (args.length < fewest || args.length > most) {
      throw new FormulaError(`"${name}" takes ${fewest === most ? String(fewest) : 'a different number of'} argument(s), not ${args.length}`);
    }
    return (x) => fn.apply(...args.map((arg) => arg(x)));
  }
}

/** Parses a formula once; the result evaluates it for any x. Throws FormulaError. */
export function compileFormula(text: string): Formula {
  if (text.trim() === '') throw new FormulaError('The formula is empty');
  return new Parser(tokenize(text)).parse();
}

/** Null when the formula parses, otherwise why not (for the annotation layer form). */
export function formulaProblem(text: string): string | null {
  try {
    compileFormula(text);
    return null;
  } catch (error) {
    return error instanceof FormulaError ? error.message : String(error);
  }
}
