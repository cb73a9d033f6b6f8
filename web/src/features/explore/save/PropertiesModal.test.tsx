import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { Chart } from '@/api/generated/Chart';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { parseCacheTimeout, PropertiesModal } from './PropertiesModal';

const chart: Chart = {
  id: 7,
  uuid: 'u-7',
  slice_name: 'Births by gender',
  viz_type: 'table',
  params: '{}',
  query_context: null,
  description: 'Old text',
  cache_timeout: 60,
  certified_by: null,
  certification_details: null,
  datasource_id: 3,
  datasource_type: 'table',
  owners: [{ id: 1, first_name: 'Superset', last_name: 'Admin' }],
  dashboards: [],
  is_managed_externally: false,
  thumbnail_url: null,
  changed_on: '2026-11-23T07:00:00.000000',
  changed_on_delta_humanized: 'now',
  url: '/explore/?slice_id=7',
};

const relatedOwnersAnswer = {
  count: 2,
  result: [
    { value: 1, text: 'Superset Admin' },
    { value: 2, text: 'Gamma User' },
  ],
};

interface SentRequest {
  url: string;
  method: string;
  body: unknown;
}

/** A fake server: the CSRF token, `related/owners` and the chart PUT (answering the chart renamed). Records every call. */
function stubChartServer(): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    const method = init.method ?? 'GET';
    sent.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    if (method === 'GET' && url.startsWith('/api/v1/chart/related/owners')) return Promise.resolve(Response.json(relatedOwnersAnswer));
    return Promise.resolve(Response.json({ id: 7, result: { ...chart, slice_name: 'Renamed' } }));
  });
  return sent;
}

describe('PropertiesModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('reads the cache timeout as an integer or empty', () => {
    expect(parseCacheTimeout('')).toBeNull();
    expect(parseCacheTimeout(' 300 ')).toBe(300);
    expect(parseCacheTimeout('1.5')).toBe('invalid');
    expect(parseCacheTimeout('soon')).toBe('invalid');
  });

  it('puts the edited properties, clearing emptied ones', async () => {
    const sent = stubChartServer();
    const onSaved = vi.fn();
    renderWithTheme(<PropertiesModal chart={chart} onClose={() => undefined} onSaved={onSaved} />);

    fireEvent.change(screen.getByTestId(testIds.propertiesModal.name), { target: { value: 'Renamed' } });
    fireEvent.change(screen.getByTestId(testIds.propertiesModal.description), { target: { value: '' } });
    fireEvent.change(screen.getByTestId(testIds.propertiesModal.certifiedBy), { target: { value: 'Data team' } });
    fireEvent.change(screen.getByTestId(testIds.propertiesModal.cacheTimeout), { target: { value: '1.5' } });
    expect(screen.getByText('is expected to be an integer')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>(testIds.propertiesModal.saveButton).disabled).toBe(true);

    fireEvent.change(screen.getByTestId(testIds.propertiesModal.cacheTimeout), { target: { value: '' } });
    fireEvent.click(screen.getByTestId(testIds.propertiesModal.saveButton));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ slice_name: 'Renamed' })));
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([
      {
        url: '/api/v1/chart/7',
        method: 'PUT',
        body: { slice_name: 'Renamed', description: null, cache_timeout: null, certified_by: 'Data team', certification_details: null, owners: [1] },
      },
    ]);
  });

  it('shows the current owners, offers the users of related/owners and puts the chosen owner ids', async () => {
    const sent = stubChartServer();
    const onSaved = vi.fn();
    renderWithTheme(<PropertiesModal chart={chart} onClose={() => undefined} onSaved={onSaved} />);

    const ownersSelect = screen.getByTestId(testIds.propertiesModal.owners);
    expect(within(ownersSelect).getByRole('button', { name: 'Remove Superset Admin' })).toBeTruthy();
    await waitFor(() => expect(sent.some((request) => request.url.startsWith('/api/v1/chart/related/owners'))).toBe(true));
    const relatedCall = sent.find((request) => request.url.startsWith('/api/v1/chart/related/owners'));
    expect(decodeURIComponent(relatedCall?.url ?? '')).toBe("/api/v1/chart/related/owners?q=(filter:'',page:0,page_size:100)");

    fireEvent.focus(within(ownersSelect).getByRole('combobox', { name: 'Owners' }));
    fireEvent.click(await within(ownersSelect).findByRole('option', { name: 'Gamma User' }));
    fireEvent.click(within(ownersSelect).getByRole('button', { name: 'Remove Superset Admin' }));
    expect(within(ownersSelect).queryByRole('button', { name: 'Remove Superset Admin' })).toBeNull();
    expect(within(ownersSelect).getByRole('button', { name: 'Remove Gamma User' })).toBeTruthy();

    fireEvent.click(screen.getByTestId(testIds.propertiesModal.saveButton));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ owners: [2] });
  });

  it('searches the server for a typed text when the first answer is not the full list', async () => {
    const requested: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      requested.push(decodeURIComponent(url));
      const isSearch = decodeURIComponent(url).includes("filter:'gam'");
      const answer = isSearch ? { count: 1, result: [{ value: 9, text: 'Gamma Nine' }] } : { count: 250, result: relatedOwnersAnswer.result };
      return Promise.resolve(Response.json(answer));
    });
    renderWithTheme(<PropertiesModal chart={chart} onClose={() => undefined} onSaved={() => undefined} />);

    const combobox = screen.getByRole('combobox', { name: 'Owners' });
    await waitFor(() => expect(requested).toHaveLength(1));
    fireEvent.focus(combobox);
    fireEvent.change(combobox, { target: { value: 'gam' } });
    expect(await screen.findByRole('option', { name: 'Gamma Nine' })).toBeTruthy();
    expect(requested).toContain("/api/v1/chart/related/owners?q=(filter:'gam',page:0,page_size:100)");
    // The chosen owner stays listed; the first answer's other user is not among the search's.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Superset Admin✓', 'Gamma Nine']);
  });
});
