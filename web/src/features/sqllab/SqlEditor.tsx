import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { MySQL, PostgreSQL, SQLite, StandardSQL, sql, type SQLDialect } from '@codemirror/lang-sql';
import { Compartment, EditorState, Prec, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef, type JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';

export interface SqlEditorProps {
  value: string;
  /** The database backend (`duckdb`, `sqlite`, `postgresql`, `mysql`): picks the SQL dialect. */
  backend: string | null;
  /** Table names offered by autocomplete. */
  tableNames: readonly string[];
  onChange: (sql: string) => void;
  /** Ctrl/Cmd+Enter. */
  onRun: () => void;
}

/** The CodeMirror dialect of a backend; DuckDB reads like PostgreSQL. */
export function dialectOfBackend(backend: string | null): SQLDialect {
  switch (backend) {
    case 'postgresql':
    case 'duckdb':
      return PostgreSQL;
    case 'mysql':
      return MySQL;
    case 'sqlite':
      return SQLite;
    default:
      return StandardSQL;
  }
}

/** The editing basics: line numbers, history, brackets, highlighting and autocomplete. */
const editingBasics: Extension = [
  lineNumbers(),
  history(),
  drawSelection(),
  indentOnInput(),
  bracketMatching(),
  closeBrackets(),
  autocompletion(),
  highlightActiveLine(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap]),
];

function languageFor(backend: string | null, tableNames: readonly string[]): ReturnType<typeof sql> {
  return sql({
    dialect: dialectOfBackend(backend),
    upperCaseKeywords: true,
    schema: Object.fromEntries(tableNames.map((name) => [name, []])),
  });
}

/** SQL Lab's editor: CodeMirror 6 with SQL highlighting per dialect, autocomplete and Ctrl/Cmd+Enter to run. */
export function SqlEditor({ value, backend, tableNames, onChange, onRun }: SqlEditorProps): JSX.Element {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const languageRef = useRef(new Compartment());
  // The latest callbacks, read by the editor's handlers without recreating the editor.
  const onChangeRef = useRef(onChange);
  const onRunRef = useRef(onRun);
  useEffect(() => {
    onChangeRef.current = onChange;
    onRunRef.current = onRun;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return undefined;
    const runKeys = Prec.highest(
      keymap.of([
        {
          key: 'Mod-Enter',
          run: () => {
            onRunRef.current();
            return true;
          },
        },
      ]),
    );
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: value,
        extensions: [
          runKeys,
          editingBasics,
          languageRef.current.of(languageFor(backend, tableNames)),
          EditorView.lineWrapping,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
          EditorView.contentAttributes.of({ 'aria-label': 'SQL editor' }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The editor is created once; value, dialect and tables are pushed in by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const view = viewRef.current;
    if (view === null) return;
    const current = view.state.doc.toString();
    if (current !== value) view.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: languageRef.current.reconfigure(languageFor(backend, tableNames)) });
  }, [backend, tableNames]);

  return <Host ref={hostRef} data-testid={testIds.sqlLab.editor} />;
}

const Host = styled.div`
  height: 100%;
  min-height: 120px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};

  .cm-editor {
    height: 100%;
    font-size: ${({ theme }) => theme.fontSizes.s}px;
  }

  .cm-editor.cm-focused {
    outline: none;
  }
`;
