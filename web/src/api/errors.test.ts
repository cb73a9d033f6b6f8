import { describe, expect, it } from 'vitest';
import {
  ApiError,
  apiErrorFromResponse,
  errorMessage,
  isUnauthorized,
  messageFromErrorBody,
  networkError,
  sessionTimedOutMessage,
  statusText,
} from './errors';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('statusText', () => {
  it.each([
    [400, 'Bad request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not found'],
    [405, 'Method not allowed'],
    [408, 'Request timeout'],
    [409, 'Conflict'],
    [413, 'Payload too large'],
    [500, 'Server error'],
    [502, 'Bad gateway'],
    [503, 'Service unavailable'],
    [504, 'Gateway timeout'],
    [599, 'Network error'],
    [418, 'Unknown error'],
    [501, 'Unknown error'],
  ])('maps %i to "%s"', (status, expected) => {
    expect(statusText(status)).toBe(expected);
  });
});

describe('messageFromErrorBody', () => {
  it.each<[string, unknown, number, string]>([
    ['a string message', { message: 'Invalid login. Please try again.' }, 401, 'Invalid login. Please try again.'],
    ['the first field of an object message', { message: { slice_name: ['Length must be 250 or less.'], owners: ['x'] } }, 400, 'Length must be 250 or less.'],
    ['"Invalid input" for a field without messages', { message: { slice_name: [] } }, 400, 'Invalid input'],
    ['"Invalid input" for an empty object message', { message: {} }, 400, 'Invalid input'],
    ['the first typed error', { errors: [{ message: 'Column "nope" does not exist', error_type: 'COLUMN_DOES_NOT_EXIST_ERROR', level: 'error', extra: {} }] }, 400, 'Column "nope" does not exist'],
    ['the status text for an empty body', {}, 404, 'Not found'],
    ['the status text for a non-object body', null, 503, 'Service unavailable'],
    ['"Unknown error" for an unknown status without message', [], 418, 'Unknown error'],
    ['the session message for a CSRF complaint', { message: 'The CSRF token is missing.' }, 400, sessionTimedOutMessage],
    ["'Unexpected error: ' plus the description of an answer with a stack", { description: 'division by zero', stack: 'Traceback ...' }, 500, 'Unexpected error: division by zero'],
    [
      "'Unexpected error: ' plus the first typed error of an answer with a stack",
      { errors: [{ message: 'Engine crashed', error_type: 'GENERIC_BACKEND_ERROR', level: 'error', extra: {} }], message: 'ignored', stack: 'Traceback ...' },
      500,
      'Unexpected error: Engine crashed',
    ],
    ["Superset's placeholder for an answer with a stack and no description", { message: 'boom', stack: 'Traceback ...' }, 500, 'Unexpected error: (no description, click to see stack trace)'],
  ])('shows %s', (_case, body, status, expected) => {
    expect(messageFromErrorBody(body, status)).toBe(expected);
  });
});

describe('apiErrorFromResponse', () => {
  it('keeps the status, the typed errors and the first error type', async () => {
    const error = await apiErrorFromResponse(
      jsonResponse(400, { errors: [{ message: 'Syntax error near FROM', error_type: 'SYNTAX_ERROR', level: 'error', extra: {} }] }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Syntax error near FROM');
    expect(error.status).toBe(400);
    expect(error.errorType).toBe('SYNTAX_ERROR');
    expect(error.errors).toHaveLength(1);
    expect(error.isServerMessage).toBe(true);
  });

  it("keeps the stack of an answer that carries one, and none otherwise", async () => {
    const withStack = await apiErrorFromResponse(jsonResponse(500, { description: 'division by zero', stack: 'Traceback ...' }));
    expect(withStack.message).toBe('Unexpected error: division by zero');
    expect(withStack.serverStackTrace).toBe('Traceback ...');
    expect((await apiErrorFromResponse(jsonResponse(500, { message: 'boom' }))).serverStackTrace).toBeNull();
  });

  it('falls back to the status text when the body is not JSON', async () => {
    const error = await apiErrorFromResponse(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(error.message).toBe('Bad gateway');
    expect(error.errorType).toBeNull();
    expect(error.isServerMessage).toBe(false);
  });

  it('says whether a JSON body had a message', async () => {
    expect((await apiErrorFromResponse(jsonResponse(400, { message: 'per_page must be between 1 and 1000' }))).isServerMessage).toBe(true);
    const silent = await apiErrorFromResponse(jsonResponse(500, {}));
    expect(silent.message).toBe('Server error');
    expect(silent.isServerMessage).toBe(false);
  });
});

describe('networkError and errorMessage', () => {
  it('says "Network error" with no status', () => {
    const error = networkError();
    expect(error.message).toBe('Network error');
    expect(error.status).toBeNull();
    expect(error.errorType).toBe('FRONTEND_NETWORK_ERROR');
  });

  it.each<[unknown, string]>([
    [new ApiError('Forbidden', { status: 403 }), 'Forbidden'],
    [new Error('boom'), 'boom'],
    ['plain text', 'plain text'],
    [42, 'An error occurred'],
    [new Error(''), 'An error occurred'],
  ])('shows %o as "%s"', (thrown, expected) => {
    expect(errorMessage(thrown)).toBe(expected);
  });

  it('recognises a 401 only', () => {
    expect(isUnauthorized(new ApiError('Unauthorized', { status: 401 }))).toBe(true);
    expect(isUnauthorized(new ApiError('Forbidden', { status: 403 }))).toBe(false);
    expect(isUnauthorized(new Error('Unauthorized'))).toBe(false);
  });
});
