import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import type { CrossFilterScoping } from './crossFilterScoping';
import { CrossFilterScopingModal } from './CrossFilterScopingModal';

const ids = testIds.dashboardFilters;
const charts = [
  { id: 1, slice_name: 'Births by gender' },
  { id: 2, slice_name: 'Total births' },
  { id: 3, slice_name: 'Births by state' },
] as unknown as DashboardChart[];
const root = ['ROOT_ID'];
const everywhere: CrossFilterScoping = { global: { rootPath: root, excluded: [] }, custom: new Map() };

function scopeBox(chartId: number): HTMLInputElement {
  const box = screen.getAllByTestId(ids.scopingChart).find((element) => element.getAttribute('data-chart-id') === String(chartId));
  if (!(box instanceof HTMLInputElement)) throw new Error(`no scope checkbox for chart ${chartId}`);
  return box;
}

describe('cross-filter scoping modal', () => {
  it('opened from a chart, edits that chart\'s own scoping, starting from the global one', () => {
    const onSave = vi.fn();
    renderWithTheme(<CrossFilterScopingModal charts={charts} scoping={everywhere} initialChartId={2} isSaving={false} onSave={onSave} onClose={vi.fn()} />);
    const modal = screen.getByTestId(ids.scopingModal);
    expect(within(modal).getByText('Cross-filtering scoping')).not.toBeNull();
    const entries = screen.getAllByTestId(ids.scopingListItem);
    expect(entries.map((entry) => entry.textContent)).toEqual(['All charts/global scoping', 'Total births×']);
    expect(entries[1]?.getAttribute('aria-current')).toBe('true');
    // The chart itself is not offered; the others start in scope.
    expect(screen.getAllByTestId(ids.scopingChart).map((box) => box.getAttribute('data-chart-id'))).toEqual(['1', '3']);
    expect(scopeBox(1).checked).toBe(true);
    fireEvent.click(scopeBox(3));
    fireEvent.click(screen.getByTestId(ids.scopingSaveButton));
    expect(onSave).toHaveBeenCalledWith({ global: { rootPath: root, excluded: [] }, custom: new Map([[2, { rootPath: root, excluded: [2, 3] }]]) });
  });

  it('edits the global scoping, adds and removes custom scopings', () => {
    const onSave = vi.fn();
    const scoping: CrossFilterScoping = { global: { rootPath: root, excluded: [] }, custom: new Map([[1, { rootPath: root, excluded: [1, 2] }]]) };
    renderWithTheme(<CrossFilterScopingModal charts={charts} scoping={scoping} initialChartId={null} isSaving={false} onSave={onSave} onClose={vi.fn()} />);
    expect(screen.getAllByTestId(ids.scopingChart)).toHaveLength(3);
    fireEvent.click(scopeBox(2));
    // Chart 3 gets its own scoping from the global one (without itself); chart 1 goes back to global.
    fireEvent.change(screen.getByTestId(ids.scopingAddCustomSelect), { target: { value: '3' } });
    expect(screen.getAllByTestId(ids.scopingChart).map((box) => box.getAttribute('data-chart-id'))).toEqual(['1', '2']);
    expect(scopeBox(1).checked).toBe(true);
    expect(scopeBox(2).checked).toBe(false);
    fireEvent.click(screen.getAllByTestId(ids.scopingRemoveCustom)[0] as HTMLElement);
    fireEvent.click(screen.getByTestId(ids.scopingSaveButton));
    expect(onSave).toHaveBeenCalledWith({
      global: { rootPath: root, excluded: [2] },
      custom: new Map([[3, { rootPath: root, excluded: [2, 3] }]]),
    });
  });
});
