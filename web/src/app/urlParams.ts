/** Values read from a page's URL query (`?datasource_id=3`, `?savedQueryId=7`, `?schema=main`). */

/** A positive whole number; null when absent or anything else. */
export function positiveIntegerParam(text: string | null): number | null {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value > 0 ? value : null;
}

/** The trimmed text; null when absent or blank. */
export function nonEmptyParam(text: string | null | undefined): string | null {
  return text === null || text === undefined || text.trim() === '' ? null : text.trim();
}
