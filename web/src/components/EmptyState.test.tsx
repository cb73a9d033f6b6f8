import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { EmptyState, TableEmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows an image, the title, the description and the button', () => {
    let clicks = 0;
    renderWithTheme(<EmptyState title="No results match your filter criteria" description="Try different criteria to display results." action={{ label: 'clear all filters', onClick: () => (clicks += 1) }} />);
    const root = screen.getByTestId(testIds.emptyState.root);
    expect(root.querySelector('svg')).not.toBeNull();
    expect(screen.getByText('No results match your filter criteria').tagName).toBe('STRONG');
    expect(screen.getByText('Try different criteria to display results.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'clear all filters' }));
    expect(clicks).toBe(1);
  });

  it('has no button without an action', () => {
    renderWithTheme(<EmptyState title="No Data" />);
    expect(screen.getByTestId(testIds.emptyState.root).textContent).toBe('No Data');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says "No data" for an empty table', () => {
    renderWithTheme(<TableEmptyState />);
    expect(screen.getByTestId(testIds.emptyState.root).textContent).toBe('No data');
  });
});
