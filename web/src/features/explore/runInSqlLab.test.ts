import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormData } from '@/api/generated/FormData';
import type { ToastKind } from '@/components/toastContext';
import { loadSqlFailedMessage, noSqlQueryMessage, runChartInSqlLab } from './runInSqlLab';

vi.mock('@/wasm/core', () => ({
  buildQueryContext: vi.fn(() =>
    Promise.resolve({ datasource: { id: 3, type: 'table' }, force: false, queries: [{ annotation_layers: [] }], result_format: 'arrow', result_type: 'full' }),
  ),
}));

const formData = { datasource: '3__table', viz_type: 'table' } as FormData;

/** A fetch that answers the CSRF token, then hands chart-data posts to `answer`; returns the posted bodies. */
function stubServer(answer: () => Promise<Response>): unknown[] {
  const posted: unknown[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 't' }));
    posted.push(JSON.parse(init.body as string));
    return answer();
  });
  return posted;
}

function recorder(): { open: (link: string) => void; opened: string[]; addToast: (kind: ToastKind, text: string) => void; toasts: [ToastKind, string][] } {
  const opened: string[] = [];
  const toasts: [ToastKind, string][] = [];
  return { open: (link) => opened.push(link), opened, addToast: (kind, text) => toasts.push([kind, text]), toasts };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('runChartInSqlLab', () => {
  it("asks for the chart's SQL without running it and opens it in SQL Lab on the chart's datasource", async () => {
    const posted = stubServer(() => Promise.resolve(Response.json({ result: [{ query: 'SELECT gender FROM birth_names', language: 'sql' }] })));
    const { open, opened, addToast, toasts } = recorder();

    await runChartInSqlLab(formData, open, addToast);

    expect(posted).toEqual([expect.objectContaining({ result_format: 'json', result_type: 'query' })]);
    expect(opened).toEqual(['/sqllab/?datasourceKey=3__table&sql=SELECT+gender+FROM+birth_names']);
    expect(toasts).toEqual([]);
  });

  it("shows the danger toast 'An error occurred while loading the SQL' when the SQL cannot be loaded", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubServer(() => Promise.resolve(Response.json({ message: 'Datasource does not exist' }, { status: 404 })));
    const { open, opened, addToast, toasts } = recorder();

    await runChartInSqlLab(formData, open, addToast);

    expect(loadSqlFailedMessage).toBe('An error occurred while loading the SQL');
    expect(toasts).toEqual([['danger', 'An error occurred while loading the SQL']]);
    expect(opened).toEqual([]);
  });

  it('says no SQL query was found when the answer holds none', async () => {
    stubServer(() => Promise.resolve(Response.json({ result: [] })));
    const { open, opened, addToast, toasts } = recorder();

    await runChartInSqlLab(formData, open, addToast);

    expect(toasts).toEqual([['danger', noSqlQueryMessage]]);
    expect(opened).toEqual([]);
  });
});
