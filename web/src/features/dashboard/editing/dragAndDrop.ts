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

/**
 * The drop result (Superset's shape) for the current drag landing at the end of `destinationId`'s
 * children; null when nothing is being dragged or the component is dropped into itself.
 */
export function dropOnto(layout: DashboardLayout, destinationId: string): LayoutDrop | null {
  const payload = currentDrag;
  const destination = layout[destinationId];
  if (payload === null || destination === undefined) return null;
  const end = { id: destination.id, type: destination.type, index: destination.children.length };
  if (payload.kind === 'new') {
    return {
      source: { id: newComponentsSourceId, index: 0 },
      destination: end,
      dragging: { id: `NEW_${payload.type}_ID`, type: payload.type, meta: payload.meta },
    };
  }
  const source = parentOf(layout, payload.id);
  if (source === null || payload.id === destinationId) return null;
  const isSameParent = source.id === destinationId;
  return {
    source,
    destination: isSameParent ? { ...end, index: end.index - 1 } : end,
    dragging: { id: payload.id, type: payload.type },
  };
}
