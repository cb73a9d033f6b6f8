import { loadQuiverCore } from './core';

/** A chart of the dashboard for `placeMissingCharts`: its id and name. */
export interface ChartPlacement {
  id: number;
  name?: string;
}

/**
 * quiver-core's load rule (spec 001 §4): a missing layout gets a root with one grid, and charts
 * missing from the layout are added in new rows. Takes and returns a `position_json` object.
 */
export async function placeMissingCharts(layout: unknown, charts: ChartPlacement[]): Promise<unknown> {
  await loadQuiverCore();
  const corePackage = await import('./pkg/quiver_core.js');
  return corePackage.placeMissingCharts(layout, charts);
}

/** Superset's drop result (see quiver-core `layout::drop::DropResult`). */
export interface LayoutDrop {
  source: { id: string; type?: string; index: number };
  destination: { id: string; type?: string; index: number } | null;
  dragging: { id: string; type: string; meta?: Record<string, unknown> };
  position?: string | null;
}

/** The outcome of a drop: the new layout, whether it changed, and the warnings to show. */
export interface LayoutDropOutcome {
  layout: unknown;
  changed: boolean;
  warnings: string[];
}

/** The layout editing functions of the core, loaded. */
export interface LayoutEditing {
  /** Throws an Error with Superset's message when the drop is refused. */
  applyDrop: (layout: unknown, drop: LayoutDrop) => LayoutDropOutcome;
  deleteComponent: (layout: unknown, id: string) => unknown;
  resizeComponent: (layout: unknown, id: string, width: number | null, height: number | null) => unknown;
  /** A new undo history (52 states at most) starting at `layout`. */
  createHistory: (layout: unknown) => LayoutHistoryHandle;
  /**
   * Where `dragging` lands on `target` (`{component, parent, depth, orientation,
   * isDraggingOverShallow, rect, pointer}`): `DROP_TOP`, ..., `DROP_FORBIDDEN`, or null.
   */
  dropPosition: (dragging: { id: string; type: string }, target: unknown) => string | null;
  /** The depth of every component reachable from the root, by id. */
  componentDepths: (layout: unknown) => Record<string, number>;
}

/** The core's undo history of an editing session. */
export interface LayoutHistoryHandle {
  push: (layout: unknown) => void;
  undo: () => boolean;
  redo: () => boolean;
  present: () => unknown;
  readonly undoLength: number;
  readonly redoLength: number;
  readonly isUndoHistoryExceeded: boolean;
  /** Forgets the past and the future (after saving). */
  clear: () => void;
  free: () => void;
}

/** Loads the core and returns its layout editing functions. */
export async function loadLayoutEditing(): Promise<LayoutEditing> {
  await loadQuiverCore();
  const corePackage = await import('./pkg/quiver_core.js');
  return {
    applyDrop: (layout, drop) => corePackage.applyDrop(layout, drop, []),
    deleteComponent: (layout, id): unknown => corePackage.deleteComponent(layout, id),
    resizeComponent: (layout, id, width, height): unknown =>
      corePackage.resizeComponent(layout, id, width, height),
    createHistory: (layout) => new corePackage.LayoutHistory(layout),
    dropPosition: (dragging, target) => corePackage.dropPosition(dragging, target),
    componentDepths: (layout) => corePackage.componentDepths(layout),
  };
}
