import type { DragEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { layoutFromDocument } from '../dashboardLayout';
import { dropOnto, endDrag, isDragging, newComponentsSourceId, startDrag } from './dragAndDrop';

const layout = layoutFromDocument({
  ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
  GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1', 'ROW-2'] },
  'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-1', 'CHART-2'] },
  'ROW-2': { type: 'ROW', id: 'ROW-2', children: ['CHART-3'] },
  'CHART-1': { type: 'CHART', id: 'CHART-1', children: [], meta: { chartId: 1, width: 4 } },
  'CHART-2': { type: 'CHART', id: 'CHART-2', children: [], meta: { chartId: 2, width: 4 } },
  'CHART-3': { type: 'CHART', id: 'CHART-3', children: [], meta: { chartId: 3, width: 4 } },
});

function dragEvent(): DragEvent {
  const data = new Map<string, string>();
  return { dataTransfer: { effectAllowed: 'all', setData: (type: string, value: string) => data.set(type, value) } } as unknown as DragEvent;
}

afterEach(() => {
  endDrag();
});

describe('drop results for the core', () => {
  it('drops a new component from the pane at the end of the destination', () => {
    expect(dropOnto(layout, 'GRID_ID')).toBeNull();
    startDrag(dragEvent(), { kind: 'new', type: 'HEADER' });
    expect(isDragging()).toBe(true);
    expect(dropOnto(layout, 'GRID_ID')).toEqual({
      source: { id: newComponentsSourceId, index: 0 },
      destination: { id: 'GRID_ID', type: 'GRID', index: 2 },
      dragging: { id: 'NEW_HEADER_ID', type: 'HEADER', meta: undefined },
    });
  });

  it('moves an existing component from its parent, to the end of the same parent too', () => {
    startDrag(dragEvent(), { kind: 'existing', id: 'CHART-1', type: 'CHART' });
    expect(dropOnto(layout, 'ROW-2')).toEqual({
      source: { id: 'ROW-1', type: 'ROW', index: 0 },
      destination: { id: 'ROW-2', type: 'ROW', index: 1 },
      dragging: { id: 'CHART-1', type: 'CHART' },
    });
    expect(dropOnto(layout, 'ROW-1')?.destination).toEqual({ id: 'ROW-1', type: 'ROW', index: 1 });
    expect(dropOnto(layout, 'CHART-1')).toBeNull();
  });
});
