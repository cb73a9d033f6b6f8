import { useEffect, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { isOnResizeBorder, resizedColumnWidth } from './columnResize';

interface ResizeDrag {
  columnId: string;
  startX: number;
  startWidth: number;
}

/** What a resizable header cell spreads onto its `<th>`. */
export interface ResizableHeaderProps {
  onMouseDown: (event: ReactMouseEvent<HTMLElement>) => void;
  onMouseMove: (event: ReactMouseEvent<HTMLElement>) => void;
  onMouseLeave: () => void;
  onClickCapture: (event: ReactMouseEvent<HTMLElement>) => void;
  'data-resize-border'?: 'true';
}

export interface ColumnResize {
  /** The widths (px) of the columns resized so far, by column id. */
  widths: Readonly<Record<string, number>>;
  headerProps: (columnId: string) => ResizableHeaderProps;
  /** The column whose border is being dragged. */
  resizingColumnId: string | null;
}

function pointerOffset(event: ReactMouseEvent<HTMLElement>): { offsetX: number; width: number } {
  const rect = event.currentTarget.getBoundingClientRect();
  return { offsetX: event.clientX - rect.left, width: rect.width };
}

/**
 * Column resizing by the header cells' right borders, as Superset's tables do: the pointer within
 * 8 px of a border shows the resize cursor, pressing there and dragging sets the column's width.
 * The click that ends a drag does not reach the header (it would sort).
 */
export function useColumnResize(): ColumnResize {
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [drag, setDrag] = useState<ResizeDrag | null>(null);
  const [borderColumnId, setBorderColumnId] = useState<string | null>(null);
  const hasJustResized = useRef(false);

  useEffect(() => {
    if (drag === null) return undefined;
    function follow(event: MouseEvent): void {
      if (drag === null) return;
      const width = resizedColumnWidth(drag.startWidth, drag.startX, event.clientX);
      setWidths((current) => ({ ...current, [drag.columnId]: width }));
    }
    function stop(): void {
      hasJustResized.current = true;
      setDrag(null);
    }
    document.addEventListener('mousemove', follow);
    document.addEventListener('mouseup', stop);
    return () => {
      document.removeEventListener('mousemove', follow);
      document.removeEventListener('mouseup', stop);
    };
  }, [drag]);

  function headerProps(columnId: string): ResizableHeaderProps {
    return {
      onMouseDown: (event) => {
        const { offsetX, width } = pointerOffset(event);
        hasJustResized.current = false;
        if (event.button !== 0 || !isOnResizeBorder(offsetX, width)) return;
        event.preventDefault();
        setDrag({ columnId, startX: event.clientX, startWidth: width });
      },
      onMouseMove: (event) => {
        if (drag !== null) return;
        const { offsetX, width } = pointerOffset(event);
        const isOnBorder = isOnResizeBorder(offsetX, width);
        if (isOnBorder !== (borderColumnId === columnId)) setBorderColumnId(isOnBorder ? columnId : null);
      },
      onMouseLeave: () => {
        if (borderColumnId === columnId) setBorderColumnId(null);
      },
      onClickCapture: (event) => {
        if (!hasJustResized.current) return;
        hasJustResized.current = false;
        event.stopPropagation();
        event.preventDefault();
      },
      ...(borderColumnId === columnId || drag?.columnId === columnId ? { 'data-resize-border': 'true' as const } : {}),
    };
  }

  return { widths, headerProps, resizingColumnId: drag?.columnId ?? null };
}
