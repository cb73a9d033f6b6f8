import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import type { AlteredRow } from '@/wasm/chartDiff';
import { ChartChangesModal } from './ChartChangesModal';

function shownRows(): string[][] {
  return screen.getAllByTestId(testIds.chartChanges.row).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
}

function manyRows(count: number): AlteredRow[] {
  return Array.from({ length: count }, (_, index) => ({ control: `control_${String(index + 1).padStart(2, '0')}`, before: `${index}`, after: `${index + 1}` }));
}

describe('ChartChangesModal', () => {
  it('shows each altered control with its value before and after', () => {
    const rows: AlteredRow[] = [
      { control: 'Metrics', before: 'SUM(num)', after: 'SUM(num), COUNT(*)' },
      { control: 'Row limit', before: 'N/A', after: '100' },
    ];
    renderWithTheme(<ChartChangesModal rows={rows} onClose={vi.fn()} />);
    const modal = screen.getByTestId(testIds.chartChanges.modal);
    expect(within(modal).getByRole('heading').textContent).toBe('Chart changes');
    expect(within(modal).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Control', 'Before', 'After']);
    expect(shownRows()).toEqual([
      ['Metrics', 'SUM(num)', 'SUM(num), COUNT(*)'],
      ['Row limit', 'N/A', '100'],
    ]);
    expect(screen.queryByTestId(testIds.chartChanges.pagination)).toBeNull();
  });

  it('fits 50 rows on one page', () => {
    renderWithTheme(<ChartChangesModal rows={manyRows(50)} onClose={vi.fn()} />);
    expect(shownRows()).toHaveLength(50);
    expect(screen.queryByTestId(testIds.chartChanges.pagination)).toBeNull();
  });

  it('pages 50 rows at a time', () => {
    renderWithTheme(<ChartChangesModal rows={manyRows(60)} onClose={vi.fn()} />);
    expect(shownRows()).toHaveLength(50);
    expect(shownRows()[0]).toEqual(['control_01', '0', '1']);
    expect(screen.getAllByTestId(testIds.pagination.page).map((page) => page.textContent)).toEqual(['1', '2']);
    expect(screen.getByTestId(testIds.chartChanges.rangeText).textContent).toBe('1-50 of 60');
    expect(screen.getByTestId<HTMLButtonElement>(testIds.chartChanges.previousPage).disabled).toBe(true);

    fireEvent.click(screen.getByTestId(testIds.chartChanges.nextPage));
    expect(shownRows()).toHaveLength(10);
    expect(shownRows()[0]).toEqual(['control_51', '50', '51']);
    expect(screen.getByTestId(testIds.chartChanges.rangeText).textContent).toBe('51-60 of 60');
    expect(screen.getByTestId<HTMLButtonElement>(testIds.chartChanges.nextPage).disabled).toBe(true);

    fireEvent.click(screen.getByTestId(testIds.chartChanges.previousPage));
    expect(shownRows()[0]).toEqual(['control_01', '0', '1']);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(shownRows()[0]).toEqual(['control_51', '50', '51']);
  });

  it('closes with the close button', () => {
    const onClose = vi.fn();
    renderWithTheme(<ChartChangesModal rows={manyRows(1)} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
