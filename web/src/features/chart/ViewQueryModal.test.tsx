import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { ViewQueryModal } from './ViewQueryModal';

const sql = 'SELECT gender, SUM(num) AS "SUM(num)"\nFROM birth_names\nGROUP BY gender';

describe('ViewQueryModal', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('shows the SQL and copies it with a toast', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderWithTheme(<ViewQueryModal sql={sql} onClose={() => undefined} />);

    expect(screen.getByRole('dialog', { name: 'View query' })).toBeTruthy();
    expect(screen.getByTestId(testIds.viewQuery.sql).textContent).toBe(sql);

    fireEvent.click(screen.getByTestId(testIds.viewQuery.copyButton));
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(sql);
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    renderWithTheme(<ViewQueryModal sql={sql} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });
});
