import { ApiError, errorMessage } from '@/api/errors';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import type { JsonValue } from '@/api/generated/serde_json/JsonValue';

/** The messages about one field or control, for the field-validation list. */
export interface FieldMessages {
  field: string;
  messages: readonly string[];
}

/**
 * What an error display shows, read from anything a request or a render threw:
 * - `typed`: the server's first typed error (`errors: [{message, error_type, level, extra}]`);
 * - `fieldValidation`: messages per field or control;
 * - `unexpected`: anything else, with its stack when it has one.
 */
export type ErrorDisplay =
  | { kind: 'typed'; error: ErrorItem }
  | { kind: 'fieldValidation'; message: string; fields: readonly FieldMessages[] }
  | { kind: 'unexpected'; message: string; stackTrace: string | null };

function isJsonObject(value: JsonValue | undefined): value is { [key in string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `{field: [messages]}` (or `{field: message}`, or nested objects as `outer.inner`) as a list, in
 * the server's order. Example: `{"row_limit": ["Not a valid integer."]}` gives one field.
 */
export function fieldMessagesOf(messages: JsonValue | undefined, prefix = ''): FieldMessages[] {
  if (!isJsonObject(messages)) return [];
  const fields: FieldMessages[] = [];
  for (const [name, value] of Object.entries(messages)) {
    const field = prefix === '' ? name : `${prefix}.${name}`;
    if (typeof value === 'string') {
      fields.push({ field, messages: [value] });
    } else if (Array.isArray(value)) {
      const texts = value.filter((message): message is string => typeof message === 'string');
      if (texts.length > 0) fields.push({ field, messages: texts });
    } else {
      fields.push(...fieldMessagesOf(value, field));
    }
  }
  return fields;
}

/** A typed error, or its field list when its `extra.messages` names fields. */
export function errorDisplayOfItem(error: ErrorItem): ErrorDisplay {
  const fields = fieldMessagesOf(error.extra.messages);
  if (fields.length > 0) return { kind: 'fieldValidation', message: error.message, fields };
  return { kind: 'typed', error };
}

/** What to show for anything thrown by a request (an `ApiError`) or by code (an `Error`). */
export function errorDisplayOf(error: unknown): ErrorDisplay {
  if (error instanceof ApiError) {
    const firstError = error.errors[0];
    if (firstError !== undefined) return errorDisplayOfItem(firstError);
    // Client-side kinds (a failed fetch) carry a type but no server item.
    if (error.errorType !== null) {
      return { kind: 'typed', error: { message: error.message, error_type: error.errorType, level: 'error', extra: {} } };
    }
    return { kind: 'unexpected', message: error.message, stackTrace: error.serverStackTrace };
  }
  if (error instanceof Error) return { kind: 'unexpected', message: errorMessage(error), stackTrace: error.stack ?? null };
  return { kind: 'unexpected', message: errorMessage(error), stackTrace: null };
}

/** A query result that failed: its typed errors when it has any, else its message. */
export function errorDisplayOfResult(message: string, errors: readonly ErrorItem[] | undefined, stackTrace: string | null = null): ErrorDisplay {
  const firstError = errors?.[0];
  if (firstError !== undefined) return errorDisplayOfItem(firstError);
  return { kind: 'unexpected', message, stackTrace };
}
