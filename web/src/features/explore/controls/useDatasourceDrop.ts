import { useState, type DragEvent } from 'react';
import { droppedItem, isDraggingItem, type DatasourceItemKind } from './datasourceDrag';

export interface DatasourceDropZone {
  /** A datasource item this zone takes is being dragged over it. */
  isOver: boolean;
  handlers: {
    onDragOver: (event: DragEvent<HTMLElement>) => void;
    onDragLeave: (event: DragEvent<HTMLElement>) => void;
    onDrop: (event: DragEvent<HTMLElement>) => void;
  };
}

/** Makes an element a drop zone for datasource panel items of the given kinds. */
export function useDatasourceDrop(
  kinds: readonly DatasourceItemKind[],
  onDropItem: (item: { kind: DatasourceItemKind; name: string }) => void,
): DatasourceDropZone {
  const [isOver, setIsOver] = useState(false);
  return {
    isOver,
    handlers: {
      onDragOver: (event) => {
        if (!isDraggingItem(event.dataTransfer, kinds)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setIsOver(true);
      },
      onDragLeave: (event) => {
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
        setIsOver(false);
      },
      onDrop: (event) => {
        setIsOver(false);
        const item = droppedItem(event.dataTransfer, kinds);
        if (item === null) return;
        event.preventDefault();
        onDropItem(item);
      },
    },
  };
}
