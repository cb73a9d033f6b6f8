import { useEffect, useRef, useState, type JSX, type RefObject } from 'react';
import type { AdhocColumn } from '@/api/generated/AdhocColumn';
import type { ColumnRef } from '@/api/generated/ColumnRef';
import type { Dataset } from '@/api/generated/Dataset';
import { Select } from '@/components/Select';
import { testIds } from '@/testIds';
import { sqlAdhocColumn } from './adhocColumns';
import { PopoverTab, PopoverTabs } from './popoverTabs';
import { LabelledSqlPanel } from './LabelledSqlPanel';
import { PopoverActions } from './PopoverActions';
import { FieldLabel, Fields, Popover } from './controlPopoverParts';

type ColumnTab = 'simple' | 'sql';

export interface AdhocColumnPopoverProps {
  dataset: Dataset;
  /** The adhoc column being edited, or null for a new column. */
  column: AdhocColumn | null;
  /** Clicks inside this element (the control) are not clicks outside. */
  anchorRef: RefObject<HTMLElement | null>;
  onSave: (column: ColumnRef) => void;
  onClose: () => void;
}

/**
 * Superset's column popover: "Simple" picks a dataset column, "Custom SQL" makes an adhoc column
 * `{label, sqlExpression, expressionType: "SQL"}` with an editable label.
 */
export function AdhocColumnPopover({ dataset, column, anchorRef, onSave, onClose }: AdhocColumnPopoverProps): JSX.Element {
  const popoverRef = useRef<HTMLDivElement>(null);
  const [tab, setTab] = useState<ColumnTab>(column === null ? 'simple' : 'sql');
  const [columnName, setColumnName] = useState<string | null>(null);
  const [sqlExpression, setSqlExpression] = useState(column?.sqlExpression ?? '');
  // A label equal to the expression is the default one: the field stays empty and follows the SQL.
  const [label, setLabel] = useState(column !== null && column.label !== column.sqlExpression ? (column.label ?? '') : '');

  const columnOptions = dataset.columns
    .filter((candidate) => candidate.groupby)
    .map((candidate) => ({ value: candidate.column_name, label: candidate.verbose_name ?? candidate.column_name }));
  const isComplete = tab === 'simple' ? columnName !== null : sqlExpression.trim() !== '';

  useEffect(() => {
    if (column === null) popoverRef.current?.focus();
    function closeOnOutsideClick(event: MouseEvent): void {
      const target = event.target as Node;
      const isInside = popoverRef.current?.contains(target) === true || anchorRef.current?.contains(target) === true;
      if (!isInside) onClose();
    }
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => {
      document.removeEventListener('mousedown', closeOnOutsideClick);
    };
  }, [anchorRef, column, onClose]);

  function save(): void {
    if (tab === 'simple' && columnName !== null) onSave(columnName);
    if (tab === 'sql' && sqlExpression.trim() !== '') onSave(sqlAdhocColumn(sqlExpression, label));
  }

  return (
    <Popover
      ref={popoverRef}
      tabIndex={-1}
      role="dialog"
      aria-label={column === null ? 'Add column' : 'Edit column'}
      data-testid={testIds.explore.columnPopover}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onClose();
      }}
    >
      <PopoverTabs role="tablist" aria-label="Column source">
        <PopoverTab role="tab" type="button" aria-selected={tab === 'simple'} data-testid={testIds.explore.columnSimpleTab} onClick={() => setTab('simple')}>
          Simple
        </PopoverTab>
        <PopoverTab role="tab" type="button" aria-selected={tab === 'sql'} data-testid={testIds.explore.columnSqlTab} onClick={() => setTab('sql')}>
          Custom SQL
        </PopoverTab>
      </PopoverTabs>
      {tab === 'simple' ? (
        <Fields role="tabpanel" aria-label="Simple">
          <FieldLabel>Column</FieldLabel>
          <Select
            mode="single"
            ariaLabel="Column"
            placeholder="Select column"
            options={columnOptions}
            value={columnName}
            testId={testIds.explore.columnSimpleSelect}
            onChange={setColumnName}
          />
        </Fields>
      ) : (
        <LabelledSqlPanel
          dataset={dataset}
          label={label}
          sqlExpression={sqlExpression}
          emptyPlaceholder="My column"
          sqlAriaLabel="Column SQL"
          labelTestId={testIds.explore.columnLabelInput}
          sqlTestId={testIds.explore.columnSqlEditor}
          onLabelChange={setLabel}
          onSqlChange={setSqlExpression}
        />
      )}
      <PopoverActions canSave={isComplete} saveTestId={testIds.explore.columnSaveButton} onClose={onClose} onSave={save} />
    </Popover>
  );
}
