import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { AlertModal } from './AlertModal';
import { alertCreatedMessage } from './api';

/** Answers the databases, and `POST /api/v1/report/` with a 422 carrying the server's field message. */
function failingCreateServer(): string[] {
  const sent: string[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push(`${method} ${new URL(path, 'http://quiver.test').pathname}`);
    const url = new URL(path, 'http://quiver.test');
    if (url.pathname === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    if (url.pathname === '/api/v1/database/' && method === 'GET') {
      return Promise.resolve(Response.json({ count: 1, ids: [1], result: [{ id: 1, database_name: 'examples' }] }));
    }
    if (url.pathname === '/api/v1/report/' && method === 'POST') {
      return Promise.resolve(Response.json({ message: { name: ['Name must be unique'] } }, { status: 422 }));
    }
    return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
  });
  return sent;
}

describe('AlertModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("says 'An error occurred while creating reports' with the server's message when the alert's create fails", async () => {
    const sent = failingCreateServer();
    const onClose = vi.fn();
    renderWithTheme(<AlertModal onClose={onClose} />);

    fireEvent.change(screen.getByTestId(testIds.reports.alertName), { target: { value: 'Late orders' } });
    const databaseSelect = screen.getByTestId<HTMLSelectElement>(testIds.reports.alertDatabase);
    await waitFor(() => expect(databaseSelect.options).toHaveLength(2));
    fireEvent.change(databaseSelect, { target: { value: '1' } });
    fireEvent.change(screen.getByTestId(testIds.reports.alertSql), { target: { value: 'SELECT 1' } });
    fireEvent.change(screen.getByTestId(testIds.reports.alertThreshold), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId(testIds.reports.alertRecipients), { target: { value: 'ops@quiver.test' } });
    const save = screen.getByTestId<HTMLButtonElement>(testIds.reports.alertSave);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    expect((await screen.findByTestId(testIds.reports.error)).textContent).toBe('An error occurred while creating reports: Name must be unique');
    expect(sent.filter((line) => line === 'POST /api/v1/report/')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText(alertCreatedMessage)).toBeNull();
    // The form stays as typed, for another try.
    expect(screen.getByTestId<HTMLInputElement>(testIds.reports.alertName).value).toBe('Late orders');
    expect(save.disabled).toBe(false);
  });
});
