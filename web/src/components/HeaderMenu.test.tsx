import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { HeaderMenu } from './HeaderMenu';

function renderMenu(): void {
  renderWithTheme(
    <div>
      <p>outside</p>
      <HeaderMenu buttonContent="+ ▾" buttonAriaLabel="Add" buttonTestId="menu-button" menuLabel="Data" groupTitle="Data" menuTestId="menu">
        {(close) => (
          <button type="button" role="menuitem" onClick={close}>
            Upload CSV to database
          </button>
        )}
      </HeaderMenu>
    </div>,
  );
}

describe('HeaderMenu', () => {
  it('opens its titled group from the toggle and closes after a choice', () => {
    renderMenu();
    const toggle = screen.getByRole('button', { name: 'Add' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Data' });
    expect(menu.textContent).toBe('DataUpload CSV to database');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Upload CSV to database' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on a click outside and on a second click of the toggle', () => {
    renderMenu();
    const toggle = screen.getByTestId('menu-button');
    fireEvent.click(toggle);
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByTestId('menu')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByTestId('menu')).toBeTruthy();
    fireEvent.click(toggle);
    expect(screen.queryByTestId('menu')).toBeNull();
  });
});
