import { act, renderHook, waitFor, type RenderHookResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext, type Toasts } from '@/components/toastContext';
import type { LayoutEditing, LayoutHistoryHandle } from '@/wasm/dashboardLayout';
import { savedMessage, undoSlotsUsedMessage, useDashboardEditor, type DashboardEditor } from './useDashboardEditor';

/** The core's limits (core-wasm/src/layout/history.rs): 50 undo slots, 52 states in all. */
const undoLimit = 50;
const historyLimit = undoLimit + 2;

/**
 * A stand-in for the core's `LayoutHistory` with its rules (past states capped at 51, the slots
 * used up at 50), so the hook's wiring is tested without loading Wasm in Node.
 */
class FakeLayoutHistory implements LayoutHistoryHandle {
  private past: unknown[] = [];
  private future: unknown[] = [];
  constructor(private current: unknown) {}
  push(layout: unknown): void {
    if (this.past.length + 1 >= historyLimit) this.past.shift();
    this.past.push(this.current);
    this.current = layout;
    this.future = [];
  }
  undo(): boolean {
    const previous = this.past.pop();
    if (previous === undefined) return false;
    this.future.push(this.current);
    this.current = previous;
    return true;
  }
  redo(): boolean {
    const next = this.future.pop();
    if (next === undefined) return false;
    this.past.push(this.current);
    this.current = next;
    return true;
  }
  present(): unknown {
    return this.current;
  }
  get undoLength(): number {
    return this.past.length;
  }
  get redoLength(): number {
    return this.future.length;
  }
  get isUndoHistoryExceeded(): boolean {
    return this.past.length >= undoLimit;
  }
  clear(): void {
    this.past = [];
    this.future = [];
  }
  free(): void {}
}

function layoutWithWidth(width: number): unknown {
  return {
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['CHART-1'] },
    'CHART-1': { type: 'CHART', id: 'CHART-1', children: [], meta: { chartId: 1, width, height: 50 } },
  };
}

const editing: LayoutEditing = {
  applyDrop: (layout) => ({ layout, changed: false, warnings: [] }),
  deleteComponent: (layout) => layout,
  resizeComponent: (_layout, _id, width) => layoutWithWidth(width ?? 4),
  createHistory: (layout) => new FakeLayoutHistory(layout),
  dropPosition: () => null,
  componentDepths: () => ({}),
};

vi.mock('@/wasm/dashboardLayout', () => ({ loadLayoutEditing: () => Promise.resolve(editing) }));

const apiFetch = vi.fn<(path: string, init?: unknown) => Promise<Response>>(() => Promise.resolve(Response.json({ id: 9 })));
vi.mock('@/api/client', () => ({ apiFetch: (path: string, init?: unknown) => apiFetch(path, init) }));
// CONFIRM_DASHBOARD_DIFF off, as by default: a save writes without re-reading the dashboard.
vi.mock('@/api/commonConf', () => ({ useConfirmDashboardDiff: () => false }));

const initialLayout = layoutWithWidth(4);

function renderEditor(addToast: Toasts['addToast']): RenderHookResult<DashboardEditor | null, unknown> {
  const wrapper = ({ children }: { children: ReactNode }): ReactNode => <ToastContext.Provider value={{ addToast }}>{children}</ToastContext.Provider>;
  return renderHook(() => useDashboardEditor(true, initialLayout, 9), { wrapper });
}

afterEach(() => {
  apiFetch.mockClear();
});

describe('useDashboardEditor undo history', () => {
  it('warns once, with the slot count, when all 50 undo slots are used, and keeps 51 undo steps', async () => {
    const addToast = vi.fn<Toasts['addToast']>();
    const { result } = renderEditor(addToast);
    await waitFor(() => expect(result.current).not.toBeNull());

    for (let width = 5; width < 5 + undoLimit - 1; width += 1) {
      act(() => result.current?.resizeComponent('CHART-1', width, null));
    }
    expect(addToast).not.toHaveBeenCalled();
    expect(result.current?.isUndoHistoryExceeded).toBe(false);
    act(() => result.current?.resizeComponent('CHART-1', 100, null));
    expect(result.current?.isUndoHistoryExceeded).toBe(true);
    const expected =
      'You have used all 50 undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.';
    expect(undoSlotsUsedMessage.replace('%(historyLength)s', '50')).toBe(expected);
    expect(addToast).toHaveBeenCalledExactlyOnceWith('warning', expected);

    for (let width = 101; width < 111; width += 1) {
      act(() => result.current?.resizeComponent('CHART-1', width, null));
    }
    expect(addToast).toHaveBeenCalledOnce();
    let undone = 0;
    while (result.current?.canUndo === true) {
      act(() => result.current?.undo());
      undone += 1;
    }
    expect(undone).toBe(historyLimit - 1);
    expect(result.current?.canRedo).toBe(true);
    // The flag stays on after undoing, until a save clears the history.
    expect(result.current?.isUndoHistoryExceeded).toBe(true);
    await act(async () => {
      await result.current?.save();
    });
    expect(result.current?.isUndoHistoryExceeded).toBe(false);
  });

  it('clears the undo and redo history when the save succeeds', async () => {
    const addToast = vi.fn<Toasts['addToast']>();
    const { result } = renderEditor(addToast);
    await waitFor(() => expect(result.current).not.toBeNull());
    act(() => result.current?.resizeComponent('CHART-1', 6, null));
    act(() => result.current?.resizeComponent('CHART-1', 8, null));
    act(() => result.current?.undo());
    expect([result.current?.canUndo, result.current?.canRedo]).toEqual([true, true]);

    let saved = false;
    await act(async () => {
      saved = (await result.current?.save()) ?? false;
    });
    expect(saved).toBe(true);
    expect(apiFetch).toHaveBeenCalledOnce();
    const [path, init] = apiFetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/v1/dashboard/9');
    const body = (init as { body: { position_json: string } }).body;
    const savedLayout = JSON.parse(body.position_json) as Record<string, { meta: { width: number } } | undefined>;
    expect(savedLayout['CHART-1']?.meta.width).toBe(6);
    expect(addToast).toHaveBeenCalledWith('success', savedMessage);
    expect([result.current?.canUndo, result.current?.canRedo]).toEqual([false, false]);
    expect(result.current?.layout['CHART-1']?.meta.width).toBe(6);
  });

  it('keeps the history when the save fails', async () => {
    const addToast = vi.fn<Toasts['addToast']>();
    const { result } = renderEditor(addToast);
    await waitFor(() => expect(result.current).not.toBeNull());
    act(() => result.current?.resizeComponent('CHART-1', 6, null));
    apiFetch.mockRejectedValueOnce(new Error('Network down'));
    await act(async () => {
      await result.current?.save();
    });
    expect(result.current?.canUndo).toBe(true);
    expect(addToast).toHaveBeenCalledWith('danger', expect.any(String));
  });
});

describe('useDashboardEditor unsaved changes flag', () => {
  it('is off when edit mode opens, on after a change (undo included), off again once saved', async () => {
    const { result } = renderEditor(vi.fn<Toasts['addToast']>());
    await waitFor(() => expect(result.current).not.toBeNull());
    expect(result.current?.hasUnsavedChanges).toBe(false);
    act(() => result.current?.resizeComponent('CHART-1', 6, null));
    expect(result.current?.hasUnsavedChanges).toBe(true);
    // As Superset: undoing back to the start still counts as a change.
    act(() => result.current?.undo());
    expect(result.current?.hasUnsavedChanges).toBe(true);
    act(() => result.current?.redo());
    await act(async () => {
      await result.current?.save();
    });
    expect(result.current?.hasUnsavedChanges).toBe(false);
  });

  it('stays on when the save fails, and saves the edited CSS with the layout', async () => {
    const { result } = renderEditor(vi.fn<Toasts['addToast']>());
    await waitFor(() => expect(result.current).not.toBeNull());
    act(() => result.current?.resizeComponent('CHART-1', 6, null));
    apiFetch.mockRejectedValueOnce(new Error('Network down'));
    await act(async () => {
      await result.current?.save({ css: 'h1 { color: red; }' });
    });
    expect(result.current?.hasUnsavedChanges).toBe(true);
    await act(async () => {
      await result.current?.save({ css: 'h1 { color: red; }' });
    });
    const body = (apiFetch.mock.calls.at(-1)?.[1] as { body: Record<string, unknown> }).body;
    expect(body.css).toBe('h1 { color: red; }');
    expect(Object.keys(body).sort()).toEqual(['css', 'position_json']);
    expect(result.current?.hasUnsavedChanges).toBe(false);
  });
});
