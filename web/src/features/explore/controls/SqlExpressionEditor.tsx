import { autocompletion, closeBrackets, closeBracketsKeymap, completeFromList, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { sql } from '@codemirror/lang-sql';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef, type JSX } from 'react';
import styled from 'styled-components';
import type { Dataset } from '@/api/generated/Dataset';
import { columnAndFunctionOptions, dialectOfBackend } from '@/features/sqllab/SqlEditor';

export interface SqlExpressionEditorProps {
  /** The dataset whose columns autocomplete offers, and whose database picks the dialect. */
  dataset: Dataset;
  value: string;
  ariaLabel: string;
  testId?: string;
  onChange: (sql: string) => void;
}

function expressionLanguage(dataset: Dataset): Extension {
  const language = sql({ dialect: dialectOfBackend(dataset.database.backend), upperCaseKeywords: true });
  const completion = { schemas: [], schema: null, tables: { [dataset.table_name]: dataset.columns.map((column) => column.column_name) } };
  return [language, language.language.data.of({ autocomplete: completeFromList(columnAndFunctionOptions(completion)) })];
}

/**
 * The editor of one custom SQL expression (a metric, a column, a filter clause): SQL Lab's
 * CodeMirror setup without its run and tab keys, completing the dataset's columns and functions.
 */
export function SqlExpressionEditor({ dataset, value, ariaLabel, testId, onChange }: SqlExpressionEditorProps): JSX.Element {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return undefined;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap]),
          expressionLanguage(dataset),
          EditorView.lineWrapping,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
          EditorView.contentAttributes.of({ 'aria-label': ariaLabel }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // Created once per dataset; the value is pushed in by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataset]);

  useEffect(() => {
    const view = viewRef.current;
    if (view === null) return;
    const current = view.state.doc.toString();
    if (current !== value) view.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  return <Host ref={hostRef} data-testid={testId} />;
}

const Host = styled.div`
  min-height: 96px;
  max-height: 240px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};

  .cm-editor {
    min-height: 96px;
    font-size: ${({ theme }) => theme.fontSizes.s}px;
  }

  .cm-editor.cm-focused {
    outline: none;
  }
`;
