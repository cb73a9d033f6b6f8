import { useState, type JSX } from 'react';
import styled from 'styled-components';
import type { AdhocFilter } from '@/api/generated/AdhocFilter';
import type { Dataset } from '@/api/generated/Dataset';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';
import { AdhocFilterEditor } from './AdhocFilterEditor';
import { adhocFilterLabel } from './adhocFilters';
import { useDatasourceDrop } from './useDatasourceDrop';
import { Chip, Remove } from './controlChips';

export interface AdhocFiltersControlProps {
  dataset: Dataset;
  value: readonly AdhocFilter[];
  isInvalid: boolean;
  onChange: (filters: AdhocFilter[]) => void;
}

/** What the editor is open on: a new filter (maybe with a dropped column) or the saved filter at `index`. */
type EditorTarget = { kind: 'new'; subject: string | null; key: number } | { kind: 'saved'; index: number; key: number };

/**
 * The "Filters" control (`adhoc_filters`): chips, and Superset's filter popover (Simple and Custom
 * SQL tabs) to add one. A chip reopens its filter; Save updates it in place. A column dropped from
 * the datasource panel starts a new filter on it.
 */
export function AdhocFiltersControl({ dataset, value, isInvalid, onChange }: AdhocFiltersControlProps): JSX.Element {
  const [target, setTarget] = useState<EditorTarget | null>(null);
  // Remounts the editor for each filter it opens on.
  const [openCount, setOpenCount] = useState(0);
  const drop = useDatasourceDrop(['column'], (item) => open({ kind: 'new', subject: item.name }));

  function open(next: { kind: 'new'; subject: string | null } | { kind: 'saved'; index: number }): void {
    setTarget({ ...next, key: openCount + 1 });
    setOpenCount((count) => count + 1);
  }

  function save(filter: AdhocFilter): void {
    if (target?.kind === 'saved') onChange(value.map((saved, index) => (index === target.index ? filter : saved)));
    else onChange([...value, filter]);
    setTarget(null);
  }

  const editedFilter = target?.kind === 'saved' ? (value[target.index] ?? null) : null;

  return (
    <div {...drop.handlers}>
      <Chips $isInvalid={isInvalid} $isDropTarget={drop.isOver}>
        {value.map((filter, index) => (
          <Chip key={filter.filterOptionName ?? index} data-testid={testIds.explore.filterChip} data-clause={filter.clause}>
            <ChipLabel type="button" title="Edit filter" aria-label={`Edit ${adhocFilterLabel(filter)}`} onClick={() => open({ kind: 'saved', index })}>
              {adhocFilterLabel(filter)}
            </ChipLabel>
            <Remove
              type="button"
              aria-label={`Remove ${adhocFilterLabel(filter)}`}
              onClick={() => {
                onChange(value.filter((chosen) => chosen !== filter));
                setTarget(null);
              }}
            >
              ×
            </Remove>
          </Chip>
        ))}
        {target === null && (
          <Button $variant="link" data-testid={testIds.explore.addFilterButton} onClick={() => open({ kind: 'new', subject: null })}>
            + Add filter
          </Button>
        )}
      </Chips>
      {target !== null && (
        <AdhocFilterEditor
          key={target.key}
          dataset={dataset}
          filter={editedFilter}
          initialSubject={target.kind === 'new' ? target.subject : null}
          onSave={save}
          onCancel={() => setTarget(null)}
        />
      )}
    </div>
  );
}

const Chips = styled.div<{ $isInvalid: boolean; $isDropTarget: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  min-height: 32px;
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px ${({ $isDropTarget }) => ($isDropTarget ? 'dashed' : 'solid')}
    ${({ theme, $isInvalid, $isDropTarget }) => ($isDropTarget ? theme.colors.primary.base : $isInvalid ? theme.colors.error.base : theme.colors.border)};
  border-radius: ${({ theme }) => theme.borderRadius}px;
`;

const ChipLabel = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  cursor: pointer;
  font: inherit;
  text-align: left;
`;
