import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import type { VizTypeMeta } from '@/wasm/controlPanel';
import { readRecentVizTypes, recentVizTypesStorageKey } from './recentVizTypes';
import { VizTypeControl } from './VizTypeControl';

const vizTypes: VizTypeMeta[] = [
  { key: 'table', name: 'Table', category: 'Table', tags: ['Tabular'] },
  { key: 'pivot_table_v2', name: 'Pivot Table', category: 'Table', tags: ['Tabular'] },
  { key: 'echarts_timeseries_line', name: 'Line Chart', category: 'Evolution', tags: ['Line', 'Popular'] },
  { key: 'echarts_timeseries_bar', name: 'Bar Chart', category: 'Evolution', tags: ['Bar'] },
  { key: 'pie', name: 'Pie Chart', category: 'Part of a Whole', tags: ['Circular'] },
  { key: 'big_number_total', name: 'Big Number', category: 'KPI', tags: ['Report'] },
];

function cardNames(): string[] {
  return screen.getAllByTestId(testIds.vizGallery.card).map((card) => card.getAttribute('aria-label') ?? '');
}

function openGallery(onChoose = vi.fn<(vizType: string) => void>()): typeof onChoose {
  renderWithTheme(<VizTypeControl vizTypes={vizTypes} value="table" onChoose={onChoose} />);
  fireEvent.click(screen.getByTestId(testIds.explore.vizTypeGalleryButton));
  return onChoose;
}

describe('VizTypeGallery', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('shows every chart, and the search keeps the ones whose name or tags match', () => {
    openGallery();
    expect(cardNames()).toEqual(['Table', 'Pivot Table', 'Line Chart', 'Bar Chart', 'Pie Chart', 'Big Number']);

    fireEvent.change(screen.getByTestId(testIds.vizGallery.search), { target: { value: 'line' } });
    expect(cardNames()).toEqual(['Line Chart']);

    fireEvent.change(screen.getByTestId(testIds.vizGallery.search), { target: { value: 'tabular' } });
    expect(cardNames()).toEqual(['Table', 'Pivot Table']);

    fireEvent.change(screen.getByTestId(testIds.vizGallery.search), { target: { value: 'sankey' } });
    expect(screen.queryAllByTestId(testIds.vizGallery.card)).toHaveLength(0);
    expect(screen.getByText('No charts match your search')).toBeTruthy();
  });

  it('lists the core categories and filters the cards by the one chosen', () => {
    openGallery();
    const categories = screen.getAllByTestId(testIds.vizGallery.category).map((button) => button.textContent);
    expect(categories).toEqual(['All charts', 'Table', 'Evolution', 'Part of a Whole', 'KPI']);

    fireEvent.click(screen.getByRole('button', { name: 'Evolution' }));
    expect(cardNames()).toEqual(['Line Chart', 'Bar Chart']);
  });

  it('chooses a card with Select, records it as recently used, and closes', () => {
    const onChoose = openGallery();
    fireEvent.click(screen.getByRole('option', { name: 'Pie Chart' }));
    expect(onChoose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId(testIds.vizGallery.selectButton));

    expect(onChoose).toHaveBeenCalledWith('pie');
    expect(readRecentVizTypes()).toEqual(['pie']);
    expect(screen.queryByTestId(testIds.vizGallery.modal)).toBeNull();
  });

  it('chooses a card on double click', () => {
    const onChoose = openGallery();
    fireEvent.doubleClick(screen.getByRole('option', { name: 'Big Number' }));
    expect(onChoose).toHaveBeenCalledWith('big_number_total');
  });

  it('opens on "Recently used" when charts were chosen before, newest first', () => {
    window.localStorage.setItem(recentVizTypesStorageKey, JSON.stringify(['pie', 'echarts_timeseries_line']));
    openGallery();
    const recent = screen.getByRole('button', { name: 'Recently used' });
    expect(recent.getAttribute('aria-pressed')).toBe('true');
    expect(cardNames()).toEqual(['Pie Chart', 'Line Chart']);
    expect(within(screen.getByTestId(testIds.vizGallery.modal)).getByRole('option', { name: 'Pie Chart' })).toBeTruthy();
  });
});
