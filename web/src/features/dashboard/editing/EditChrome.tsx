import type { DragEvent, JSX, PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { useDashboardGrid } from '../dashboardGridContext';
import { gridBaseUnit, gridGutterSize, type ComponentType, type DashboardLayout } from '../dashboardLayout';
import { dropOnto, endDrag, isDragging, startDrag } from './dragAndDrop';
import type { DashboardEditor } from './useDashboardEditor';

/** What a container needs to accept drops. */
export interface DropZoneProps {
  'data-drop-id'?: string;
  onDragOver?: (event: DragEvent) => void;
  onDrop?: (event: DragEvent) => void;
}

/** The props that make a container accept drops in edit mode (the innermost container wins). */
export function dropZoneProps(editor: DashboardEditor | null, layout: DashboardLayout, id: string): DropZoneProps {
  if (editor === null) return {};
  return {
    'data-drop-id': id,
    onDragOver: (event: DragEvent) => {
      if (!isDragging()) return;
      event.preventDefault();
      event.stopPropagation();
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      event.stopPropagation();
      const drop = dropOnto(layout, id);
      endDrag();
      if (drop !== null) editor.drop(drop);
    },
  };
}

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
  const { editor, columnWidth } = useDashboardGrid();
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
    <Chrome $isInRow={isInRow} data-edit-id={id}>
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
