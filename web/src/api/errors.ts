import type { ErrorItem } from '@/api/generated/ErrorItem';
import type { ErrorType } from '@/api/generated/ErrorType';
import type { IssueCode } from '@/api/generated/IssueCode';

/** Spec 000 section 8: the status text map of generic request errors. */
const statusTexts: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  409: 'Conflict',
  413: 'Payload too large',
  500: 'Server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
  599: 'Network error',
};

export const unknownErrorMessage = 'Unknown error';
export const networkErrorMessage = 'Network error';
export const invalidInputMessage = 'Invalid input';
export const genericErrorMessage = 'An error occurred';
/** Spec 000 §8: the start of the message of an answer carrying a stack. */
export const unexpectedErrorPrefix = 'Unexpected error: ';
/** Superset's text when an answer with a stack has no description. */
export const noDescriptionText = '(no description, click to see stack trace)';
export const sessionTimedOutMessage = 'Your session timed out, please refresh your page and try again.';
/** Spec 000 §8: what a request that ran out of time says. */
export const requestTimedOutMessage = 'Request timed out';
/** Spec 000 §8: the hints of a timeout. */
export const timeoutIssueCodes: readonly IssueCode[] = [
  { code: 1000, message: 'Issue 1000 - The dataset is too large to query.' },
  { code: 1001, message: 'Issue 1001 - The database is under an unusual load.' },
];

export function statusText(status: number): string {
  return statusTexts[status] ?? unknownErrorMessage;
}

/** A failed call: the message to show, the HTTP status (null when the request never got an answer). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | null;
  readonly errorType: ErrorType | null;
  readonly errors: readonly ErrorItem[];
  /** The message is the server's (from the error body), not a status text or a client's text. */
  readonly isServerMessage: boolean;
  /** The stack trace the server's answer carried (`stack`), if any. */
  readonly serverStackTrace: string | null;

  constructor(
    message: string,
    options: {
      status: number | null;
      errorType?: ErrorType | null;
      errors?: readonly ErrorItem[];
      isServerMessage?: boolean;
      serverStackTrace?: string | null;
    },
  ) {
    super(message);
    this.status = options.status;
    this.errorType = options.errorType ?? null;
    this.errors = options.errors ?? [];
    this.isServerMessage = options.isServerMessage ?? false;
    this.serverStackTrace = options.serverStackTrace ?? null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isErrorItem(value: unknown): value is ErrorItem {
  return isRecord(value) && typeof value.message === 'string';
}

/** `{field: [messages]}` shows the first field's first message, else "Invalid input". */
function messageFromFieldErrors(fieldErrors: Record<string, unknown>): string {
  const firstFieldMessages = Object.values(fieldErrors)[0];
  const firstMessage: unknown = Array.isArray(firstFieldMessages) ? firstFieldMessages[0] : firstFieldMessages;
  return typeof firstMessage === 'string' && firstMessage !== '' ? firstMessage : invalidInputMessage;
}

function mentionsCsrf(message: string): boolean {
  return message.toLowerCase().includes('csrf');
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The message of an error body: one carrying a `stack` is 'Unexpected error: ' plus its
 * description (its `description`, else its first typed error's message); else
 * `{message: string | {field: [messages]}}` or `{errors: [{message, error_type, level, extra}]}`;
 * null when the body says nothing.
 */
function serverMessageFromErrorBody(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const firstError = Array.isArray(body.errors) ? body.errors.find(isErrorItem) : undefined;
  if (nonEmptyString(body.stack) !== null) {
    const description = nonEmptyString(body.description) ?? nonEmptyString(firstError?.message);
    return unexpectedErrorPrefix + (description ?? noDescriptionText);
  }
  const message = body.message;
  if (typeof message === 'string' && message !== '') {
    return mentionsCsrf(message) ? sessionTimedOutMessage : message;
  }
  if (isRecord(message)) return messageFromFieldErrors(message);
  if (firstError) return firstError.message;
  return null;
}

/** The message of an error body (see `serverMessageFromErrorBody`); the status text when the body says nothing. */
export function messageFromErrorBody(body: unknown, status: number): string {
  return serverMessageFromErrorBody(body) ?? statusText(status);
}

/** Builds the ApiError of a non-2xx answer, reading its JSON body when there is one. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const body = await readJsonBody(response);
  const errors = isRecord(body) && Array.isArray(body.errors) ? body.errors.filter(isErrorItem) : [];
  const serverMessage = serverMessageFromErrorBody(body);
  return new ApiError(serverMessage ?? statusText(response.status), {
    status: response.status,
    errorType: errors[0]?.error_type ?? null,
    errors,
    isServerMessage: serverMessage !== null,
    serverStackTrace: isRecord(body) ? nonEmptyString(body.stack) : null,
  });
}

async function readJsonBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

/** A fetch that failed before any answer (offline, refused, CORS). */
export function networkError(): ApiError {
  return new ApiError(networkErrorMessage, { status: null, errorType: 'FRONTEND_NETWORK_ERROR' });
}

/**
 * A request the client stopped waiting for after `timeoutMs`: 'Request timed out', typed
 * `FRONTEND_TIMEOUT_ERROR`, with the timeout in seconds and the hints (issue codes 1000 and 1001).
 */
export function timeoutError(timeoutMs: number): ApiError {
  const timeoutItem: ErrorItem = {
    message: requestTimedOutMessage,
    error_type: 'FRONTEND_TIMEOUT_ERROR',
    level: 'error',
    extra: { timeout: timeoutMs / 1000, issue_codes: [...timeoutIssueCodes] },
  };
  return new ApiError(requestTimedOutMessage, { status: null, errorType: 'FRONTEND_TIMEOUT_ERROR', errors: [timeoutItem] });
}

/** What to show for anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  if (typeof error === 'string' && error !== '') return error;
  return genericErrorMessage;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
