import { useCallback, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { ColumnRef } from '@/api/generated/ColumnRef';
import type { Dataset } from '@/api/generated/Dataset';
import type { DatasetColumn } from '@/api/generated/DatasetColumn';
import { Button } from '@/components/Button';
import { Select } from '@/components/Select';
import { testIds } from '@/testIds';
import { AdhocColumnPopover } from './AdhocColumnPopover';
import { columnRefLabel, isAdhocColumn, readColumnRefs, withChosenPhysicalColumns } from './adhocColumns';
import { useDatasourceDrop } from './useDatasourceDrop';
import { Chip, Remove } from './controlChips';

export interface ColumnControlProps {
  dataset: Dataset;
  label: string;
  /** A list of columns (`groupby`, `columns`) or one (`x_axis`, `series`). */
  isMulti: boolean;
  /** Temporal columns first, as the x-axis wants them. */
  prefersTemporal: boolean;
  value: unknown;
  isInvalid: boolean;
  onChange: (value: ColumnRef[] | string | null) => void;
}

function isTemporal(column: DatasetColumn): boolean {
  return column.is_dttm || column.type_generic === 2;
}

/** Which column the popover is open on: a new one, or the adhoc column at `index` of the list. */
type PopoverTarget = { kind: 'new' } | { kind: 'adhoc'; index: number };

/**
 * A dataset column picker: dimensions, raw columns, the x-axis, a series column. A list control
 * also takes custom SQL (adhoc) columns through "+ Add column" (above the select, so its open list
 * never covers it); their chips show the label and reopen the popover. Columns dragged from the datasource panel drop onto either kind.
 */
export function ColumnControl({ dataset, label, isMulti, prefersTemporal, value, isInvalid, onChange }: ColumnControlProps): JSX.Element {
  const rootRef = useRef<HTMLDivElement>(null);
  const [popover, setPopover] = useState<PopoverTarget | null>(null);
  const closePopover = useCallback(() => {
    setPopover(null);
  }, []);
  const groupable = dataset.columns.filter((column) => column.groupby);
  const ordered = prefersTemporal ? [...groupable.filter(isTemporal), ...groupable.filter((column) => !isTemporal(column))] : groupable;
  const options = ordered.map((column) => ({ value: column.column_name, label: column.verbose_name ?? column.column_name }));
  const columns = isMulti ? readColumnRefs(value) : [];
  const physical = columns.filter((column): column is string => typeof column === 'string');

  const drop = useDatasourceDrop(['column'], ({ name }) => {
    if (!groupable.some((column) => column.column_name === name)) return;
    if (!isMulti) onChange(name);
    else if (!physical.includes(name)) onChange([...columns, name]);
  });

  if (!isMulti) {
    return (
      <div {...drop.handlers}>
        <Select
          mode="single"
          ariaLabel={label}
          placeholder="Drop a column here or click"
          options={options}
          value={typeof value === 'string' && value !== '' ? value : null}
          isInvalid={isInvalid || drop.isOver}
          onChange={onChange}
        />
      </div>
    );
  }

  const editedColumn = popover?.kind === 'adhoc' ? columns[popover.index] : undefined;

  function save(column: ColumnRef): void {
    if (popover?.kind === 'adhoc') onChange(columns.map((current, index) => (index === popover.index ? column : current)));
    else if (typeof column !== 'string' || !physical.includes(column)) onChange([...columns, column]);
    setPopover(null);
  }

  return (
    <Root ref={rootRef} $isDropTarget={drop.isOver} {...drop.handlers}>
      <Chips>
        {columns.map((column, index) =>
          isAdhocColumn(column) ? (
            <Chip key={`${index}:${column.sqlExpression}`} data-testid={testIds.explore.adhocColumnChip} title={column.sqlExpression}>
              <ChipLabel type="button" aria-label={`Edit ${columnRefLabel(column)}`} onClick={() => setPopover({ kind: 'adhoc', index })}>
                {columnRefLabel(column)}
              </ChipLabel>
              <Remove
                type="button"
                aria-label={`Remove ${columnRefLabel(column)}`}
                onClick={() => {
                  onChange(columns.filter((_, position) => position !== index));
                  setPopover(null);
                }}
              >
                ×
              </Remove>
            </Chip>
          ) : null,
        )}
        <Button $variant="link" aria-expanded={popover !== null} data-testid={testIds.explore.addColumnButton} onClick={() => setPopover(popover === null ? { kind: 'new' } : null)}>
          + Add column
        </Button>
      </Chips>
      <Select
        mode="multiple"
        ariaLabel={label}
        placeholder="Drop columns here or click"
        options={options}
        value={physical}
        isInvalid={isInvalid}
        onChange={(chosen) => onChange(withChosenPhysicalColumns(columns, chosen))}
      />
      {popover !== null && (
        <AdhocColumnPopover
          key={popover.kind === 'adhoc' ? popover.index : 'new'}
          dataset={dataset}
          column={isAdhocColumn(editedColumn) ? editedColumn : null}
          anchorRef={rootRef}
          onSave={save}
          onClose={closePopover}
        />
      )}
    </Root>
  );
}

const Root = styled.div<{ $isDropTarget: boolean }>`
  position: relative;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  outline: ${({ theme, $isDropTarget }) => ($isDropTarget ? `1px dashed ${theme.colors.primary.base}` : 'none')};
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  margin-bottom: ${({ theme }) => theme.gridUnit}px;
`;

const ChipLabel = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  cursor: pointer;
  font: inherit;
`;
