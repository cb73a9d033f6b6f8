import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

/** Superset's text when edit mode or the page is left with unsaved changes (its `beforeunload` message). */
export const unsavedChangesMessage = 'You have unsaved changes.';

/** What the page asks to confirm: leaving edit mode ("Discard"), or leaving the page for another in the app. */
export type PendingLeave = 'discard' | 'navigation';

export interface UnsavedChangesGuard {
  /** The leave waiting for a confirmation; null when none. */
  pendingLeave: PendingLeave | null;
  /** Discards the edits at once without unsaved changes, else asks first. */
  requestDiscard: () => void;
  /** The user confirmed: the discard or the navigation goes on. */
  confirmLeave: () => void;
  /** The user stays: nothing is left. */
  cancelLeave: () => void;
  /** Stops guarding until the next render (a save that navigates afterwards). */
  release: () => void;
}

/**
 * Guards the edits of a dashboard in edit mode: with unsaved changes, closing or reloading the tab
 * triggers the browser's `beforeunload` prompt, and leaving edit mode or moving to another page of
 * the app asks for a confirmation ('You have unsaved changes.').
 */
export function useUnsavedChangesGuard(hasUnsavedChanges: boolean, onDiscard: () => void): UnsavedChangesGuard {
  const isGuarding = useRef(hasUnsavedChanges);
  useEffect(() => {
    isGuarding.current = hasUnsavedChanges;
  }, [hasUnsavedChanges]);
  const [isDiscardPending, setIsDiscardPending] = useState(false);

  useEffect(() => {
    if (!hasUnsavedChanges) return undefined;
    // Browsers show their own text; holding the event is what asks (Superset sets its message too).
    const onBeforeUnload = (event: BeforeUnloadEvent): void => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedChanges]);

  // Another page of the app; the same page with other parameters (leaving edit mode) is not guarded here.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => isGuarding.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  const requestDiscard = useCallback(() => {
    if (isGuarding.current) setIsDiscardPending(true);
    else onDiscard();
  }, [onDiscard]);

  const confirmLeave = useCallback(() => {
    if (blocker.state === 'blocked') {
      isGuarding.current = false;
      blocker.proceed();
      return;
    }
    setIsDiscardPending(false);
    onDiscard();
  }, [blocker, onDiscard]);

  const cancelLeave = useCallback(() => {
    if (blocker.state === 'blocked') blocker.reset();
    setIsDiscardPending(false);
  }, [blocker]);

  const release = useCallback(() => {
    isGuarding.current = false;
  }, []);

  const pendingLeave: PendingLeave | null = blocker.state === 'blocked' ? 'navigation' : isDiscardPending ? 'discard' : null;
  return { pendingLeave, requestDiscard, confirmLeave, cancelLeave, release };
}
