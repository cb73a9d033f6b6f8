/**
 * Drag and drop from the datasource panel onto the controls (HTML5 drag and drop): a column item
 * carries its column name, a metric item its saved metric name, each under its own type so a
 * control can tell during `dragover` (when the data itself cannot be read) whether it takes it.
 */
export type DatasourceItemKind = 'column' | 'metric';

const dragTypes: Readonly<Record<DatasourceItemKind, string>> = {
  column: 'application/x-quiver-column',
  metric: 'application/x-quiver-metric',
};

/** Called by a datasource panel item's `dragstart`. */
export function setDraggedItem(dataTransfer: DataTransfer, kind: DatasourceItemKind, name: string): void {
  dataTransfer.setData(dragTypes[kind], name);
  dataTransfer.setData('text/plain', name);
  dataTransfer.effectAllowed = 'copy';
}

/** Whether the dragged thing is a datasource item of one of these kinds (readable on `dragover`). */
export function isDraggingItem(dataTransfer: DataTransfer, kinds: readonly DatasourceItemKind[]): boolean {
  const types = Array.from(dataTransfer.types);
  return kinds.some((kind) => types.includes(dragTypes[kind]));
}

/** The dropped item of one of these kinds, or null (on `drop`). */
export function droppedItem(dataTransfer: DataTransfer, kinds: readonly DatasourceItemKind[]): { kind: DatasourceItemKind; name: string } | null {
  for (const kind of kinds) {
    const name = dataTransfer.getData(dragTypes[kind]);
    if (name !== '') return { kind, name };
  }
  return null;
}
