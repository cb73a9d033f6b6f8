/** Rison literals for the `q` of Superset-style calls. */

/** A rison string literal: always quoted, `!` and `'` escaped with `!`. */
export function risonString(value: string): string {
  return `'${value.replace(/!/g, '!!').replace(/'/g, "!'")}'`;
}
