import type { ErrorItem } from '@/api/generated/ErrorItem';
import type { ErrorType } from '@/api/generated/ErrorType';

/** The text under each missing field (spec 001 section 5). */
export const requiredFieldMessage = 'This is a required field';

/** Errors of a catalog row, on its name, its URL, or both. */
export interface CatalogRowErrors {
  name?: string;
  url?: string;
}

/**
 * What the connection form shows after `validate_parameters` (Superset's
 * `useDatabaseValidation`): a message per field, per catalog row, and a description from the
 * issue codes of an error that names no field.
 */
export interface ParameterErrors {
  fields: Record<string, string>;
  catalog: Record<number, CatalogRowErrors>;
  description: string | null;
  errorType: ErrorType | null;
}

/** Errors that only count when the form is submitted: not while the fields are being typed. */
const submitOnlyErrorTypes: readonly ErrorType[] = ['CONNECTION_MISSING_PARAMETERS_ERROR', 'CONNECTION_ACCESS_DENIED_ERROR'];

export const noParameterErrors: ParameterErrors = { fields: {}, catalog: {}, description: null, errorType: null };

/**
 * The form's messages from the errors of `validate_parameters`. Missing parameters and access
 * denied are ignored unless `isSubmit` (the Connect button); a catalog error goes on its row; an
 * invalid field gets the error's message; a missing one 'This is a required field'; an error
 * that names nothing but has issue codes becomes the description.
 */
export function parameterErrorsOf(errors: readonly ErrorItem[], isSubmit: boolean): ParameterErrors {
  const result: ParameterErrors = { fields: {}, catalog: {}, description: null, errorType: null };
  for (const error of errors) {
    if (!isSubmit && submitOnlyErrorTypes.includes(error.error_type)) continue;
    const { extra, message } = error;
    if (extra.catalog !== undefined) {
      const row = extra.catalog;
      const isName = row.name === true;
      const isUrl = row.url === true;
      result.catalog[row.idx] = isName ? { name: message } : isUrl ? { url: message } : { name: message, url: message };
      result.errorType = error.error_type;
      continue;
    }
    const [invalidField] = extra.invalid ?? [];
    if (invalidField !== undefined) {
      result.fields[invalidField] = message;
      result.errorType = error.error_type;
      continue;
    }
    if (extra.missing !== undefined) {
      for (const field of extra.missing) result.fields[field] = requiredFieldMessage;
      result.errorType = error.error_type;
      continue;
    }
    const [firstIssue] = extra.issue_codes ?? [];
    if (firstIssue !== undefined) {
      result.description = message !== '' ? message : firstIssue.message;
      result.errorType = error.error_type;
    }
  }
  return result;
}

/** Whether the form may be submitted: no message at all. */
export function hasParameterErrors(errors: ParameterErrors): boolean {
  return Object.keys(errors.fields).length > 0 || Object.keys(errors.catalog).length > 0 || errors.description !== null;
}
