import { afterEach, describe, expect, it, vi } from 'vitest';
import { copiedMessage, copyFailedMessage, copyWithToast } from './copyWithToast';

describe('copyWithToast', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("copies the text and toasts 'Copied to clipboard!'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const addToast = vi.fn();
    await copyWithToast('SELECT 1', addToast);
    expect(writeText).toHaveBeenCalledWith('SELECT 1');
    expect(copiedMessage).toBe('Copied to clipboard!');
    expect(addToast).toHaveBeenCalledWith('success', 'Copied to clipboard!');
  });

  it("toasts Superset's text when the browser refuses both ways of copying", async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    // The textarea fallback: the browser answers that it did not copy.
    Object.defineProperty(document, 'execCommand', { configurable: true, value: vi.fn(() => false) });
    const addToast = vi.fn();
    await copyWithToast('SELECT 1', addToast);
    expect(copyFailedMessage).toBe('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!');
    expect(addToast).toHaveBeenCalledWith('danger', 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!');
    expect(document.querySelector('textarea')).toBeNull();
  });
});
