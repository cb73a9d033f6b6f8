import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExploreResponse } from '@/api/generated/ExploreResponse';
import { renderWithTheme } from '@/testRendering';
import { dashboardExploreContextKey, readDashboardExploreContext, storeDashboardExploreContext } from './dashboardExploreContext';
import { ExplorePage } from './ExplorePage';

const genderFilter = { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] };

/** A storage of its own, so that tests do not share entries. */
function memoryStorage(): Storage {
  const entries = new Map<string, string>();
  return {
    get length() {
      return entries.size;
    },
    clear: () => entries.clear(),
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => void entries.delete(key),
    setItem: (key, value) => void entries.set(key, value),
  };
}

describe('the dashboard context of Explore', () => {
  it("keeps each chart of a page, and a page's charts apart from another page's", () => {
    const storage = memoryStorage();
    storeDashboardExploreContext('page-a', 1, 7, { extra_form_data: genderFilter }, 1000, storage);
    storeDashboardExploreContext('page-a', 1, 8, { color_scheme: 'bnbColors' }, 2000, storage);
    storeDashboardExploreContext('page-b', 2, 7, {}, 3000, storage);
    expect(readDashboardExploreContext('page-a', 7, storage)).toEqual({ extra_form_data: genderFilter });
    expect(readDashboardExploreContext('page-a', 8, storage)).toEqual({ color_scheme: 'bnbColors' });
    expect(readDashboardExploreContext('page-b', 7, storage)).toEqual({});
    expect(readDashboardExploreContext('page-b', 8, storage)).toBeNull();
    expect(readDashboardExploreContext(null, 7, storage)).toBeNull();
    expect(readDashboardExploreContext('page-a', null, storage)).toBeNull();
  });

  it('drops pages older than a day and keeps the 20 newest', () => {
    const storage = memoryStorage();
    const day = 24 * 60 * 60 * 1000;
    storeDashboardExploreContext('old', 1, 7, { color_scheme: 'd3' }, 0, storage);
    for (let index = 0; index < 21; index += 1) {
      storeDashboardExploreContext(`page-${index}`, 1, 7, {}, day + index, storage);
    }
    const pages = Object.keys(JSON.parse(storage.getItem(dashboardExploreContextKey) ?? '{}') as object);
    expect(pages).toHaveLength(20);
    expect(pages).not.toContain('old');
    expect(pages).not.toContain('page-0');
    expect(pages).toContain('page-20');
  });

  it('reads nothing from a malformed entry', () => {
    const storage = memoryStorage();
    storage.setItem(dashboardExploreContextKey, 'not json');
    expect(readDashboardExploreContext('page-a', 7, storage)).toBeNull();
    storage.setItem(dashboardExploreContextKey, JSON.stringify({ 'page-a': { charts: { 7: {} } } }));
    expect(readDashboardExploreContext('page-a', 7, storage)).toBeNull();
  });
});

const exploreStateMock = vi.fn();
vi.mock('./api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return { ...original, useExploreState: () => exploreStateMock() as unknown };
});
vi.mock('./ExploreWorkspace', () => ({
  ExploreWorkspace: ({ explore }: { explore: ExploreResponse }) => <pre data-testid="form-data">{JSON.stringify(explore.form_data)}</pre>,
}));

describe('Explore opened from a dashboard', () => {
  afterEach(() => window.localStorage.clear());

  function openExplore(search: string): Record<string, unknown> {
    exploreStateMock.mockReturnValue({
      isPending: false,
      isError: false,
      data: { form_data: { datasource: '3__table', viz_type: 'big_number_total', slice_id: 7, color_scheme: 'd3' }, dataset: {}, slice: null },
    });
    renderWithTheme(
      <MemoryRouter initialEntries={[`/explore/${search}`]}>
        <Routes>
          <Route path="/explore/" element={<ExplorePage />} />
        </Routes>
      </MemoryRouter>,
    );
    return JSON.parse(screen.getByTestId('form-data').textContent) as Record<string, unknown>;
  }

  it("lays the dashboard's filters and colours over the chart", () => {
    storeDashboardExploreContext('page-a', 1, 7, { extra_form_data: genderFilter, color_scheme: 'bnbColors' });
    expect(openExplore('?slice_id=7&dashboard_page_id=page-a')).toEqual({
      datasource: '3__table',
      viz_type: 'big_number_total',
      slice_id: 7,
      color_scheme: 'bnbColors',
      extra_form_data: genderFilter,
    });
  });

  it('opens the chart as saved without the page id, or with an unknown one', () => {
    storeDashboardExploreContext('page-a', 1, 7, { extra_form_data: genderFilter });
    expect(openExplore('?slice_id=7')).not.toHaveProperty('extra_form_data');
  });

  it('opens the chart as saved with a page id nothing is stored under', () => {
    expect(openExplore('?slice_id=7&dashboard_page_id=page-z')).toEqual({ datasource: '3__table', viz_type: 'big_number_total', slice_id: 7, color_scheme: 'd3' });
  });
});
