import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiFetch } from '@/api/client';
import { useConfirmDashboardDiff } from '@/api/commonConf';
import { errorMessage } from '@/api/errors';
import type { Dashboard } from '@/api/generated/Dashboard';
import { useToasts } from '@/components/toastContext';
import { loadLayoutEditing, type LayoutDrop, type LayoutEditing, type LayoutHistoryHandle } from '@/wasm/dashboardLayout';
import { layoutFromDocument, type DashboardLayout } from '../dashboardLayout';
import { saveFailureMessage } from '../dashboardPermissions';
import { currentDraggedItem, dropTargetFor, type ClientRect, type DropPosition } from './dragAndDrop';
import { confirmOverwriteMessage, overwriteConfirmation, type OverwriteConfirmation } from './overwriteConfirm';

export const savedMessage = 'This dashboard was saved successfully.';
export const undoSlotsUsedMessage =
  'You have used all %(historyLength)s undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.';

/** An editing session: the core, its undo history and the layout being edited. */
interface EditSession {
  source: unknown;
  core: LayoutEditing;
  history: LayoutHistoryHandle;
  document: unknown;
  undoLength: number;
  redoLength: number;
  /** A change was made since the session started or was last saved. */
  isChanged: boolean;
  /** Every undo slot was used since the session started or was last saved. */
  isUndoHistoryExceeded: boolean;
}

/** What edit mode offers the page. */
export interface DashboardEditor {
  layout: DashboardLayout;
  canUndo: boolean;
  canRedo: boolean;
  isSaving: boolean;
  /** The layout changed since edit mode opened or the last save (undoing back does not clear it, as in Superset). */
  hasUnsavedChanges: boolean;
  /** Superset's `maxUndoHistoryExceeded`: every undo slot was used; on until a save. */
  isUndoHistoryExceeded: boolean;
  drop: (drop: LayoutDrop) => void;
  /**
   * Where the current drag lands on the component `id` with the pointer at `pointer` over its
   * rectangle `rect` (quiver-core's drop position rules); null when nothing is dragged.
   */
  dropPositionAt: (id: string, rect: ClientRect, pointer: { x: number; y: number }) => DropPosition | null;
  deleteComponent: (id: string) => void;
  resizeComponent: (id: string, width: number | null, height: number | null) => void;
  undo: () => void;
  redo: () => void;
  /** Writes the layout, and the title and metadata when given. */
  save: (changes?: DashboardSaveChanges) => Promise<boolean>;
  /** The differing fields a save waits to have confirmed (`CONFIRM_DASHBOARD_DIFF`); null when none. */
  overwriteConfirmation: OverwriteConfirmation | null;
  /** Drops the waiting confirmation; nothing is saved. */
  cancelOverwrite: () => void;
}

/** What an edit-mode save writes besides the layout. */
export interface DashboardSaveChanges {
  /** Edit mode's editable title. */
  title?: string;
  /** The whole `json_metadata` text (the refresh interval set in edit mode). */
  jsonMetadata?: string;
  /** The dashboard's CSS as edited in edit mode ("Edit CSS"). */
  css?: string;
  /**
   * The dashboard as the page read it. With `CONFIRM_DASHBOARD_DIFF` on, the save overwrites its
   * css and metadata, and asks to confirm first when the server's copy changed since and differs.
   */
  loaded?: Dashboard;
  /** The user confirmed the overwrite: no check. */
  isOverwriteConfirmed?: boolean;
}

/** The stored layout document carries its version (`v2`). */
function withVersion(document: unknown): unknown {
  return typeof document === 'object' && document !== null ? { ...document, DASHBOARD_VERSION_KEY: 'v2' } : document;
}

function read(session: EditSession): EditSession {
  return {
    ...session,
    document: session.history.present(),
    undoLength: session.history.undoLength,
    redoLength: session.history.redoLength,
  };
}

/**
 * Edit mode over the stored layout `initialDocument`: drops, deletions and resizes go through
 * quiver-core (its rules and refusals), each recorded in the core's undo history; Save writes
 * `position_json`. Null while not editing or while the core loads.
 */
export function useDashboardEditor(isEditing: boolean, initialDocument: unknown, dashboardId: number): DashboardEditor | null {
  const { addToast } = useToasts();
  const [session, setSession] = useState<EditSession | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [confirmation, setConfirmation] = useState<OverwriteConfirmation | null>(null);
  const isDiffConfirmOn = useConfirmDashboardDiff();
  const sessionRef = useRef<EditSession | null>(null);
  const hasWarnedAboutUndo = useRef(false);

  useEffect(() => {
    if (!isEditing || initialDocument === null) return undefined;
    let isCurrent = true;
    let history: LayoutHistoryHandle | null = null;
    loadLayoutEditing().then(
      (core) => {
        if (!isCurrent) return;
        history = core.createHistory(initialDocument);
        const started = read({ source: initialDocument, core, history, document: null, undoLength: 0, redoLength: 0, isChanged: false, isUndoHistoryExceeded: false });
        sessionRef.current = started;
        setSession(started);
      },
      (error: unknown) => addToast('danger', errorMessage(error)),
    );
    return () => {
      isCurrent = false;
      history?.free();
      sessionRef.current = null;
      hasWarnedAboutUndo.current = false;
    };
  }, [isEditing, initialDocument, addToast]);

  const record = useCallback(
    (change: (core: LayoutEditing, document: unknown) => unknown) => {
      const current = sessionRef.current;
      if (current === null) return;
      try {
        current.history.push(change(current.core, current.document));
      } catch (error) {
        addToast('warning', errorMessage(error));
        return;
      }
      const isUndoHistoryExceeded = current.history.isUndoHistoryExceeded;
      if (isUndoHistoryExceeded && !hasWarnedAboutUndo.current) {
        hasWarnedAboutUndo.current = true;
        addToast('warning', undoSlotsUsedMessage.replace('%(historyLength)s', String(current.history.undoLength)));
      }
      const next = { ...read(current), isChanged: true, isUndoHistoryExceeded: current.isUndoHistoryExceeded || isUndoHistoryExceeded };
      sessionRef.current = next;
      setSession(next);
    },
    [addToast],
  );

  const drop = useCallback(
    (layoutDrop: LayoutDrop) =>
      record((core, document) => {
        const outcome = core.applyDrop(document, layoutDrop);
        outcome.warnings.forEach((warning) => addToast('warning', warning));
        return outcome.layout;
      }),
    [record, addToast],
  );
  const deleteComponent = useCallback((id: string) => record((core, document) => core.deleteComponent(document, id)), [record]);
  const resizeComponent = useCallback(
    (id: string, width: number | null, height: number | null) => record((core, document) => core.resizeComponent(document, id, width, height)),
    [record],
  );
  const move = useCallback((step: (history: LayoutHistoryHandle) => boolean) => {
    const current = sessionRef.current;
    if (current === null || !step(current.history)) return;
    const next = { ...read(current), isChanged: true };
    sessionRef.current = next;
    setSession(next);
  }, []);

  const save = useCallback(async (changes: DashboardSaveChanges = {}): Promise<boolean> => {
    const current = sessionRef.current;
    if (current === null) return false;
    setIsSaving(true);
    try {
      const body: Record<string, unknown> = { position_json: JSON.stringify(withVersion(current.document)) };
      if (changes.title !== undefined) body.dashboard_title = changes.title;
      if (changes.jsonMetadata !== undefined) body.json_metadata = changes.jsonMetadata;
      if (changes.css !== undefined) body.css = changes.css;
      const loaded = isDiffConfirmOn ? changes.loaded : undefined;
      if (loaded !== undefined) {
        // An overwrite writes the page's css and metadata, as Superset's does.
        const overwritten = { css: changes.css ?? loaded.css, json_metadata: changes.jsonMetadata ?? loaded.json_metadata };
        if (changes.isOverwriteConfirmed !== true) {
          const waiting = await overwriteConfirmation(loaded, overwritten);
          if (waiting !== null) {
            setConfirmation(waiting);
            addToast('danger', confirmOverwriteMessage);
            return false;
          }
        }
        Object.assign(body, Object.fromEntries(Object.entries(overwritten).filter(([, value]) => value !== null)));
      }
      await apiFetch(`/api/v1/dashboard/${dashboardId}`, { method: 'PUT', body });
      setConfirmation(null);
      // Saving clears the undo history (spec 001 §4): the saved layout is the new start.
      if (sessionRef.current === current) {
        current.history.clear();
        hasWarnedAboutUndo.current = false;
        const next = { ...read(current), isChanged: false, isUndoHistoryExceeded: false };
        sessionRef.current = next;
        setSession(next);
      }
      addToast('success', savedMessage);
      return true;
    } catch (error) {
      addToast('danger', saveFailureMessage(error));
      return false;
    } finally {
      setIsSaving(false);
    }
  }, [dashboardId, addToast, isDiffConfirmOn]);
  const cancelOverwrite = useCallback(() => setConfirmation(null), []);

  const activeSession = isEditing && session !== null && session.source === initialDocument ? session : null;
  const layout = useMemo(() => (activeSession === null ? null : layoutFromDocument(activeSession.document)), [activeSession]);
  const depths = useMemo(() => (activeSession === null ? {} : activeSession.core.componentDepths(activeSession.document)), [activeSession]);
  const dropPositionAt = useCallback(
    (id: string, rect: ClientRect, pointer: { x: number; y: number }): DropPosition | null => {
      const dragging = currentDraggedItem();
      const target = layout === null ? null : dropTargetFor(layout, depths, id, rect, pointer);
      if (activeSession === null || dragging === null || target === null) return null;
      return activeSession.core.dropPosition(dragging, target) as DropPosition | null;
    },
    [activeSession, layout, depths],
  );
  if (activeSession === null || layout === null) return null;
  return {
    layout,
    canUndo: activeSession.undoLength > 0,
    canRedo: activeSession.redoLength > 0,
    isSaving,
    hasUnsavedChanges: activeSession.isChanged,
    isUndoHistoryExceeded: activeSession.isUndoHistoryExceeded,
    drop,
    dropPositionAt,
    deleteComponent,
    resizeComponent,
    undo: () => move((history) => history.undo()),
    redo: () => move((history) => history.redo()),
    save,
    overwriteConfirmation: confirmation,
    cancelOverwrite,
  };
}
