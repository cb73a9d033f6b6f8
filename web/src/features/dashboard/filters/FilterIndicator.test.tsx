import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { FilterIndicator } from './FilterIndicator';

const filters = [
  { id: 'NATIVE_FILTER-state', name: 'State' },
  { id: 'NATIVE_FILTER-gender', name: 'Gender' },
];

describe("a chart's filter indicator", () => {
  it('counts the filters applied to the chart; choosing one asks to focus it and closes the list', () => {
    const onFocusFilter = vi.fn();
    renderWithTheme(<FilterIndicator filters={filters} onFocusFilter={onFocusFilter} />);
    const badge = screen.getByTestId(testIds.dashboard.chartFilterIndicator);
    expect([badge.textContent, badge.getAttribute('aria-label')]).toEqual(['2', 'Applied filters (2)']);
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(badge);
    const list = screen.getByRole('menu', { name: 'Applied filters (2)' });
    const entries = screen.getAllByTestId(testIds.dashboard.chartFilterIndicatorItem);
    expect(entries.map((entry) => [entry.textContent, entry.getAttribute('data-filter-id')])).toEqual([
      ['State', 'NATIVE_FILTER-state'],
      ['Gender', 'NATIVE_FILTER-gender'],
    ]);
    expect(list.textContent).toContain('Applied filters (2)');

    fireEvent.click(entries[1] as HTMLElement);
    expect(onFocusFilter).toHaveBeenCalledExactlyOnceWith('NATIVE_FILTER-gender');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('draws nothing when no filter applies', () => {
    renderWithTheme(<FilterIndicator filters={[]} onFocusFilter={vi.fn()} />);
    expect(screen.queryByTestId(testIds.dashboard.chartFilterIndicator)).toBeNull();
  });
});
