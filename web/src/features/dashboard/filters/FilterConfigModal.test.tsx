import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { FilterConfigModal } from './FilterConfigModal';

vi.mock('@/wasm/nativeFilters', () => ({
  loadNativeFilterRules: () =>
    Promise.resolve({
      chartsInScope: () => [1],
      filterScopeRuntime: () => ({ chartsInScope: [1], tabsInScope: ['TAB-A'] }),
      selectExtraFormData: () => ({}),
      rangeExtraFormData: () => ({}),
      mergeExtraFormData: () => ({}),
    }),
}));

const ids = testIds.dashboardFilters;
const stateFilter: NativeFilter = {
  id: 'NATIVE_FILTER-state',
  name: 'State',
  filterType: 'filter_select',
  type: 'NATIVE_FILTER',
  targets: [{ datasetId: 1, column: { name: 'state' } }],
  controlValues: { enableEmptyFilter: false, multiSelect: true },
  defaultDataMask: { extraFormData: {}, filterState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
};
const charts = [{ id: 1, slice_name: 'Births by state', form_data: { datasource: '1__table' } }] as unknown as DashboardChart[];

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown>;
}

/** The server: datasets and column values answer empty lists; the filters save is refused. */
function stubServer(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    const method = init.method ?? 'GET';
    sent.push({ method, url, body: JSON.parse((init.body as string | undefined) ?? '{}') as Record<string, unknown> });
    if (method === 'PUT') {
      return Promise.resolve(Response.json({ message: 'You do not have permission to edit this dashboard' }, { status: 403 }));
    }
    return Promise.resolve(Response.json({ result: [] }));
  });
  return sent;
}

describe('FilterConfigModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it('when the save fails, shows the failure as a toast and keeps the modal and its drafts', async () => {
    const sent = stubServer();
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithTheme(
      <FilterConfigModal dashboardId={4} idOrSlug="4" filters={[stateFilter]} charts={charts} layout={{}} onClose={onClose} onSaved={onSaved} />,
    );
    fireEvent.change(screen.getByTestId(ids.nameInput), { target: { value: 'State of birth' } });
    fireEvent.click(screen.getByTestId(ids.saveButton));

    const toast = await screen.findByTestId(testIds.toast.item);
    expect(toast.textContent).toContain('You do not have permission to edit this dashboard');
    expect(screen.getByTestId(ids.configError).textContent).toBe('You do not have permission to edit this dashboard');
    // The modal stays, with the edited draft; nothing was reported saved or closed.
    expect(screen.getByTestId(ids.configModal)).not.toBeNull();
    expect(screen.getByTestId<HTMLInputElement>(ids.nameInput).value).toBe('State of birth');
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId(ids.saveButton).hasAttribute('disabled')).toBe(false));

    // The refused call carried the filter with its runtime scope fields.
    const save = sent.find((request) => request.method === 'PUT');
    expect(save?.url).toBe('/api/v1/dashboard/4/filters');
    const modified = (save?.body.modified ?? []) as NativeFilter[];
    expect(modified.map((filter) => [filter.name, filter.chartsInScope, filter.tabsInScope])).toEqual([['State of birth', [1], ['TAB-A']]]);
  });
});
