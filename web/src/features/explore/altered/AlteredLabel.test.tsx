import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { AlteredLabel } from './AlteredLabel';

describe('AlteredLabel', () => {
  it('is absent when no control differs from the saved chart', () => {
    renderWithTheme(<AlteredLabel rows={[]} />);
    expect(screen.queryByTestId(testIds.exploreHeader.alteredLabel)).toBeNull();
  });

  it("shows 'Altered' and opens 'Chart changes' on click", () => {
    renderWithTheme(<AlteredLabel rows={[{ control: 'Row limit', before: '1000', after: '10' }]} />);
    const label = screen.getByTestId(testIds.exploreHeader.alteredLabel);
    expect(label.textContent).toContain('Altered');
    expect(label.getAttribute('title')).toBe('Click to see difference');
    expect(screen.queryByTestId(testIds.chartChanges.modal)).toBeNull();

    fireEvent.click(label);
    const modal = screen.getByTestId(testIds.chartChanges.modal);
    expect(within(modal).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Row limit', '1000', '10']);

    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId(testIds.chartChanges.modal)).toBeNull();
  });
});
