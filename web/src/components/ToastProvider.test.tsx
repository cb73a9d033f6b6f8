import { act, screen } from '@testing-library/react';
import { useEffect, type JSX } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { toastDurationsMs, useToasts, type ToastKind } from './toastContext';

function ToastOnMount({ kind }: { kind: ToastKind }): JSX.Element {
  const { addToast } = useToasts();
  useEffect(() => addToast(kind, `A ${kind} toast`), [addToast, kind]);
  return <></>;
}

describe('toast durations', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<[ToastKind, number]>([
    ['info', 4000],
    ['success', 4000],
    ['warning', 6000],
    ['danger', 8000],
  ])('an %s toast stays %i ms', (kind, durationMs) => {
    expect(toastDurationsMs[kind]).toBe(durationMs);
    renderWithTheme(<ToastOnMount kind={kind} />);
    expect(screen.getByTestId(testIds.toast.item).textContent).toBe(`A ${kind} toast`);

    act(() => {
      vi.advanceTimersByTime(durationMs - 1);
    });
    expect(screen.queryByTestId(testIds.toast.item)).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId(testIds.toast.item)).toBeNull();
  });
});

function ToastsOnMount({ onMount }: { onMount: (toasts: ReturnType<typeof useToasts>) => void }): JSX.Element {
  const toasts = useToasts();
  useEffect(() => onMount(toasts), [toasts, onMount]);
  return <></>;
}

describe('the toast model', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives each toast an id, its type, its text and its duration', () => {
    const onMount = ({ addToast }: ReturnType<typeof useToasts>): void => {
      addToast('info', 'Loading charts');
      addToast('success', 'Copied to clipboard!');
      addToast('warning', 'This chart has been moved to a different filter scope.');
      addToast('danger', 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!');
    };
    renderWithTheme(<ToastsOnMount onMount={onMount} />);
    const toasts = screen.getAllByTestId(testIds.toast.item).map((item) => ({
      id: item.dataset.toastId,
      type: item.dataset.toastType,
      text: item.textContent,
      duration: item.dataset.toastDuration,
      role: item.getAttribute('role'),
    }));
    expect(toasts).toEqual([
      { id: '1', type: 'info', text: 'Loading charts', duration: '4000', role: 'status' },
      { id: '2', type: 'success', text: 'Copied to clipboard!', duration: '4000', role: 'status' },
      { id: '3', type: 'warning', text: 'This chart has been moved to a different filter scope.', duration: '6000', role: 'status' },
      { id: '4', type: 'danger', text: 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!', duration: '8000', role: 'alert' },
    ]);
  });

  it('keeps a toast for the duration asked instead of its type’s', () => {
    const onMount = ({ addToast }: ReturnType<typeof useToasts>): void => addToast('success', 'Saved', { durationMs: 1000 });
    renderWithTheme(<ToastsOnMount onMount={onMount} />);
    expect(screen.getByTestId(testIds.toast.item).dataset.toastDuration).toBe('1000');
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.queryByTestId(testIds.toast.item)).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId(testIds.toast.item)).toBeNull();
  });
});
