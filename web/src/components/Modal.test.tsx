import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { defaultModalWidthPx, minimumModalWidthPx, Modal, modalWidthPx } from './Modal';

/** The CSS declarations styled-components wrote for the element's classes (happy-dom computes no `min()`). */
function stylesOf(element: HTMLElement): string {
  const sheet = Array.from(document.querySelectorAll('style'), (style) => style.textContent).join('\n');
  return Array.from(element.classList, (name) => new RegExp(`\\.${name}\\{([^}]*)\\}`).exec(sheet)?.[1] ?? '').join('');
}

describe('Modal', () => {
  it('is 600 px wide by default, as wide as a dialog asks, and never under 380 px', () => {
    expect([defaultModalWidthPx, minimumModalWidthPx]).toEqual([600, 380]);
    expect(modalWidthPx(undefined)).toBe(600);
    expect(modalWidthPx(1000)).toBe(1000);
    expect(modalWidthPx(200)).toBe(380);
  });

  it('draws the dialog at that width, with the 380 px minimum', () => {
    renderWithTheme(
      <Modal title="Cell content" onClose={() => undefined}>
        text
      </Modal>,
    );
    const css = stylesOf(screen.getByRole('dialog', { name: 'Cell content' }));
    expect(css).toContain('width:min(600px, 92vw);');
    expect(css).toContain('min-width:min(380px, 92vw);');
  });

  it('closes with Escape and with its close button', () => {
    const onClose = vi.fn();
    renderWithTheme(
      <Modal title="Please confirm" onClose={onClose}>
        text
      </Modal>,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
