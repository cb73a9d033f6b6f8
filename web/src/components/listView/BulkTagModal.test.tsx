import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { BulkTagModal } from './BulkTagModal';

/** The tag list answers one tag; `POST /api/v1/tag/bulk_create` fails with the given status. */
function failingTagServer(status: number): { fetch: (path: string, init?: RequestInit) => Promise<Response>; posts: string[] } {
  const posts: string[] = [];
  const fetch = (path: string, init: RequestInit = {}): Promise<Response> => {
    if (path.endsWith('/csrf_token/')) return Promise.resolve(Response.json({ result: 'token' }));
    if (path === '/api/v1/tag/bulk_create') {
      posts.push(typeof init.body === 'string' ? init.body : '');
      return Promise.resolve(Response.json({ message: 'Fatal error' }, { status }));
    }
    return Promise.resolve(Response.json({ count: 1, ids: [1], result: [{ id: 1, name: 'finance', type: 'custom' }] }));
  };
  return { fetch, posts };
}

describe('BulkTagModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it.each([500, 403])("toasts 'Failed to tag items' as a danger toast when tagging fails (%s) and stays open", async (status) => {
    const server = failingTagServer(status);
    vi.stubGlobal('fetch', server.fetch);
    const onTagged = vi.fn();
    const onClose = vi.fn();
    renderWithTheme(<BulkTagModal resourceName="chart" selectedIds={[4, 5]} onClose={onClose} onTagged={onTagged} />);

    const modal = screen.getByTestId(testIds.tags.bulkModal);
    fireEvent.focus(within(modal).getByRole('combobox', { name: 'Select Tags' }));
    fireEvent.click(await within(modal).findByRole('option', { name: 'finance' }));
    fireEvent.click(within(modal).getByTestId(testIds.tags.bulkSave));

    const toast = await screen.findByText('Failed to tag items');
    expect(toast.getAttribute('data-testid')).toBe(testIds.toast.item);
    expect(toast.getAttribute('data-toast-type')).toBe('danger');
    expect(toast.getAttribute('role')).toBe('alert');
    expect(JSON.parse(server.posts[0] ?? '{}')).toEqual({ tags: [{ name: 'finance', objects_to_tag: [['chart', 4], ['chart', 5]] }] });
    expect(onTagged).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(modal).getByTestId<HTMLButtonElement>(testIds.tags.bulkSave).disabled).toBe(false);
  });
});
