import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen } from '@testing-library/react';

/** Replaces the text of the SQL expression editor with this test id, as typing would. */
export function typeInSqlEditor(testId: string, sql: string): void {
  const editor = screen.getByTestId(testId).querySelector('.cm-editor');
  if (!(editor instanceof HTMLElement)) throw new Error(`no SQL editor in ${testId}`);
  const view = EditorView.findFromDOM(editor);
  if (view === null) throw new Error(`no editor view in ${testId}`);
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: sql } });
  });
}

/** The text the SQL expression editor with this test id shows. */
export function sqlEditorText(testId: string): string {
  const editor = screen.getByTestId(testId).querySelector('.cm-editor');
  if (!(editor instanceof HTMLElement)) throw new Error(`no SQL editor in ${testId}`);
  return EditorView.findFromDOM(editor)?.state.doc.toString() ?? '';
}

/** A drag from the datasource panel: a column or a saved metric by name. */
function draggedData(kind: 'column' | 'metric', name: string): { types: string[]; getData: (type: string) => string; dropEffect: string } {
  const type = `application/x-quiver-${kind}`;
  return { types: [type, 'text/plain'], getData: (asked) => (asked === type || asked === 'text/plain' ? name : ''), dropEffect: 'none' };
}

/** Drags a datasource panel item over an element and drops it there. */
export function dropItem(target: HTMLElement, kind: 'column' | 'metric', name: string): void {
  const dataTransfer = draggedData(kind, name);
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}
