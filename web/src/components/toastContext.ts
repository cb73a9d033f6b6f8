import { createContext, useContext } from 'react';

export type ToastKind = 'info' | 'success' | 'warning' | 'danger';

/** Spec 002 section 9: how long each kind of toast stays. */
export const toastDurationsMs: Readonly<Record<ToastKind, number>> = {
  info: 4000,
  success: 4000,
  warning: 6000,
  danger: 8000,
};

/** Spec 002 section 3: a toast is an id, a type, a text and how long it stays. */
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  durationMs: number;
}

export interface ToastOptions {
  /** Overrides the kind's duration (Superset's `addToast(text, {duration})`). */
  durationMs?: number;
}

export interface Toasts {
  addToast: (kind: ToastKind, text: string, options?: ToastOptions) => void;
}

export const ToastContext = createContext<Toasts | null>(null);

export function useToasts(): Toasts {
  const toasts = useContext(ToastContext);
  if (toasts === null) throw new Error('useToasts needs a ToastProvider above it');
  return toasts;
}
