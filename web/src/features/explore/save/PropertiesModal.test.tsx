import { fireEvent, screen, waitFor } from '@testing-library/react';
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
    const sent: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
      sent.push({ url, method: init.method ?? 'GET', body: JSON.parse(init.body as string) });
      return Promise.resolve(Response.json({ id: 7, result: { ...chart, slice_name: 'Renamed' } }));
    });
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
    expect(sent).toEqual([
      {
        url: '/api/v1/chart/7',
        method: 'PUT',
        body: { slice_name: 'Renamed', description: null, cache_timeout: null, certified_by: 'Data team', certification_details: null },
      },
    ]);
  });
});
