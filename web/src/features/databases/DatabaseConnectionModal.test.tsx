import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { DatabaseConnectionModal } from './DatabaseConnectionModal';

interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

describe('DatabaseConnectionModal', () => {
  let sent: SentRequest[] = [];

  beforeEach(() => {
    sent = [];
    vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
      if (path.endsWith('/csrf_token/')) return Promise.resolve(Response.json({ result: 'token' }));
      if (path === '/api/v1/database/' && method === 'POST') {
        return Promise.resolve(Response.json({ message: { database_name: ['A database with the same name already exists.'] } }, { status: 422 }));
      }
      return Promise.resolve(Response.json({ databases: [] }));
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says "An error occurred while creating databases" with the server message when connecting fails', async () => {
    let closed = 0;
    renderWithTheme(<DatabaseConnectionModal databaseId={null} onClose={() => (closed += 1)} />);
    fireEvent.click(screen.getByTestId(testIds.databaseModal.modeUri));
    fireEvent.change(screen.getByTestId(testIds.databaseModal.databaseName), { target: { value: 'warehouse' } });
    fireEvent.change(screen.getByTestId(testIds.databaseModal.uri), { target: { value: 'postgresql://u@h/db' } });
    fireEvent.click(screen.getByTestId(testIds.databaseModal.save));

    await waitFor(() =>
      expect(screen.getByTestId(testIds.databaseModal.saveError).textContent).toBe(
        'An error occurred while creating databases: A database with the same name already exists.',
      ),
    );
    const posted = sent.find((request) => request.method === 'POST' && request.path === '/api/v1/database/');
    expect(posted?.body).toMatchObject({ database_name: 'warehouse', sqlalchemy_uri: 'postgresql://u@h/db' });
    expect(closed).toBe(0);
  });
});
