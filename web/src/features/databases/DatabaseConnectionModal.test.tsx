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

describe('DatabaseConnectionModal catalog rows', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows catalog rows for a multi-catalog PostgreSQL form, sends them as a map and puts a row error on its row', async () => {
    const validated: unknown[] = [];
    vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
      if (path.endsWith('/csrf_token/')) return Promise.resolve(Response.json({ result: 'token' }));
      if (path === '/api/v1/database/validate_parameters/') {
        validated.push(typeof init.body === 'string' ? JSON.parse(init.body) : null);
        return Promise.resolve(
          Response.json(
            {
              message: 'Unable to connect to database "nope".',
              errors: [
                {
                  message: 'Unable to connect to database "nope".',
                  error_type: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
                  level: 'error',
                  extra: { catalog: { idx: 1, url: true }, issue_codes: [{ code: 1015, message: 'Issue 1015 - Either the database is spelled incorrectly or does not exist.' }] },
                },
              ],
            },
            { status: 422 },
          ),
        );
      }
      return Promise.resolve(Response.json({ databases: [] }));
    });
    renderWithTheme(<DatabaseConnectionModal databaseId={null} onClose={() => undefined} />);
    expect(screen.queryByTestId(testIds.databaseModal.catalogRows)).toBeNull();
    fireEvent.click(screen.getByTestId(testIds.databaseModal.allowMultiCatalog));
    const add = await screen.findByTestId(testIds.databaseModal.catalogAdd);
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.click(add);
    expect(screen.getAllByTestId(testIds.databaseModal.catalogRow)).toHaveLength(3);
    fireEvent.click(screen.getAllByTestId(testIds.databaseModal.catalogRemove)[2] as HTMLElement);
    const names = screen.getAllByTestId(testIds.databaseModal.catalogName);
    const values = screen.getAllByTestId(testIds.databaseModal.catalogValue);
    expect(names).toHaveLength(2);
    fireEvent.change(names[0] as HTMLElement, { target: { value: 'main' } });
    fireEvent.change(values[0] as HTMLElement, { target: { value: 'db_a' } });
    fireEvent.change(names[1] as HTMLElement, { target: { value: 'sales' } });
    fireEvent.change(values[1] as HTMLElement, { target: { value: 'nope' } });
    fireEvent.blur(values[1] as HTMLElement);

    const rows = screen.getAllByTestId(testIds.databaseModal.catalogRow);
    await waitFor(() => expect(rows[1]?.querySelector(`[data-testid="${testIds.databaseModal.catalogError}"]`)?.textContent).toBe('Unable to connect to database "nope".'));
    expect(rows[0]?.querySelector(`[data-testid="${testIds.databaseModal.catalogError}"]`)).toBeNull();
    expect(validated.at(-1)).toMatchObject({ engine: 'postgresql', allow_multi_catalog: true, parameters: { catalog: { main: 'db_a', sales: 'nope' } } });
  });
});
