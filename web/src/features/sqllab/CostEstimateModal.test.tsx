import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { CostEstimateModal, estimateColumns } from './CostEstimateModal';

interface Sent {
  url: string;
  body: Record<string, unknown>;
}

function stubServer(answer: Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    sent.push({ url, body: JSON.parse((init.body as string | undefined) ?? '{}') as Record<string, unknown> });
    return Promise.resolve(answer.clone());
  });
  return sent;
}

const payload = { database_id: 3, schema: 'public', sql: 'SELECT {{ n }}; SELECT 2', template_params: '{"n": 1}' };

describe('CostEstimateModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('lists each statement with the labels of every figure, in first-seen order', () => {
    expect(estimateColumns([{ 'Start-up cost': '0', 'Total cost': '1.05' }, { 'Estimated rows': '5', 'Total cost': '2' }])).toEqual([
      'Start-up cost',
      'Total cost',
      'Estimated rows',
    ]);
  });

  it('posts the tab payload and shows one row per statement', async () => {
    const sent = stubServer(Response.json({ result: [{ 'Start-up cost': '0', 'Total cost': '1.05' }, { 'Start-up cost': '0.25', 'Total cost': '12.50' }] }));
    renderWithTheme(<CostEstimateModal payload={payload} onClose={() => undefined} />);
    const table = await screen.findByTestId(testIds.sqlLab.estimateTable);
    expect(sent).toEqual([{ url: '/api/v1/sqllab/estimate/', body: payload }]);
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['StatementStart-up costTotal cost', '101.05', '20.2512.50']);
    expect(screen.getByRole('dialog', { name: 'Query cost estimate' })).toBeTruthy();
  });

  it("shows the server's message when the estimate fails", async () => {
    stubServer(Response.json({ message: 'The database lab does not support cost estimation.' }, { status: 400 }));
    renderWithTheme(<CostEstimateModal payload={payload} onClose={() => undefined} />);
    expect((await screen.findByTestId(testIds.sqlLab.estimateError)).textContent).toBe('The database lab does not support cost estimation.');
  });
});
