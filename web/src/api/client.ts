import type { CsrfTokenResponse } from '@/api/generated/CsrfTokenResponse';
import { apiErrorFromResponse, networkError, timeoutError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Stop waiting for the answer after this many milliseconds (the request is aborted) and throw
   * 'Request timed out'. The time runs until the answer's status and headers arrive.
   */
  timeoutMs?: number;
}

const csrfTokenPath = '/api/v1/security/csrf_token/';
const csrfHeader = 'X-CSRFToken';

let csrfTokenRequest: Promise<string | null> | null = null;

/** The session changed (login, logout): the next write asks for a fresh CSRF token. */
export function forgetCsrfToken(): void {
  csrfTokenRequest = null;
}

async function requestCsrfToken(): Promise<string | null> {
  const response = await sendRequest(csrfTokenPath, { method: 'GET' });
  // Before login there is no session to protect: the write goes without a token.
  if (response.status === 401) return null;
  if (!response.ok) throw await apiErrorFromResponse(response);
  const answer = (await response.json()) as CsrfTokenResponse;
  return answer.result;
}

function csrfToken(): Promise<string | null> {
  csrfTokenRequest ??= requestCsrfToken().catch((error: unknown) => {
    csrfTokenRequest = null;
    throw error;
  });
  return csrfTokenRequest;
}

/**
 * Asks for the CSRF token now, so that the first write does not wait for it (a dashboard's chart
 * queries are POSTs: their first one waited for the token after the layout was drawn). A failure
 * is forgotten: the next write asks again.
 */
export function preloadCsrfToken(): void {
  csrfToken().catch(() => undefined);
}

async function sendRequest(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { credentials: 'same-origin', ...init });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
}

/** `sendRequest`, aborted after `timeoutMs` with a timeout error; the caller's signal still aborts it. */
async function sendRequestWithin(path: string, init: RequestInit, timeoutMs: number | undefined): Promise<Response> {
  if (timeoutMs === undefined) return sendRequest(path, init);
  const controller = new AbortController();
  const callerSignal = init.signal ?? undefined;
  // Kept after the answer: the caller's abort also stops reading its body.
  if (callerSignal?.aborted === true) controller.abort();
  else callerSignal?.addEventListener('abort', () => controller.abort(), { once: true });
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await sendRequest(path, { ...init, signal: controller.signal });
  } catch (error) {
    const hasTimedOut = controller.signal.aborted && callerSignal?.aborted !== true;
    if (hasTimedOut) throw timeoutError(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends a request to the Quiver server and returns the 2xx response. Writes carry the session's
 * CSRF token; a non-2xx answer throws an ApiError with the spec's message.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = await csrfToken();
    if (token !== null) headers[csrfHeader] = token;
  }
  const init: RequestInit = {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  };
  const response = await sendRequestWithin(path, init, options.timeoutMs);
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response;
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await apiFetch(path, { method: 'GET', signal });
  return (await response.json()) as T;
}

export async function postJson<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const response = await apiFetch(path, { method: 'POST', body, signal });
  return (await response.json()) as T;
}

export async function putJson<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const response = await apiFetch(path, { method: 'PUT', body, signal });
  return (await response.json()) as T;
}

/** Posts a multipart form (file uploads) with the session's CSRF token; answers the 2xx response. */
export async function postForm(path: string, form: FormData, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = await csrfToken();
  if (token !== null) headers[csrfHeader] = token;
  const response = await sendRequest(path, { method: 'POST', headers, body: form, signal });
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response;
}
