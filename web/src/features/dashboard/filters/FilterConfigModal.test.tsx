import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { FilterConfigModal } from './FilterConfigModal';

/** The core's cycle check: what it was asked, and the filters it reports in a cycle. */
const cascadeCheck = vi.hoisted(() => ({ asked: [] as Record<string, string[]>[], inCycle: [] as string[] }));

vi.mock('@/wasm/nativeFilters', () => ({
  loadNativeFilterRules: () =>
    Promise.resolve({
      chartsInScope: () => [1],
      filterScopeRuntime: () => ({ chartsInScope: [1], tabsInScope: ['TAB-A'] }),
      selectExtraFormData: () => ({}),
      rangeExtraFormData: () => ({}),
      mergeExtraFormData: () => ({}),
      filtersInCascadeCycle: (parentsByFilter: Record<string, string[]>) => {
        cascadeCheck.asked.push(parentsByFilter);
        return cascadeCheck.inCycle;
      },
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

/** The server: datasets and column values answer empty lists; the filters save is refused, or answers what it got. */
function stubServer({ isSaveRefused = true }: { isSaveRefused?: boolean } = {}): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v1/security/csrf_token/') return Promise.resolve(Response.json({ result: 'token' }));
    const method = init.method ?? 'GET';
    sent.push({ method, url, body: JSON.parse((init.body as string | undefined) ?? '{}') as Record<string, unknown> });
    if (method === 'PUT' && !isSaveRefused) return Promise.resolve(Response.json({ result: sent.at(-1)?.body.modified ?? [] }));
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
    cascadeCheck.asked = [];
    cascadeCheck.inCycle = [];
  });

  it('lets a value filter depend on another, and refuses a cycle the core reports', async () => {
    const sent = stubServer();
    const genderFilter: NativeFilter = { ...stateFilter, id: 'NATIVE_FILTER-gender', name: 'Gender', cascadeParentIds: ['NATIVE_FILTER-state'] };
    renderWithTheme(
      <FilterConfigModal dashboardId={4} idOrSlug="4" filters={[stateFilter, genderFilter]} charts={charts} layout={{}} onClose={vi.fn()} onSaved={vi.fn()} />,
    );
    // State is selected; making it depend on Gender (the only other value filter) closes a cycle.
    expect(screen.getByTestId<HTMLInputElement>(ids.dependentCheckbox).checked).toBe(false);
    expect(screen.getByText('Values are dependent on other filters')).not.toBeNull();
    cascadeCheck.inCycle = ['NATIVE_FILTER-gender', 'NATIVE_FILTER-state'];
    fireEvent.click(screen.getByTestId(ids.dependentCheckbox));
    const parentSelect = screen.getByTestId<HTMLSelectElement>(ids.parentFilterSelect);
    expect([...parentSelect.options].map((option) => option.textContent)).toEqual(['Gender']);
    expect((await screen.findByTestId(ids.cascadeError)).textContent).toBe('Cannot create cyclic hierarchy');
    expect(cascadeCheck.asked.at(-1)).toEqual({ 'NATIVE_FILTER-state': ['NATIVE_FILTER-gender'], 'NATIVE_FILTER-gender': ['NATIVE_FILTER-state'] });

    fireEvent.click(screen.getByTestId(ids.saveButton));
    expect((await screen.findByTestId(ids.configError)).textContent).toBe('Cannot create cyclic hierarchy');
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);

    // The refusal selects the first filter of the cycle, Gender; without its parent the save goes out.
    const selectedItem = screen.getAllByTestId(ids.configListItem).find((item) => item.getAttribute('aria-current') === 'true');
    expect(selectedItem?.getAttribute('data-filter-id')).toBe('NATIVE_FILTER-gender');
    cascadeCheck.inCycle = [];
    fireEvent.click(screen.getByTestId(ids.dependentCheckbox));
    await waitFor(() => expect(screen.queryByTestId(ids.cascadeError)).toBeNull());
    fireEvent.click(screen.getByTestId(ids.saveButton));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const modified = (sent.find((request) => request.method === 'PUT')?.body.modified ?? []) as NativeFilter[];
    expect(modified.map((filter) => [filter.name, filter.cascadeParentIds])).toEqual([
      ['State', ['NATIVE_FILTER-gender']],
      ['Gender', []],
    ]);
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

  it('adds a divider: a NATIVE_FILTER_DIVIDER- id with its title and description, kept in order with the filters', async () => {
    const sent = stubServer({ isSaveRefused: false });
    const onSaved = vi.fn();
    const existingDivider = { id: 'NATIVE_FILTER_DIVIDER-old', type: 'DIVIDER', title: 'Places', description: '' } as unknown as NativeFilter;
    renderWithTheme(
      <FilterConfigModal dashboardId={4} idOrSlug="4" filters={[existingDivider, stateFilter]} charts={charts} layout={{}} onClose={vi.fn()} onSaved={onSaved} />,
    );
    // The existing divider is listed under its title, before the filter, with the divider form.
    expect(screen.getAllByTestId(ids.configListItem).map((item) => item.textContent)).toEqual(['Places×', 'State×']);
    expect(screen.getByTestId<HTMLInputElement>(ids.dividerTitleInput).value).toBe('Places');

    fireEvent.click(screen.getByTestId(ids.addDividerButton));
    expect(screen.queryByTestId(ids.filterTypeSelect)).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>(ids.dividerTitleInput).value).toBe('');
    // Superset's rule: a divider needs a title.
    fireEvent.click(screen.getByTestId(ids.saveButton));
    expect((await screen.findByTestId(ids.configError)).textContent).toBe('Title is required');
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByTestId(ids.dividerTitleInput), { target: { value: ' When ' } });
    fireEvent.change(screen.getByTestId(ids.dividerDescriptionInput), { target: { value: 'Period and grain' } });
    expect(screen.getAllByTestId(ids.configListItem).map((item) => item.textContent)).toEqual(['Places×', 'State×', 'When×']);
    fireEvent.click(screen.getByTestId(ids.saveButton));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());

    const save = sent.find((request) => request.method === 'PUT');
    const modified = (save?.body.modified ?? []) as NativeFilter[];
    const added = modified[2];
    expect(added?.id).toMatch(/^NATIVE_FILTER_DIVIDER-[0-9a-f]{20}$/);
    expect([added?.type, added?.title, added?.description]).toEqual(['DIVIDER', 'When', 'Period and grain']);
    expect(save?.body.reordered).toEqual(['NATIVE_FILTER_DIVIDER-old', 'NATIVE_FILTER-state', added?.id]);
    // The filter's runtime scope is computed; dividers have none.
    expect(modified.map((item) => item.chartsInScope)).toEqual([undefined, [1], undefined]);
  });
});
