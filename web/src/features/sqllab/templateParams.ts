/**
 * A tab's Jinja template parameters (spec 002 section 7): a JSON object kept as text, edited in
 * the "Template parameters" modal and sent with each run as `templateParams`.
 */

/** Superset's help text of the modal. */
export const templateParamsHelp =
  'Assign a set of parameters as JSON below (example: {"my_table": "foo"}), and they become available in your SQL (example: SELECT * FROM {{ my_table }} ) by using Jinja templating syntax.';

export const templateParamsMessages = {
  invalidJson: 'Invalid JSON',
  notAnObject: 'The template parameters must be a JSON object',
} as const;

/** What the modal's text stands for: the text to keep (null when blank), or why it cannot be kept. */
export type TemplateParamsValidation = { isValid: true; value: string | null } | { isValid: false; error: string };

/** Checks the modal's text: blank clears the parameters, else it must be a JSON object. */
export function validateTemplateParams(text: string): TemplateParamsValidation {
  if (text.trim() === '') return { isValid: true, value: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { isValid: false, error: templateParamsMessages.invalidJson };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { isValid: false, error: templateParamsMessages.notAnObject };
  }
  return { isValid: true, value: text };
}

/** Template parameters as stored (a server tab, a saved query, a permalink): blank means none. */
export function storedTemplateParams(text: string | null | undefined): string | null {
  return text === null || text === undefined || text.trim() === '' ? null : text;
}
