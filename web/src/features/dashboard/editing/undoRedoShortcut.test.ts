import { describe, expect, it } from 'vitest';
import { undoRedoShortcut } from './undoRedoShortcut';

const plain = { key: 'z', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target: null };

describe('undo and redo shortcuts', () => {
  it('maps Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (and Cmd)', () => {
    expect(undoRedoShortcut({ ...plain, ctrlKey: true })).toBe('undo');
    expect(undoRedoShortcut({ ...plain, metaKey: true })).toBe('undo');
    expect(undoRedoShortcut({ ...plain, key: 'Z', ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(undoRedoShortcut({ ...plain, key: 'y', ctrlKey: true })).toBe('redo');
  });

  it('ignores other keys, plain letters and text fields', () => {
    expect(undoRedoShortcut(plain)).toBeNull();
    expect(undoRedoShortcut({ ...plain, key: 'x', ctrlKey: true })).toBeNull();
    expect(undoRedoShortcut({ ...plain, ctrlKey: true, altKey: true })).toBeNull();
    const input = document.createElement('input');
    expect(undoRedoShortcut({ ...plain, ctrlKey: true, target: input })).toBeNull();
    expect(undoRedoShortcut({ ...plain, ctrlKey: true, target: document.createElement('div') })).toBe('undo');
  });
});
