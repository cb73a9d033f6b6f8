import type { DragEvent } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLayoutEditing, type LayoutEditing } from '@/wasm/dashboardLayout';
import { loadQuiverCoreInNode } from '@/wasm/loadQuiverCoreInNode';
import { layoutFromDocument, type DashboardLayout } from '../dashboardLayout';
import {
  currentDraggedItem,
  currentDropIndicator,
  dropResultAt,
  dropTargetFor,
  endDrag,
  isDragging,
  newComponentsSourceId,
  orientationOf,
  showDropIndicator,
  startDrag,
  type DropPosition,
} from './dragAndDrop';

const document = {
  ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
  GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1', 'ROW-2'] },
  'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-1', 'CHART-2'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
  'ROW-2': { type: 'ROW', id: 'ROW-2', children: ['CHART-3'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
  'CHART-1': { type: 'CHART', id: 'CHART-1', children: [], meta: { chartId: 1, width: 4, height: 50 } },
  'CHART-2': { type: 'CHART', id: 'CHART-2', children: [], meta: { chartId: 2, width: 4, height: 50 } },
  'CHART-3': { type: 'CHART', id: 'CHART-3', children: [], meta: { chartId: 3, width: 4, height: 50 } },
};
const layout = layoutFromDocument(document);

function dragEvent(): DragEvent {
  const data = new Map<string, string>();
  return { dataTransfer: { effectAllowed: 'all', setData: (type: string, value: string) => data.set(type, value) } } as unknown as DragEvent;
}

/** A chart of ROW-1: CHART-1 spans x 0..300, CHART-2 x 316..616; the row y 100..500. */
const chartRects = {
  'CHART-1': { top: 100, right: 300, bottom: 500, left: 0 },
  'CHART-2': { top: 100, right: 616, bottom: 500, left: 316 },
  'ROW-1': { top: 100, right: 1200, bottom: 500, left: 0 },
  GRID_ID: { top: 0, right: 1200, bottom: 1200, left: 0 },
} as const;

let core: LayoutEditing;

beforeAll(async () => {
  await loadQuiverCoreInNode();
  core = await loadLayoutEditing();
});

afterEach(() => {
  endDrag();
});

/** The position quiver-core gives the current drag over `id` with the pointer at (x, y). */
function positionOver(currentLayout: DashboardLayout, id: keyof typeof chartRects, x: number, y: number): DropPosition | null {
  const dragging = currentDraggedItem();
  const target = dropTargetFor(currentLayout, core.componentDepths(document), id, chartRects[id], { x, y });
  if (dragging === null || target === null) throw new Error('no drag or no target');
  return core.dropPosition(dragging, target) as DropPosition | null;
}

/** The children of `id` after the current drag is dropped at `position` on `targetId`. */
function childrenAfterDrop(targetId: string, position: DropPosition | null, id: string): string[] {
  const drop = dropResultAt(layout, targetId, position);
  if (drop === null) throw new Error('no drop');
  const next = layoutFromDocument(core.applyDrop(document, drop).layout);
  return next[id]?.children ?? [];
}

describe('drop targets for quiver-core', () => {
  it('gives components their Superset orientation, depth and ancestors', () => {
    expect(orientationOf(layout, 'ROW-1')).toBe('row');
    expect(orientationOf(layout, 'CHART-1')).toBe('column');
    expect(orientationOf(layout, 'GRID_ID')).toBe('column');
    startDrag(dragEvent(), { kind: 'new', type: 'CHART', meta: { chartId: 9 } });
    expect(currentDraggedItem()).toEqual({ id: 'NEW_CHART_ID', type: 'CHART' });
    const target = dropTargetFor(layout, core.componentDepths(document), 'CHART-2', chartRects['CHART-2'], { x: 320, y: 300 });
    expect(target).toMatchObject({
      component: { id: 'CHART-2', type: 'CHART', hasChildren: false, parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'] },
      parent: { id: 'ROW-1', type: 'ROW' },
      depth: 3,
      orientation: 'column',
      isDraggingOverShallow: true,
    });
  });
});

describe('drop positions and where the drop lands', () => {
  it('a new chart on the left half of a chart in a row goes before it; on the right half after it', () => {
    startDrag(dragEvent(), { kind: 'new', type: 'CHART', meta: { chartId: 9 } });
    const left = positionOver(layout, 'CHART-2', 330, 300);
    expect(left).toBe('DROP_LEFT');
    expect(dropResultAt(layout, 'CHART-2', left)).toEqual({
      source: { id: newComponentsSourceId, index: 0 },
      destination: { id: 'ROW-1', type: 'ROW', index: 1 },
      dragging: { id: 'NEW_CHART_ID', type: 'CHART', meta: { chartId: 9 } },
      position: 'DROP_LEFT',
    });
    const row = childrenAfterDrop('CHART-2', left, 'ROW-1');
    expect(row).toHaveLength(3);
    expect([row[0], row[2]]).toEqual(['CHART-1', 'CHART-2']);

    const right = positionOver(layout, 'CHART-1', 290, 300);
    expect(right).toBe('DROP_RIGHT');
    expect(dropResultAt(layout, 'CHART-1', right)?.destination).toEqual({ id: 'ROW-1', type: 'ROW', index: 1 });
  });

  it('near a row top edge goes above the row in the grid; inside it, to the end of the row', () => {
    startDrag(dragEvent(), { kind: 'new', type: 'CHART', meta: { chartId: 9 } });
    const top = positionOver(layout, 'ROW-1', 800, 105);
    expect(top).toBe('DROP_TOP');
    expect(dropResultAt(layout, 'ROW-1', top)?.destination).toEqual({ id: 'GRID_ID', type: 'GRID', index: 0 });
    const grid = childrenAfterDrop('ROW-1', top, 'GRID_ID');
    expect(grid).toHaveLength(3);
    expect(grid.slice(1)).toEqual(['ROW-1', 'ROW-2']);

    const inside = positionOver(layout, 'ROW-1', 800, 300);
    expect(inside).toBe('DROP_RIGHT');
    expect(dropResultAt(layout, 'ROW-1', inside)?.destination).toEqual({ id: 'ROW-1', type: 'ROW', index: 2 });
    const onGrid = positionOver(layout, 'GRID_ID', 600, 1100);
    expect(onGrid).toBe('DROP_BOTTOM');
    expect(dropResultAt(layout, 'GRID_ID', onGrid)?.destination).toEqual({ id: 'GRID_ID', type: 'GRID', index: 2 });
  });

  it('moves an existing chart before another of its row, minding the index it leaves', () => {
    startDrag(dragEvent(), { kind: 'existing', id: 'CHART-2', type: 'CHART' });
    const left = positionOver(layout, 'CHART-1', 10, 300);
    expect(left).toBe('DROP_LEFT');
    expect(childrenAfterDrop('CHART-1', left, 'ROW-1')).toEqual(['CHART-2', 'CHART-1']);

    endDrag();
    startDrag(dragEvent(), { kind: 'existing', id: 'CHART-1', type: 'CHART' });
    const right = positionOver(layout, 'CHART-2', 600, 300);
    expect(dropResultAt(layout, 'CHART-2', right)).toMatchObject({ source: { id: 'ROW-1', index: 0 }, destination: { id: 'ROW-1', index: 1 } });
    expect(childrenAfterDrop('CHART-2', right, 'ROW-1')).toEqual(['CHART-2', 'CHART-1']);
  });

  it('a row dragged into its own chart is forbidden, and nothing drops', () => {
    startDrag(dragEvent(), { kind: 'existing', id: 'ROW-1', type: 'ROW' });
    const forbidden = positionOver(layout, 'CHART-1', 150, 300);
    expect(forbidden).toBe('DROP_FORBIDDEN');
    expect(dropResultAt(layout, 'CHART-1', forbidden)).toBeNull();
    expect(dropResultAt(layout, 'ROW-1', null)).toBeNull();
  });

  it('nothing drops without a drag; ending the drag hides the indicator', () => {
    expect(isDragging()).toBe(false);
    expect(dropResultAt(layout, 'GRID_ID', 'DROP_BOTTOM')).toBeNull();
    startDrag(dragEvent(), { kind: 'new', type: 'HEADER' });
    showDropIndicator({ targetId: 'GRID_ID', position: 'DROP_BOTTOM', rect: chartRects.GRID_ID });
    expect(currentDropIndicator()?.position).toBe('DROP_BOTTOM');
    endDrag();
    expect(currentDropIndicator()).toBeNull();
  });
});
