import { Schema, Table, tableFromArrays, tableToIPC } from 'apache-arrow';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormDataInvalidError, runChartQuery } from './api';

const queryContext = {
  datasource: { id: 3, type: 'table' },
  force: false,
  queries: [],
  result_format: 'json',
  result_type: 'full',
};

vi.mock('@/wasm/core', () => ({
  validateFormData: vi.fn((formData: Record<string, unknown>) =>
    Promise.resolve(Array.isArray(formData.metrics) && formData.metrics.length === 0 && Array.isArray(formData.groupby) && formData.groupby.length === 0
      ? [{ control: 'metrics', message: 'Metrics: cannot be empty' }]
      : []),
  ),
  buildQueryContext: vi.fn(() => Promise.resolve(queryContext)),
}));

function arrowAnswer(): Response {
  const table = tableFromArrays({ gender: ['boy'] });
  const withMeta = new Table(new Schema(table.schema.fields, new Map([['quiver:result', JSON.stringify({ colnames: ['gender'], coltypes: [1], rowcount: 1, query: 'SELECT 1' })]])), table.batches);
  const stream = tableToIPC(withMeta, 'stream');
  const body = new Uint8Array(4 + stream.byteLength);
  new DataView(body.buffer).setUint32(0, stream.byteLength, true);
  body.set(stream, 4);
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/vnd.quiver.chart-data+arrow' } });
}

describe('runChartQuery', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the core query context as Arrow and decodes the answer', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 't' }));
      posted.push(JSON.parse(init.body as string));
      return Promise.resolve(arrowAnswer());
    });

    const [result] = await runChartQuery({ datasource: '3__table', viz_type: 'table', groupby: ['gender'], metrics: [] } as never);

    expect(posted).toEqual([{ ...queryContext, result_format: 'arrow' }]);
    expect(result?.meta.rowcount).toBe(1);
    expect(result?.table.getChild('gender')?.get(0)).toBe('boy');
  });

  it('refuses invalid form data without a request', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const run = runChartQuery({ datasource: '3__table', viz_type: 'table', groupby: [], metrics: [] } as never);
    await expect(run).rejects.toBeInstanceOf(FormDataInvalidError);
    await expect(run).rejects.toMatchObject({ controlErrors: [{ control: 'metrics', message: 'Metrics: cannot be empty' }] });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
