import { useCallback, useEffect, useMemo, useRef, useState, type JSX, type ReactNode } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { ToastContext, toastDurationsMs, type Toast, type ToastKind, type ToastOptions, type Toasts } from './toastContext';

/** Shows toasts in the bottom-right corner and removes each after its kind's duration. */
export function ToastProvider({ children }: { children: ReactNode }): JSX.Element {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pendingTimers = timers.current;
    return () => {
      pendingTimers.forEach(clearTimeout);
    };
  }, []);

  const addToast = useCallback((kind: ToastKind, text: string, options?: ToastOptions) => {
    const id = nextId.current;
    nextId.current += 1;
    const durationMs = options?.durationMs ?? toastDurationsMs[kind];
    setToasts((current) => [...current, { id, kind, text, durationMs }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((toast) => toast.id !== id));
    }, durationMs);
    timers.current.add(timer);
  }, []);

  const api = useMemo<Toasts>(() => ({ addToast }), [addToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastStack>
        {toasts.map((toast) => (
          <ToastItem
            key={toast.id}
            role={toast.kind === 'danger' ? 'alert' : 'status'}
            $kind={toast.kind}
            data-testid={testIds.toast.item}
            data-toast-id={toast.id}
            data-toast-type={toast.kind}
            data-toast-duration={toast.durationMs}
          >
            {toast.text}
          </ToastItem>
        ))}
      </ToastStack>
    </ToastContext.Provider>
  );
}

const ToastStack = styled.div`
  position: fixed;
  right: ${({ theme }) => theme.gridUnit * 6}px;
  bottom: ${({ theme }) => theme.gridUnit * 6}px;
  z-index: 1100;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const ToastItem = styled.div<{ $kind: ToastKind }>`
  min-width: 240px;
  padding: ${({ theme }) => `${theme.gridUnit * 3}px ${theme.gridUnit * 4}px`};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  border-left: 4px solid
    ${({ theme, $kind }) =>
      ({
        info: theme.colors.info.base,
        success: theme.colors.success.base,
        warning: theme.colors.warning.base,
        danger: theme.colors.error.base,
      })[$kind]};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.2);
`;
