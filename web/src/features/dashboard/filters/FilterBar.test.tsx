import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JSX } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FilterBarOrientation } from '@/api/generated/FilterBarOrientation';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { FilterBar, type FocusedFilter } from './FilterBar';
import type { DashboardFilters } from './useDashboardFilters';

vi.mock('@/wasm/nativeFilters', () => ({
  loadNativeFilterRules: () =>
    Promise.resolve({
      timeGrainChoices: () => [
        ['P1D', 'Day'],
        ['P1M', 'Month'],
      ],
      timeFilterExtraFormData: (_filterType: string, value: string | null) => (value === null ? {} : { time_grain_sqla: value }),
    }),
}));

const ids = testIds.dashboardFilters;
const divider = { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', name: '', title: 'When', description: 'Period and grain' } as unknown as NativeFilter;
const grainFilter: NativeFilter = {
  id: 'NATIVE_FILTER-grain',
  name: 'Grain',
  filterType: 'filter_timegrain',
  type: 'NATIVE_FILTER',
  targets: [{ datasetId: 1 }],
  controlValues: {},
  defaultDataMask: { extraFormData: {}, filterState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
};

function dashboardFilters(setPending: DashboardFilters['setPending']): DashboardFilters {
  return {
    filters: [grainFilter],
    applied: {},
    pending: {},
    hasPendingChanges: false,
    setPending,
    apply: vi.fn(),
    clearAll: vi.fn(),
    setCrossFilter: vi.fn(),
    resetFilters: vi.fn(),
    extraFormDataByChart: null,
    appliedFilterIdsByChart: new Map(),
    ownStateByChart: new Map(),
    setOwnState: vi.fn(),
    dataMask: {},
  };
}

function barElement(orientation: FilterBarOrientation, setPending = vi.fn(), onOrientationChange = vi.fn(), focusedFilter: FocusedFilter | null = null, onFocusedFilterBlur = vi.fn()): JSX.Element {
  return (
    <FilterBar
      dashboardFilters={dashboardFilters(setPending)}
      items={[divider, grainFilter]}
      idOrSlug="1"
      charts={[]}
      canEdit
      onEditFilters={vi.fn()}
      isCrossFilteringEnabled
      onCrossFilteringChange={vi.fn()}
      onOpenCrossFilterScoping={vi.fn()}
      orientation={orientation}
      onOrientationChange={onOrientationChange}
      focusedFilter={focusedFilter}
      onFocusedFilterBlur={onFocusedFilterBlur}
    />
  );
}

function renderBar(orientation: FilterBarOrientation, setPending = vi.fn(), onOrientationChange = vi.fn()): void {
  renderWithTheme(barElement(orientation, setPending, onOrientationChange));
}

describe('FilterBar', () => {
  it('shows dividers with their title and description, in order with the filters', () => {
    renderBar('VERTICAL');
    const bar = screen.getByTestId(ids.bar);
    expect(bar.getAttribute('data-orientation')).toBe('vertical');
    const shownDivider = within(bar).getByTestId(ids.divider);
    expect(shownDivider.textContent).toBe('WhenPeriod and grain');
    const filterControl = within(bar).getByTestId(ids.filterControl);
    expect(shownDivider.compareDocumentPosition(filterControl) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("offers the core's time grains and emits the chosen one as time_grain_sqla", async () => {
    const setPending = vi.fn();
    renderBar('VERTICAL', setPending);
    const grainSelect = screen.getByTestId<HTMLSelectElement>(ids.timeGrainSelect);
    await waitFor(() => expect([...grainSelect.options].map((option) => option.textContent)).toEqual(['Select…', 'Day', 'Month']));
    fireEvent.change(grainSelect, { target: { value: 'P1M' } });
    await waitFor(() =>
      expect(setPending).toHaveBeenCalledWith('NATIVE_FILTER-grain', {
        id: 'NATIVE_FILTER-grain',
        extraFormData: { time_grain_sqla: 'P1M' },
        filterState: { value: 'P1M' },
      }),
    );
  });

  it('lays out horizontally and switches orientation from the settings menu', () => {
    const onOrientationChange = vi.fn();
    renderBar('HORIZONTAL', vi.fn(), onOrientationChange);
    const bar = screen.getByTestId(ids.bar);
    expect(bar.getAttribute('data-orientation')).toBe('horizontal');
    expect(within(bar).queryByTestId(ids.collapseButton)).toBeNull();
    fireEvent.click(screen.getByTestId(ids.settingsButton));
    expect(screen.getByText('Orientation of filter bar')).not.toBeNull();
    expect(screen.getByTestId(ids.orientationHorizontal).getAttribute('data-selected')).toBe('true');
    expect(screen.getByTestId(ids.orientationVertical).textContent).toBe('Vertical (Left)');
    fireEvent.click(screen.getByTestId(ids.orientationVertical));
    expect(onOrientationChange).toHaveBeenCalledWith('VERTICAL');
  });

  it("opens and highlights the filter a chart's indicator asks for, focused, until it loses the focus", () => {
    const onFocusedFilterBlur = vi.fn();
    const { rerender } = renderWithTheme(barElement('VERTICAL', vi.fn(), vi.fn(), null, onFocusedFilterBlur));
    const control = (): HTMLElement => screen.getByTestId(ids.filterControl);
    expect(control().getAttribute('data-focused')).toBe('false');
    fireEvent.click(screen.getByTestId(ids.collapseButton));
    expect(screen.queryByTestId(ids.filterControl)).toBeNull();

    rerender(barElement('VERTICAL', vi.fn(), vi.fn(), { filterId: 'NATIVE_FILTER-grain' }, onFocusedFilterBlur));
    expect(screen.getByTestId(ids.bar).getAttribute('data-collapsed')).toBe('false');
    expect(control().getAttribute('data-focused')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId(ids.timeGrainSelect));
    expect(onFocusedFilterBlur).not.toHaveBeenCalled();

    fireEvent.focusOut(screen.getByTestId(ids.timeGrainSelect), { relatedTarget: screen.getByTestId(ids.applyButton) });
    expect(onFocusedFilterBlur).toHaveBeenCalledOnce();
  });
});
