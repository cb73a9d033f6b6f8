import { autocompletion, closeBrackets, closeBracketsKeymap, completeFromList, completionKeymap, type Completion } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { MySQL, PostgreSQL, SQLite, StandardSQL, sql, type SQLDialect, type SQLNamespace } from '@codemirror/lang-sql';
import { Compartment, EditorState, Prec, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef, type JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import type { CursorPosition } from './editorTabs';

export interface SqlEditorProps {
  value: string;
  /** The database backend (`duckdb`, `sqlite`, `postgresql`, `mysql`): picks the SQL dialect. */
  backend: string | null;
  /** What autocomplete offers besides the dialect's keywords. */
  completion: EditorCompletion;
  onChange: (sql: string) => void;
  /** Ctrl/Cmd+Enter. */
  onRun: () => void;
  /** The selected text changed ('' once nothing is selected): Run runs the selection. */
  onSelectionChange?: (selectedText: string) => void;
  /** Ctrl+] and Ctrl+[: the next or previous editor tab. */
  onSwitchTab?: (direction: 1 | -1) => void;
  /** Ctrl+Shift+F. */
  onFormat?: () => void;
  /** Where the cursor starts (the tab's kept position); the start of the SQL when absent. */
  cursorPosition?: CursorPosition;
  /** The cursor moved (0-based row and column of the selection's head). */
  onCursorPositionChange?: (position: CursorPosition) => void;
}

/** The document offset of a row and column, clamped into the document. */
export function offsetOfPosition(doc: EditorState['doc'], position: CursorPosition): number {
  const line = doc.line(Math.min(doc.lines, Math.max(1, position.row + 1)));
  return line.from + Math.min(line.length, Math.max(0, position.column));
}

/** The 0-based row and column of a document offset. */
export function positionOfOffset(doc: EditorState['doc'], offset: number): CursorPosition {
  const line = doc.lineAt(offset);
  return { row: line.number - 1, column: offset - line.from };
}

/** The schemas of the database, and the tables of the editor's schema with their columns. */
export interface EditorCompletion {
  schemas: readonly string[];
  schema: string | null;
  tables: Readonly<Record<string, readonly string[]>>;
}

export const emptyCompletion: EditorCompletion = { schemas: [], schema: null, tables: {} };

/** Common SQL functions offered on every engine (the dialects bring their keywords and types). */
export const sqlFunctions: readonly string[] = [
  'ABS', 'AVG', 'CAST', 'CEIL', 'COALESCE', 'CONCAT', 'COUNT', 'CURRENT_DATE', 'CURRENT_TIMESTAMP', 'DATE_TRUNC',
  'EXTRACT', 'FLOOR', 'GREATEST', 'LEAST', 'LENGTH', 'LOWER', 'MAX', 'MIN', 'NULLIF', 'REPLACE', 'ROUND',
  'SUBSTRING', 'SUM', 'TRIM', 'UPPER',
];

/** CodeMirror's schema: every schema, the editor schema's tables with their columns. */
export function completionNamespace(completion: EditorCompletion): SQLNamespace {
  const tables: Record<string, string[]> = {};
  for (const [table, columns] of Object.entries(completion.tables)) tables[table] = [...columns];
  if (completion.schema === null) return tables;
  const namespace: Record<string, SQLNamespace> = {};
  for (const name of completion.schemas) namespace[name] = {};
  namespace[completion.schema] = tables;
  return namespace;
}

/** Unqualified column names (with their table as detail) and the functions. */
export function columnAndFunctionOptions(completion: EditorCompletion): Completion[] {
  const options: Completion[] = [];
  const seen = new Set<string>();
  for (const [table, columns] of Object.entries(completion.tables)) {
    for (const column of columns) {
      if (seen.has(column)) continue;
      seen.add(column);
      options.push({ label: column, type: 'property', detail: table, boost: 1 });
    }
  }
  for (const name of sqlFunctions) options.push({ label: name, type: 'function', apply: `${name}(` });
  return options;
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

function languageFor(backend: string | null, completion: EditorCompletion): Extension {
  const language = sql({
    dialect: dialectOfBackend(backend),
    upperCaseKeywords: true,
    schema: completionNamespace(completion),
    defaultSchema: completion.schema ?? undefined,
  });
  return [language, language.language.data.of({ autocomplete: completeFromList(columnAndFunctionOptions(completion)) })];
}

/** SQL Lab's editor: CodeMirror 6 with SQL highlighting per dialect, autocomplete and Ctrl/Cmd+Enter to run. */
export function SqlEditor({
  value,
  backend,
  completion,
  onChange,
  onRun,
  onSwitchTab,
  onFormat,
  onSelectionChange,
  cursorPosition,
  onCursorPositionChange,
}: SqlEditorProps): JSX.Element {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const languageRef = useRef(new Compartment());
  // The text selected when the selection last changed ('' when none).
  const selectedTextRef = useRef('');
  // The latest callbacks, read by the editor's handlers without recreating the editor.
  const onChangeRef = useRef(onChange);
  const onRunRef = useRef(onRun);
  const onSwitchTabRef = useRef(onSwitchTab);
  const onFormatRef = useRef(onFormat);
  const onSelectionChangeRef = useRef(onSelectionChange);
  const onCursorPositionChangeRef = useRef(onCursorPositionChange);
  useEffect(() => {
    onCursorPositionChangeRef.current = onCursorPositionChange;
    onChangeRef.current = onChange;
    onRunRef.current = onRun;
    onSwitchTabRef.current = onSwitchTab;
    onFormatRef.current = onFormat;
    onSelectionChangeRef.current = onSelectionChange;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return undefined;
    const switchTab = (direction: 1 | -1): boolean => {
      if (onSwitchTabRef.current === undefined) return false;
      onSwitchTabRef.current(direction);
      return true;
    };
    const runKeys = Prec.highest(
      keymap.of([
        {
          key: 'Mod-Enter',
          run: () => {
            onRunRef.current();
            return true;
          },
        },
        { key: 'Ctrl-]', run: () => switchTab(1) },
        { key: 'Ctrl-[', run: () => switchTab(-1) },
        {
          key: 'Ctrl-Shift-f',
          run: () => {
            if (onFormatRef.current === undefined) return false;
            onFormatRef.current();
            return true;
          },
        },
      ]),
    );
    const doc = EditorState.create({ doc: value }).doc;
    // The tab's kept cursor is where editing goes on (Superset restores `cursorPosition`).
    const anchor = cursorPosition === undefined ? 0 : offsetOfPosition(doc, cursorPosition);
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: value,
        selection: { anchor },
        extensions: [
          runKeys,
          editingBasics,
          languageRef.current.of(languageFor(backend, completion)),
          EditorView.lineWrapping,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
            if (update.docChanged || update.selectionSet) {
              const { from, to } = update.state.selection.main;
              const selectedText = update.state.sliceDoc(from, to);
              if (selectedText !== selectedTextRef.current) {
                selectedTextRef.current = selectedText;
                onSelectionChangeRef.current?.(selectedText);
              }
              const head = positionOfOffset(update.state.doc, update.state.selection.main.head);
              const before = positionOfOffset(update.startState.doc, update.startState.selection.main.head);
              if (head.row !== before.row || head.column !== before.column) onCursorPositionChangeRef.current?.(head);
            }
          }),
          EditorView.contentAttributes.of({ 'aria-label': 'SQL editor' }),
        ],
      }),
    });
    viewRef.current = view;
    // A new editor has nothing selected, whatever the tab kept from before.
    onSelectionChangeRef.current?.('');
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
    viewRef.current?.dispatch({ effects: languageRef.current.reconfigure(languageFor(backend, completion)) });
  }, [backend, completion]);

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
