import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { SavedQuery } from '@/api/generated/SavedQuery';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import type { QueryEditorTab } from './editorTabs';
import { saveQueryMessages, SaveQueryModal } from './SaveQueryModal';

const tab: QueryEditorTab = { id: 'a', name: 'Untitled Query 1', dbId: 1, schema: 'main', sql: 'SELECT 1', queryLimit: 100, remoteId: null, templateParams: null, autorun: false };

function savedQuery(changes: Partial<SavedQuery> = {}): SavedQuery {
  return {
    id: 5,
    uuid: 'u-5',
    label: 'Births',
    description: 'totals',
    sql: 'SELECT 1',
    db_id: 1,
    database: { id: 1, database_name: 'examples' },
    catalog: null,
    schema: 'main',
    template_parameters: null,
    extra_json: '{}',
    sql_tables: [],
    rows: null,
    last_run_delta_humanized: null,
    created_on: '2026-11-23T07:00:00.000000',
    changed_on: '2026-11-23T07:00:00.000000',
    changed_on_delta_humanized: 'now',
    created_by: null,
    changed_by: null,
    ...changes,
  };
}

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown>;
}

function stubServer(answer: (sent: Sent) => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    const request = { method: init.method ?? 'GET', url, body: JSON.parse((init.body as string | undefined) ?? '{}') as Record<string, unknown> };
    sent.push(request);
    return Promise.resolve(answer(request));
  });
  return sent;
}

describe('SaveQueryModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('saves a new query with its name, description, SQL and database', async () => {
    const sent = stubServer(() => Response.json({ id: 5, result: savedQuery() }, { status: 201 }));
    const onSaved = vi.fn();
    renderWithTheme(<SaveQueryModal tab={tab} databaseId={1} onClose={() => undefined} onSaved={onSaved} />);
    expect(screen.queryByTestId(testIds.sqlLab.updateQuerySubmit)).toBeNull();
    fireEvent.change(screen.getByTestId(testIds.sqlLab.saveQueryName), { target: { value: ' Births ' } });
    fireEvent.change(screen.getByTestId(testIds.sqlLab.saveQueryDescription), { target: { value: 'totals' } });
    fireEvent.click(screen.getByTestId(testIds.sqlLab.saveQuerySubmit));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 5 })));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/v1/saved_query/',
      body: { label: 'Births', description: 'totals', sql: 'SELECT 1', db_id: 1, schema: 'main' },
    });
    expect(await screen.findByText(saveQueryMessages.saved)).toBeTruthy();
  });

  it('saves the tab\'s template parameters with the query', async () => {
    const sent = stubServer(() => Response.json({ id: 5, result: savedQuery() }, { status: 201 }));
    const onSaved = vi.fn();
    renderWithTheme(<SaveQueryModal tab={{ ...tab, templateParams: '{"state": "CA"}' }} databaseId={1} onClose={() => undefined} onSaved={onSaved} />);
    fireEvent.click(screen.getByTestId(testIds.sqlLab.saveQuerySubmit));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]?.body).toMatchObject({ sql: 'SELECT 1', template_parameters: '{"state": "CA"}' });
  });

  it('updates the saved query a tab came from, and says so when that fails', async () => {
    const sent = stubServer((request) =>
      request.method === 'GET' ? Response.json({ id: 5, result: savedQuery() }) : Response.json({ message: 'Not found' }, { status: 404 }),
    );
    const onSaved = vi.fn();
    renderWithTheme(<SaveQueryModal tab={{ ...tab, remoteId: 5 }} databaseId={1} onClose={() => undefined} onSaved={onSaved} />);
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>(testIds.sqlLab.saveQueryDescription).value).toBe('totals'));
    expect(screen.getByTestId(testIds.sqlLab.saveQuerySubmit).textContent).toBe('Save as new');
    fireEvent.click(screen.getByTestId(testIds.sqlLab.updateQuerySubmit));
    expect(await screen.findByText(saveQueryMessages.updateFailed)).toBeTruthy();
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /api/v1/saved_query/5', 'PUT /api/v1/saved_query/5']);
    expect(sent[1]?.body).not.toHaveProperty('template_parameters');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("toasts 'Your query could not be saved' when the save is refused, and stays open", async () => {
    const sent = stubServer(() => Response.json({ message: 'Fatal error' }, { status: 500 }));
    const onSaved = vi.fn();
    renderWithTheme(<SaveQueryModal tab={tab} databaseId={1} onClose={() => undefined} onSaved={onSaved} />);
    fireEvent.click(screen.getByTestId(testIds.sqlLab.saveQuerySubmit));
    expect(await screen.findByText('Your query could not be saved')).toBeTruthy();
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/v1/saved_query/']);
    expect(onSaved).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId(testIds.sqlLab.saveQuerySubmit).hasAttribute('disabled')).toBe(false));
    expect(saveQueryMessages.updateFailed).toBe('Your query could not be updated');
  });
});
