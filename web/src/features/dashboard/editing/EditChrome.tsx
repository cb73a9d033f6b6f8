import { useSyncExternalStore, type CSSProperties, type DragEvent, type JSX, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { useDashboardGrid } from '../dashboardGridContext';
import { gridBaseUnit, gridGutterSize, type ComponentType, type DashboardLayout } from '../dashboardLayout';
import {
  currentDropIndicator,
  dropResultAt,
  endDrag,
  isDragging,
  showDropIndicator,
  startDrag,
  subscribeDropIndicator,
  type DropIndicator,
  type DropPosition,
} from './dragAndDrop';
import type { DashboardEditor } from './useDashboardEditor';

/** What a drop target needs: its id, and the drag events. */
export interface DropZoneProps {
  'data-drop-id'?: string;
  onDragOver?: (event: DragEvent) => void;
  onDragLeave?: (event: DragEvent) => void;
  onDrop?: (event: DragEvent) => void;
}

/** The position of the current drag over the element of the component `id` (the event's target). */
function positionOver(editor: DashboardEditor, id: string, event: DragEvent): { position: DropPosition | null; rect: DOMRect } {
  const rect = event.currentTarget.getBoundingClientRect();
  return { position: editor.dropPositionAt(id, rect, { x: event.clientX, y: event.clientY }), rect };
}

/**
 * The props that make a component a drop target in edit mode. The innermost target under the
 * pointer takes the event: quiver-core decides the drop position from the pointer's distance to
 * its edges, the indicator shows it (a line on that side, or the forbidden state), and the drop
 * lands there (Superset's `DragDroppable` and `handleDrop`).
 */
export function dropZoneProps(editor: DashboardEditor | null, layout: DashboardLayout, id: string): DropZoneProps {
  if (editor === null) return {};
  return {
    'data-drop-id': id,
    onDragOver: (event: DragEvent) => {
      if (!isDragging()) return;
      event.stopPropagation();
      const { position, rect } = positionOver(editor, id, event);
      showDropIndicator(position === null ? null : { targetId: id, position, rect });
      if (position !== null && position !== 'DROP_FORBIDDEN') event.preventDefault();
    },
    onDragLeave: (event: DragEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && event.currentTarget.contains(next)) return;
      if (currentDropIndicator()?.targetId === id) showDropIndicator(null);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      event.stopPropagation();
      const drop = dropResultAt(layout, id, positionOver(editor, id, event).position);
      endDrag();
      if (drop !== null) editor.drop(drop);
    },
  };
}

/** The edge lines of Superset's drop indicator, per position. */
function indicatorBox(indicator: DropIndicator): CSSProperties {
  const { rect } = indicator;
  const thickness = 4;
  const width = rect.right - rect.left;
  const height = rect.bottom - rect.top;
  switch (indicator.position) {
    case 'DROP_TOP':
      return { left: rect.left, top: rect.top - thickness / 2, width, height: thickness };
    case 'DROP_BOTTOM':
      return { left: rect.left, top: rect.bottom - thickness / 2, width, height: thickness };
    case 'DROP_LEFT':
      return { left: rect.left - thickness / 2, top: rect.top, width: thickness, height };
    case 'DROP_RIGHT':
      return { left: rect.right - thickness / 2, top: rect.top, width: thickness, height };
    case 'DROP_FORBIDDEN':
      return { left: rect.left, top: rect.top, width, height };
  }
}

/** The drop indicator of the current drag, drawn over the page at the target's side. */
export function DropIndicatorLine(): JSX.Element | null {
  const indicator = useSyncExternalStore(subscribeDropIndicator, currentDropIndicator);
  if (indicator === null) return null;
  return (
    <IndicatorLine
      data-testid={testIds.dashboardEdit.dropIndicator}
      data-position={indicator.position}
      data-target-id={indicator.targetId}
      $isForbidden={indicator.position === 'DROP_FORBIDDEN'}
      style={indicatorBox(indicator)}
    />
  );
}

const IndicatorLine = styled.div<{ $isForbidden: boolean }>`
  position: fixed;
  z-index: 20;
  pointer-events: none;
  border-radius: 2px;
  background: ${({ $isForbidden, theme }) => ($isForbidden ? theme.colors.error.base : theme.colors.primary.base)};
  opacity: ${({ $isForbidden }) => ($isForbidden ? 0.35 : 1)};
`;

/** Leaf components take drops beside themselves; containers' own elements carry the drop props. */
const leafTypes = new Set<ComponentType>(['CHART', 'MARKDOWN', 'HEADER', 'DIVIDER', 'TABS', 'DYNAMIC']);

const resizableTypes = new Set<ComponentType>(['CHART', 'MARKDOWN', 'COLUMN']);

export interface EditChromeProps {
  id: string;
  type: ComponentType;
  /** Width in grid columns and height in grid units, for resizing. */
  widthColumns: number;
  heightUnits: number;
  /** Whether the component sits in a row (then it keeps its width instead of filling the line). */
  isInRow: boolean;
  children: ReactNode;
}

/** Edit mode around a component: drag to move it, delete it, resize it from the corner. */
export function EditChrome({ id, type, widthColumns, heightUnits, isInRow, children }: EditChromeProps): JSX.Element {
  const { editor, columnWidth, layout } = useDashboardGrid();
  if (editor === null) return <>{children}</>;
  const activeEditor = editor;

  function startResize(event: ReactPointerEvent): void {
    event.preventDefault();
    event.stopPropagation();
    const start = { x: event.clientX, y: event.clientY };
    const finish = (upEvent: PointerEvent): void => {
      const columns = Math.round((upEvent.clientX - start.x) / (columnWidth + gridGutterSize));
      const units = Math.round((upEvent.clientY - start.y) / gridBaseUnit);
      if (columns !== 0 || units !== 0) activeEditor.resizeComponent(id, widthColumns + columns, heightUnits + units);
    };
    window.addEventListener('pointerup', finish, { once: true });
  }

  return (
    <Chrome $isInRow={isInRow} data-edit-id={id} {...(leafTypes.has(type) ? dropZoneProps(editor, layout, id) : {})}>
      <Toolbar>
        <DragHandle
          draggable
          aria-label="Move"
          title="Move"
          onDragStart={(event) => startDrag(event, { kind: 'existing', id, type })}
          onDragEnd={endDrag}
        >
          ⠿
        </DragHandle>
        <ToolButton aria-label="Delete" title="Delete" data-testid={testIds.dashboardEdit.deleteButton} onClick={() => editor.deleteComponent(id)}>
          ✕
        </ToolButton>
      </Toolbar>
      {children}
      {resizableTypes.has(type) && <ResizeHandle aria-label="Resize" data-testid={testIds.dashboardEdit.resizeHandle} onPointerDown={startResize} />}
    </Chrome>
  );
}

const Chrome = styled.div<{ $isInRow: boolean }>`
  position: relative;
  flex: none;
  ${({ $isInRow }) => ($isInRow ? '' : 'width: 100%;')}
  outline: 1px dashed ${({ theme }) => theme.colors.border};

  &:hover > div:first-child {
    opacity: 1;
  }
`;

const Toolbar = styled.div`
  position: absolute;
  top: 2px;
  right: 2px;
  z-index: 5;
  display: flex;
  gap: 2px;
  opacity: 0.6;
`;

const ToolButton = styled.button.attrs({ type: 'button' })`
  width: 22px;
  height: 22px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  cursor: pointer;
`;

const DragHandle = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 22px;
  height: 22px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  cursor: grab;
`;

const ResizeHandle = styled.div`
  position: absolute;
  right: 0;
  bottom: 0;
  z-index: 5;
  width: 14px;
  height: 14px;
  border-right: 3px solid ${({ theme }) => theme.colors.primary.base};
  border-bottom: 3px solid ${({ theme }) => theme.colors.primary.base};
  cursor: nwse-resize;
`;
