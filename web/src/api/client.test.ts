import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, forgetCsrfToken, getJson, postJson, preloadCsrfToken } from './client';
import { ApiError, timeoutError } from './errors';

interface RecordedCall {
  url: string;
  init: RequestInit;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api client', () => {
  let calls: RecordedCall[];

  beforeEach(() => {
    calls = [];
    forgetCsrfToken();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubFetch(answer: (url: string) => Response): void {
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(answer(url));
    });
  }

  it('sends the CSRF token on POST, fetched once per session', async () => {
    stubFetch((url) => (url === '/api/v1/security/csrf_token/' ? jsonResponse(200, { result: 'token-1' }) : jsonResponse(200, { result: 'ok' })));
    await postJson('/api/v1/chart/data', { queries: [] });
    await postJson('/api/v1/chart/data', { queries: [] });
    const tokenCalls = calls.filter((call) => call.url === '/api/v1/security/csrf_token/');
    const writeCalls = calls.filter((call) => call.url === '/api/v1/chart/data');
    expect(tokenCalls).toHaveLength(1);
    expect(writeCalls).toHaveLength(2);
    expect((writeCalls[0]?.init.headers as Record<string, string>)['X-CSRFToken']).toBe('token-1');
    expect(writeCalls[0]?.init.credentials).toBe('same-origin');
    expect(writeCalls[0]?.init.body).toBe('{"queries":[]}');
  });

  it('asks for the token ahead of the first write when preloaded, once; a failed preload is asked again', async () => {
    let isTokenServed = false;
    stubFetch((url) => {
      if (url !== '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 'ok' });
      return isTokenServed ? jsonResponse(200, { result: 'token-2' }) : jsonResponse(500, { message: 'down' });
    });
    preloadCsrfToken();
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/v1/security/csrf_token/']));

    // The failed answer is forgotten once read: the first write asks again.
    await new Promise((resolve) => setTimeout(resolve, 0));
    isTokenServed = true;
    await postJson('/api/v1/chart/data', { queries: [] });
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/security/csrf_token/', '/api/v1/security/csrf_token/', '/api/v1/chart/data']);
    calls = [];
    preloadCsrfToken();
    await postJson('/api/v1/chart/data', { queries: [] });
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/chart/data']);
    expect((calls[0]?.init.headers as Record<string, string>)['X-CSRFToken']).toBe('token-2');
  });

  it('sends no token and asks for none on GET', async () => {
    stubFetch(() => jsonResponse(200, { result: { id: 1 } }));
    await expect(getJson('/api/v1/me/')).resolves.toEqual({ result: { id: 1 } });
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/me/']);
  });

  it('posts without a token when there is no session yet', async () => {
    stubFetch((url) => (url === '/api/v1/security/csrf_token/' ? jsonResponse(401, { message: 'Unauthorized' }) : jsonResponse(200, { result: {} })));
    await postJson('/login/', { username: 'admin', password: 'admin' });
    const loginCall = calls.find((call) => call.url === '/login/');
    expect(loginCall?.init.headers).not.toHaveProperty('X-CSRFToken');
  });

  it('throws the spec message of an error answer', async () => {
    stubFetch(() => jsonResponse(401, { message: 'Invalid login. Please try again.' }));
    const failure = apiFetch('/api/v1/me/');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Invalid login. Please try again.' });
  });

  /** A fetch that never answers and rejects when aborted, as fetch does; tells whether it was aborted. */
  function stubHangingFetch(): { wasAborted: () => boolean } {
    let aborted = false;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
      });
    });
    return { wasAborted: () => aborted };
  }

  describe('timeout', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    it("aborts the request after timeoutMs and throws 'Request timed out' with the hints", async () => {
      const fetchState = stubHangingFetch();
      let settled = false;
      const failure = apiFetch('/api/v1/chart/data/abc', { timeoutMs: 60_000 }).finally(() => {
        settled = true;
      });
      const rejection = expect(failure).rejects.toBeInstanceOf(ApiError);

      await vi.advanceTimersByTimeAsync(59_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await rejection;

      expect(fetchState.wasAborted()).toBe(true);
      const error = (await failure.catch((caught: unknown) => caught)) as ApiError;
      expect(error.message).toBe('Request timed out');
      expect(error.status).toBeNull();
      expect(error.errorType).toBe('FRONTEND_TIMEOUT_ERROR');
      expect(error.errors).toEqual([
        {
          message: 'Request timed out',
          error_type: 'FRONTEND_TIMEOUT_ERROR',
          level: 'error',
          extra: {
            timeout: 60,
            issue_codes: [
              { code: 1000, message: 'Issue 1000 - The dataset is too large to query.' },
              { code: 1001, message: 'Issue 1001 - The database is under an unusual load.' },
            ],
          },
        },
      ]);
    });

    it("keeps a caller's abort an abort, not a timeout", async () => {
      stubHangingFetch();
      const controller = new AbortController();
      const failure = apiFetch('/api/v1/chart/data/abc', { timeoutMs: 60_000, signal: controller.signal });
      controller.abort();
      await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
    });

    it('stops timing once the answer has arrived', async () => {
      stubFetch(() => jsonResponse(200, { result: 'ok' }));
      const response = await apiFetch('/api/v1/me/', { timeoutMs: 1000 });
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(5000);
      await expect(response.json()).resolves.toEqual({ result: 'ok' });
    });

    it('reads the timeout in seconds from the milliseconds', () => {
      expect(timeoutError(30_000).errors[0]?.extra.timeout).toBe(30);
    });
  });

  it('turns a failed fetch into "Network error"', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(getJson('/api/v1/me/')).rejects.toMatchObject({ message: 'Network error', status: null });
  });
});
