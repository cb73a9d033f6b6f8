import type { JSX } from 'react';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';
import { newCalculatedColumnDraft, type ColumnDraft } from '../datasetDraft';
import { CheckboxField, ItemRow } from './editorLayout';

export interface ColumnsPaneProps {
  /** Every column of the draft: the pane shows the source's or the calculated ones. */
  columns: ColumnDraft[];
  showsCalculated: boolean;
  onChange: (columns: ColumnDraft[]) => void;
  /** 'Sync columns from source' (the source columns' tab only). */
  onSync?: () => void;
}

/**
 * The Columns and Calculated columns tabs: label, temporal flag, date format, description and
 * certification and warning of each column; a calculated column's name and SQL expression are edited too.
 */
export function ColumnsPane({ columns, showsCalculated, onChange, onSync }: ColumnsPaneProps): JSX.Element {
  const update = (column: ColumnDraft, change: Partial<ColumnDraft>): void =>
    onChange(columns.map((candidate) => (candidate === column ? { ...candidate, ...change } : candidate)));
  const shown = columns.filter((column) => column.isCalculated === showsCalculated);
  return (
    <>
      {shown.map((column) => (
        <ItemRow key={column.id} data-testid={testIds.datasetEditor.columnRow}>
          {showsCalculated ? (
            <>
              <input
                aria-label="Column name"
                data-testid={testIds.datasetEditor.calculatedName}
                value={column.column_name}
                onChange={(event) => update(column, { column_name: event.target.value })}
              />
              <input
                aria-label="SQL expression"
                data-testid={testIds.datasetEditor.calculatedExpression}
                value={column.expression ?? ''}
                onChange={(event) => update(column, { expression: event.target.value })}
              />
            </>
          ) : (
            <>
              <strong>{column.column_name}</strong>
              <span>{column.type ?? ''}</span>
            </>
          )}
          <input
            aria-label="Label"
            data-testid={testIds.datasetEditor.columnVerboseName}
            value={column.verbose_name ?? ''}
            onChange={(event) => update(column, { verbose_name: event.target.value })}
          />
          <CheckboxField>
            <input
              type="checkbox"
              data-testid={testIds.datasetEditor.columnIsDttm}
              checked={column.is_dttm}
              onChange={(event) => update(column, { is_dttm: event.target.checked })}
            />
            Is temporal
          </CheckboxField>
          <input
            aria-label="Datetime format"
            placeholder="%Y-%m-%d"
            data-testid={testIds.datasetEditor.columnPythonDateFormat}
            value={column.python_date_format ?? ''}
            onChange={(event) => update(column, { python_date_format: event.target.value })}
          />
          <input
            aria-label="Certified by"
            data-testid={testIds.datasetEditor.columnCertifiedBy}
            value={column.certified_by}
            onChange={(event) => update(column, { certified_by: event.target.value })}
          />
          <input
            aria-label="Warning"
            data-testid={testIds.datasetEditor.columnWarningMarkdown}
            value={column.warning_markdown}
            onChange={(event) => update(column, { warning_markdown: event.target.value })}
          />
          {showsCalculated && (
            <Button $variant="link" aria-label="Delete column" onClick={() => onChange(columns.filter((candidate) => candidate !== column))}>
              ✕
            </Button>
          )}
        </ItemRow>
      ))}
      {showsCalculated ? (
        <Button data-testid={testIds.datasetEditor.addCalculatedColumn} onClick={() => onChange([...columns, newCalculatedColumnDraft()])}>
          + Add item
        </Button>
      ) : (
        <Button data-testid={testIds.datasetEditor.syncColumns} onClick={onSync}>
          Sync columns from source
        </Button>
      )}
    </>
  );
}
