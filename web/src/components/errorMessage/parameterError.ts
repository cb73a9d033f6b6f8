/**
 * 'Parameter error' (spec 001 section 8): a SQL Lab run or a chart query whose Jinja template
 * names an undefined or malformed parameter, with 'Did you mean' suggestions among the
 * parameters that were given.
 */
import type { JsonValue } from '@/api/generated/serde_json/JsonValue';
import { editDistance } from './editDistance';

export const parameterErrorTitle = 'Parameter error';
/** Superset's heading of the issue codes. */
export const parameterErrorTrigger = 'This may be triggered by:';
/** A given parameter this close (or closer) to an undefined one is suggested for it. */
export const maxSuggestionDistance = 2;

/** The names of the given template parameters (the keys of the object the server echoes). */
export function templateParameterNames(templateParameters: JsonValue | undefined): string[] {
  if (typeof templateParameters !== 'object' || templateParameters === null || Array.isArray(templateParameters)) return [];
  return Object.keys(templateParameters);
}

/**
 * One line per undefined parameter that has given parameters within the edit distance, in
 * Superset's words: `Did you mean: "state" instead of "stat"?`, or with several suggestions
 * `Did you mean: "a", "b" or "c" instead of "x"?`.
 */
export function parameterSuggestions(undefinedParameters: readonly string[], templateParameters: JsonValue | undefined): string[] {
  const names = templateParameterNames(templateParameters);
  const lines: string[] = [];
  for (const undefinedParameter of undefinedParameters) {
    const matches = names.filter((name) => editDistance(undefinedParameter, name) <= maxSuggestionDistance).map((name) => `"${name}"`);
    if (matches.length === 0) continue;
    const last = matches[matches.length - 1] ?? '';
    const suggestion = matches.length === 1 ? last : `${matches.slice(0, -1).join(', ')} or ${last}`;
    lines.push(`Did you mean: ${suggestion} instead of "${undefinedParameter}"?`);
  }
  return lines;
}
