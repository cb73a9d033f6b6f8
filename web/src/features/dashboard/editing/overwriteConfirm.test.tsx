import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@/api/generated/Dashboard';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { overwriteConfirmation, overwriteItems } from './overwriteConfirm';
import { OverwriteConfirmModal } from './OverwriteConfirmModal';

const ids = testIds.dashboardEdit;
const scopes = { '12': { state: { scope: ['ROOT_ID'], immune: [3] } } };

function dashboard(fields: Partial<Dashboard>): Dashboard {
  return {
    id: 7,
    dashboard_title: 'Births',
    css: '',
    json_metadata: JSON.stringify({ filter_scopes: scopes, refresh_frequency: 0 }),
    changed_on: '2026-11-24T10:00:00.000000',
    changed_by: { id: 1, first_name: 'Ada', last_name: 'Admin' },
    ...fields,
  } as Dashboard;
}

describe('overwrite confirmation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists css and the metadata filter scopes when they differ', () => {
    const server = dashboard({ css: '.header { color: red; }' });
    const next = { css: '', json_metadata: JSON.stringify({ filter_scopes: {}, refresh_frequency: 60 }) };
    expect(overwriteItems(server, next)).toEqual([
      { keyPath: 'css', oldValue: '.header { color: red; }', newValue: '' },
      { keyPath: 'json_metadata.filter_scopes', oldValue: JSON.stringify(scopes, null, 2), newValue: '{}' },
    ]);
    // Other metadata keys (the refresh frequency here) are not inspected; equal fields are not listed.
    expect(overwriteItems(server, { css: server.css, json_metadata: next.json_metadata.replace('{}', JSON.stringify(scopes)) })).toEqual([]);
    // No metadata at all reads as no filter scopes.
    expect(overwriteItems(dashboard({ json_metadata: null }), { css: '', json_metadata: '{}' })).toEqual([]);
  });

  it('is asked only when the server copy changed since the page read it', async () => {
    const loaded = dashboard({});
    let onServer = dashboard({});
    const requested: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      requested.push(url);
      return Promise.resolve(Response.json({ result: onServer }));
    });
    const next = { css: '.mine {}', json_metadata: loaded.json_metadata };
    // Same changed_on: the user's own edits, no confirmation.
    expect(await overwriteConfirmation(loaded, next)).toBeNull();
    expect(requested).toEqual(['/api/v1/dashboard/7']);

    onServer = dashboard({ changed_on: '2026-11-24T11:30:00.000000', css: '.theirs {}', changed_by: { id: 2, first_name: 'Bob', last_name: 'Builder' } });
    expect(await overwriteConfirmation(loaded, next)).toEqual({
      updatedAt: '2026-11-24T11:30:00.000000',
      updatedBy: 'Bob Builder',
      items: [{ keyPath: 'css', oldValue: '.theirs {}', newValue: '.mine {}' }],
    });
    // Changed, but in no inspected field: no confirmation.
    onServer = dashboard({ changed_on: '2026-11-24T12:00:00.000000', dashboard_title: 'Renamed', css: '.mine {}' });
    expect(await overwriteConfirmation(loaded, next)).toBeNull();
  });

  it('shows each differing field with both values, and confirms or cancels', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const confirmation = {
      updatedAt: '2026-11-24T11:30:00.000000',
      updatedBy: 'Bob Builder',
      items: [
        { keyPath: 'css', oldValue: '.theirs {}', newValue: '.mine {}' },
        { keyPath: 'json_metadata.filter_scopes', oldValue: '{}', newValue: '{\n  "12": {}\n}' },
      ],
    };
    renderWithTheme(<OverwriteConfirmModal confirmation={confirmation} isSaving={false} onConfirm={onConfirm} onCancel={onCancel} />);
    const modal = screen.getByTestId(ids.overwriteConfirmModal);
    expect(within(modal).getByText('Confirm overwrite')).not.toBeNull();
    expect(within(modal).getByText('Are you sure you intend to overwrite the following values?')).not.toBeNull();
    const items = screen.getAllByTestId(ids.overwriteConfirmItem);
    expect(items.map((item) => item.getAttribute('data-key-path'))).toEqual(['css', 'json_metadata.filter_scopes']);
    const css = items[0] as HTMLElement;
    expect(within(css).getByText('Last Updated 2026-11-24T11:30:00.000000 by Bob Builder')).not.toBeNull();
    expect(within(css).getByText('new value')).not.toBeNull();
    expect(css.querySelector('[data-side="old"]')?.textContent).toBe('.theirs {}');
    expect(css.querySelector('[data-side="new"]')?.textContent).toBe('.mine {}');
    fireEvent.click(screen.getByTestId(ids.overwriteCancelButton));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId(ids.overwriteConfirmButton));
    expect(screen.getByTestId(ids.overwriteConfirmButton).textContent).toBe('Yes, overwrite changes');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
