import { fireEvent, screen } from '@testing-library/react';
import type { JSX } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { useRowDelete, type DeleteFailureText } from './useRowDelete';

function Harness({ failureText }: { failureText: DeleteFailureText }): JSX.Element {
  const rowDelete = useRowDelete('dashboard', failureText);
  return (
    <>
      {rowDelete.deleteButton({ id: 7, title: 'Sales' })}
      {rowDelete.confirmModal}
    </>
  );
}

/** Answers the CSRF token and `DELETE /api/v1/dashboard/7` with `status` (and the server's message when it fails). */
function stubServer(status: number): string[] {
  const deletes: string[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    if (path.endsWith('/csrf_token/')) return Promise.resolve(Response.json({ result: 'token' }));
    if (init.method === 'DELETE') {
      deletes.push(path);
      return Promise.resolve(status === 200 ? Response.json({ message: 'OK' }) : Response.json({ message: 'Dashboard could not be deleted.' }, { status }));
    }
    return Promise.resolve(Response.json({ count: 0, ids: [], result: [] }));
  });
  return deletes;
}

async function deleteAfterTypingDelete(): Promise<string> {
  fireEvent.click(screen.getByTestId(testIds.listView.rowDelete));
  expect(screen.getByText('Are you sure you want to delete Sales?')).toBeTruthy();
  fireEvent.change(screen.getByTestId(testIds.listView.deleteInput), { target: { value: 'DELETE' } });
  fireEvent.click(screen.getByTestId(testIds.listView.deleteConfirm));
  return (await screen.findByTestId(testIds.toast.item)).textContent;
}

describe('useRowDelete', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('deletes the row after "DELETE" is typed and toasts "Deleted: {title}"', async () => {
    const deletes = stubServer(200);
    renderWithTheme(<Harness failureText="titleAndError" />);
    expect(await deleteAfterTypingDelete()).toBe('Deleted: Sales');
    expect(deletes).toEqual(['/api/v1/dashboard/7']);
    expect(screen.queryByTestId(testIds.listView.deleteModal)).toBeNull();
  });

  it('toasts "There was an issue deleting {title}: {error}" with the server\'s message', async () => {
    stubServer(422);
    renderWithTheme(<Harness failureText="titleAndError" />);
    expect(await deleteAfterTypingDelete()).toBe('There was an issue deleting Sales: Dashboard could not be deleted.');
  });

  it('toasts "There was an issue deleting: {title}" where only the title is named', async () => {
    stubServer(500);
    renderWithTheme(<Harness failureText="title" />);
    expect(await deleteAfterTypingDelete()).toBe('There was an issue deleting: Sales');
  });
});
