import type { DragEvent } from 'react';
import type { LayoutDrop } from '@/wasm/dashboardLayout';
import type { ComponentType, DashboardLayout } from '../dashboardLayout';

/** The drop source of components dragged from the builder pane (quiver-core's constant). */
export const newComponentsSourceId = 'NEW_COMPONENTS_SOURCE_ID';

/** What is being dragged: a new component from the pane, or a component of the layout. */
export type DragPayload =
  | { kind: 'new'; type: ComponentType; meta?: Record<string, unknown> }
  | { kind: 'existing'; id: string; type: ComponentType };

let currentDrag: DragPayload | null = null;

/** Starts a drag (HTML drag and drop carries only text, so the payload stays here). */
export function startDrag(event: DragEvent, payload: DragPayload): void {
  currentDrag = payload;
  event.dataTransfer.effectAllowed = 'move';
  event.dataTransfer.setData('text/plain', payload.kind === 'new' ? payload.type : payload.id);
}

export function endDrag(): void {
  currentDrag = null;
  showDropIndicator(null);
}

export function isDragging(): boolean {
  return currentDrag !== null;
}

function parentOf(layout: DashboardLayout, id: string): { id: string; type: ComponentType; index: number } | null {
  for (const component of Object.values(layout)) {
    const index = component.children.indexOf(id);
    if (index >= 0) return { id: component.id, type: component.type, index };
  }
  return null;
}

/** Where a dragged component lands on the component under the pointer (quiver-core's `DropPosition`). */
export type DropPosition = 'DROP_TOP' | 'DROP_RIGHT' | 'DROP_BOTTOM' | 'DROP_LEFT' | 'DROP_FORBIDDEN';

/** How a target lays out its children, as Superset's drag-and-drop components declare it. */
export type Orientation = 'row' | 'column';

export interface ClientRect {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The target quiver-core's `dropPosition` reads (its `layout::DropTarget`). */
export interface DropTargetInput {
  component: { id: string; type: ComponentType; hasChildren: boolean; parents: string[] };
  parent: { id: string; type: ComponentType; hasChildren: boolean; parents: string[] } | null;
  depth: number;
  orientation: Orientation;
  isDraggingOverShallow: boolean;
  rect: ClientRect;
  pointer: { x: number; y: number };
}

/** quiver-core's `dropPosition`: where `dragging` lands on `target`, or null for no indicator. */
export type DropPositionRule = (dragging: { id: string; type: ComponentType }, target: DropTargetInput) => DropPosition | null;

/**
 * A component's orientation, as Superset's components give it: a row lays its children side by
 * side; a chart or markdown in a row is a column (its siblings sit left and right), elsewhere a
 * row; headers, dividers and tabs are rows; the grid, tabs' panels and columns are columns.
 */
export function orientationOf(layout: DashboardLayout, id: string): Orientation {
  const component = layout[id];
  switch (component?.type) {
    case 'ROW':
    case 'HEADER':
    case 'DIVIDER':
    case 'TABS':
      return 'row';
    case 'CHART':
    case 'MARKDOWN':
    case 'DYNAMIC':
      return parentOf(layout, id)?.type === 'ROW' ? 'column' : 'row';
    default:
      return 'column';
  }
}

/** The ids of a component's ancestors, the root first. */
function ancestorsOf(layout: DashboardLayout, id: string): string[] {
  const ancestors: string[] = [];
  let parent = parentOf(layout, id);
  while (parent !== null && !ancestors.includes(parent.id)) {
    ancestors.unshift(parent.id);
    parent = parentOf(layout, parent.id);
  }
  return ancestors;
}

/** The current drag as quiver-core names the dragged component; null when nothing is dragged. */
export function currentDraggedItem(): { id: string; type: ComponentType } | null {
  const payload = currentDrag;
  if (payload === null) return null;
  return payload.kind === 'new' ? { id: `NEW_${payload.type}_ID`, type: payload.type } : { id: payload.id, type: payload.type };
}

/**
 * The drop target for the component `id` under the pointer: it is the innermost target (the
 * event stops there), at its depth in `depths` (quiver-core's `componentDepths`).
 */
export function dropTargetFor(
  layout: DashboardLayout,
  depths: Readonly<Record<string, number>>,
  id: string,
  rect: ClientRect,
  pointer: { x: number; y: number },
): DropTargetInput | null {
  const component = layout[id];
  if (component === undefined) return null;
  const parent = parentOf(layout, id);
  const parentComponent = parent === null ? undefined : layout[parent.id];
  return {
    component: { id, type: component.type, hasChildren: component.children.length > 0, parents: ancestorsOf(layout, id) },
    parent:
      parentComponent === undefined
        ? null
        : { id: parentComponent.id, type: parentComponent.type, hasChildren: true, parents: ancestorsOf(layout, parentComponent.id) },
    depth: depths[id] ?? 0,
    orientation: orientationOf(layout, id),
    isDraggingOverShallow: true,
    rect: { top: rect.top, right: rect.right, bottom: rect.bottom, left: rect.left },
    pointer,
  };
}

/**
 * The drop result for the current drag landing at `position` on the component `targetId`
 * (Superset's `handleDrop`): a position across the target's orientation (above or below a row,
 * left or right of a chart in a row) puts it beside the target in the target's parent, before or
 * after it; a position along it puts it into the target, first (top, left) or last (bottom,
 * right). Null when nothing is dragged, the position is forbidden, or it is dropped on itself.
 */
export function dropResultAt(layout: DashboardLayout, targetId: string, position: DropPosition | null): LayoutDrop | null {
  const payload = currentDrag;
  const target = layout[targetId];
  if (payload === null || target === undefined || position === null || position === 'DROP_FORBIDDEN') return null;
  const isRow = orientationOf(layout, targetId) === 'row';
  const isBeside = isRow ? position === 'DROP_TOP' || position === 'DROP_BOTTOM' : position === 'DROP_LEFT' || position === 'DROP_RIGHT';
  const isAfter = position === 'DROP_BOTTOM' || position === 'DROP_RIGHT';
  const targetParent = parentOf(layout, targetId);
  let destination: { id: string; type: ComponentType; index: number };
  if (isBeside && targetParent !== null) {
    destination = { id: targetParent.id, type: targetParent.type, index: targetParent.index + (isAfter ? 1 : 0) };
  } else {
    destination = { id: target.id, type: target.type, index: isAfter ? target.children.length : 0 };
  }
  if (payload.kind === 'new') {
    return {
      source: { id: newComponentsSourceId, index: 0 },
      destination,
      dragging: { id: `NEW_${payload.type}_ID`, type: payload.type, meta: payload.meta },
      position,
    };
  }
  const source = parentOf(layout, payload.id);
  if (source === null || payload.id === targetId) return null;
  // The core takes the component out of its parent before inserting it (tabs excepted: the core
  // reads the position there), so a later index in the same parent moves down by one.
  const isShifted = source.id === destination.id && destination.type !== 'TABS' && destination.index > source.index;
  return {
    source,
    destination: isShifted ? { ...destination, index: destination.index - 1 } : destination,
    dragging: { id: payload.id, type: payload.type },
    position,
  };
}

/** The drop indicator drawn while dragging: the side of the target, or its forbidden state. */
export interface DropIndicator {
  targetId: string;
  position: DropPosition;
  rect: ClientRect;
}

let indicator: DropIndicator | null = null;
const indicatorListeners = new Set<() => void>();

/** Shows (or, with null, hides) the drop indicator; listeners hear only real changes. */
export function showDropIndicator(next: DropIndicator | null): void {
  const isSame =
    next !== null &&
    indicator !== null &&
    next.targetId === indicator.targetId &&
    next.position === indicator.position &&
    (['top', 'right', 'bottom', 'left'] as const).every((side) => next.rect[side] === indicator?.rect[side]);
  if (isSame || (next === null && indicator === null)) return;
  indicator = next;
  indicatorListeners.forEach((listener) => listener());
}

export function currentDropIndicator(): DropIndicator | null {
  return indicator;
}

export function subscribeDropIndicator(listener: () => void): () => void {
  indicatorListeners.add(listener);
  return () => indicatorListeners.delete(listener);
}
