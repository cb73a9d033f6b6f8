import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { styledDeclarationsOf } from '@/testLayout';
import { Button } from './Button';
import { defaultModalWidthPx, minimumModalWidthPx, Modal, modalWidthPx, resizableModalMinimumHeight } from './Modal';


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
    const css = styledDeclarationsOf(screen.getByRole('dialog', { name: 'Cell content' }));
    expect(css).toContain('width:min(600px, 92vw);');
    expect(css).toContain('min-width:min(380px, 92vw);');
  });

  it('gives its content the height a dialog asks for, and none otherwise', () => {
    renderWithTheme(
      <>
        <Modal title="Tall" contentHeight={540} onClose={() => undefined}>
          text
        </Modal>
        <Modal title="Plain" onClose={() => undefined}>
          text
        </Modal>
      </>,
    );
    const [tall, plain] = screen.getAllByTestId(testIds.modal.body);
    expect(styledDeclarationsOf(tall as HTMLElement)).toContain('height:540px;');
    expect(styledDeclarationsOf(plain as HTMLElement)).not.toContain('height:');
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

  it('is neither draggable nor resizable unless asked', () => {
    renderWithTheme(
      <Modal title="Plain" onClose={() => undefined}>
        text
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Plain' });
    fireEvent.mouseDown(screen.getByTestId(testIds.modal.header), { button: 0, clientX: 100, clientY: 100 });
    fireEvent.mouseMove(window, { clientX: 160, clientY: 140 });
    fireEvent.mouseUp(window);
    expect(dialog.style.transform).toBe('');
    expect(screen.queryByTestId(testIds.modal.resizeHandle)).toBeNull();
  });

  it('moves with its title bar dragged, and stays where it was dropped', () => {
    renderWithTheme(
      <Modal title="View query" isDraggable onClose={() => undefined}>
        text
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'View query' });
    const header = screen.getByTestId(testIds.modal.header);
    fireEvent.mouseDown(header, { button: 0, clientX: 100, clientY: 100 });
    fireEvent.mouseMove(window, { clientX: 160, clientY: 140 });
    expect(dialog.style.transform).toBe('translate(60px, 40px)');
    fireEvent.mouseUp(window);
    fireEvent.mouseMove(window, { clientX: 500, clientY: 500 });
    expect(dialog.style.transform).toBe('translate(60px, 40px)');

    // A second drag starts from there.
    fireEvent.mouseDown(header, { button: 0, clientX: 10, clientY: 10 });
    fireEvent.mouseMove(window, { clientX: 0, clientY: 30 });
    fireEvent.mouseUp(window);
    expect(dialog.style.transform).toBe('translate(50px, 60px)');
  });

  it('does not drag from the close button', () => {
    const onClose = vi.fn();
    renderWithTheme(
      <Modal title="View query" isDraggable onClose={onClose}>
        text
      </Modal>,
    );
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Close' }), { button: 0, clientX: 100, clientY: 100 });
    fireEvent.mouseMove(window, { clientX: 160, clientY: 140 });
    expect(screen.getByRole('dialog').style.transform).toBe('');
  });

  it('minimum resizable heights are 109 px, 174 px with a footer', () => {
    expect([resizableModalMinimumHeight(false), resizableModalMinimumHeight(true)]).toEqual([109, 174]);
  });

  it('resizes by its corner, never under 380 px wide and 174 px high with a footer', () => {
    renderWithTheme(
      <Modal title="Results" isResizable footer={<Button>OK</Button>} onClose={() => undefined}>
        text
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Results' });
    const handle = screen.getByTestId(testIds.modal.resizeHandle);
    dialog.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 600, height: 300 });

    fireEvent.mouseDown(handle, { button: 0, clientX: 600, clientY: 300 });
    fireEvent.mouseMove(window, { clientX: 700, clientY: 450 });
    expect([dialog.style.width, dialog.style.height]).toEqual(['700px', '450px']);
    fireEvent.mouseMove(window, { clientX: 0, clientY: 0 });
    expect([dialog.style.width, dialog.style.height]).toEqual(['380px', '174px']);
    fireEvent.mouseUp(window);
  });

  it('resizes down to 109 px high without a footer', () => {
    renderWithTheme(
      <Modal title="Cell content" isResizable width={800} onClose={() => undefined}>
        text
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Cell content' });
    dialog.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 200 });
    fireEvent.mouseDown(screen.getByTestId(testIds.modal.resizeHandle), { button: 0, clientX: 800, clientY: 200 });
    fireEvent.mouseMove(window, { clientX: 820, clientY: 0 });
    fireEvent.mouseUp(window);
    expect([dialog.style.width, dialog.style.height]).toEqual(['820px', '109px']);
  });
});
