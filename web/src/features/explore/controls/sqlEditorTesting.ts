import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';

/** How long the lazily loaded editor may take to appear: its chunk loads slowly on a busy machine. */
const editorLoadTimeoutMs = 15_000;

/** The editor view of the SQL expression editor with this test id, once it has loaded. */
async function editorView(testId: string): Promise<EditorView> {
  return waitFor(
    () => {
      const editor = screen.getByTestId(testId).querySelector('.cm-editor');
      const view = editor instanceof HTMLElement ? EditorView.findFromDOM(editor) : null;
      if (view === null) throw new Error(`no SQL editor in ${testId} yet`);
      return view;
    },
    { timeout: editorLoadTimeoutMs },
  );
}

/** Replaces the text of the SQL expression editor with this test id, as typing would. */
export async function typeInSqlEditor(testId: string, sql: string): Promise<void> {
  const view = await editorView(testId);
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: sql } });
  });
}

/** The text the SQL expression editor with this test id shows. */
export async function sqlEditorText(testId: string): Promise<string> {
  return (await editorView(testId)).state.doc.toString();
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
