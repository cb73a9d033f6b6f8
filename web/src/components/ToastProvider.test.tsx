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
