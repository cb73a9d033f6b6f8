import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { AdhocFilter } from '@/api/generated/AdhocFilter';
import type { Dataset } from '@/api/generated/Dataset';
import type { FilterOperator } from '@/api/generated/FilterOperator';
import { queryKeys } from '@/api/queryKeys';
import { AsyncSelect, type FetchSelectOptionsPage } from '@/components/AsyncSelect';
import { Button } from '@/components/Button';
import { Select } from '@/components/Select';
import { fastSearchDebounceMs } from '@/components/selectLimits';
import { testIds } from '@/testIds';
import { adhocFilterLabel, filterOperatorChoices, operatorTakesList, operatorTakesValue, simpleAdhocFilter } from './adhocFilters';
import { columnValuesPageFetcher } from './columnValueOptions';

export interface AdhocFiltersControlProps {
  dataset: Dataset;
  value: readonly AdhocFilter[];
  isInvalid: boolean;
  onChange: (filters: AdhocFilter[]) => void;
}

function isFilterOperator(value: string): value is FilterOperator {
  return filterOperatorChoices.some((choice) => choice.value === value);
}

const noValuesPage: FetchSelectOptionsPage = () => Promise.resolve({ options: [], totalCount: 0 });

/** The "Filters" control (`adhoc_filters`): chips, and a compact editor for a SIMPLE WHERE filter. */
export function AdhocFiltersControl({ dataset, value, isInvalid, onChange }: AdhocFiltersControlProps): JSX.Element {
  const [isAdding, setIsAdding] = useState(false);
  const [subject, setSubject] = useState<string | null>(null);
  const [operator, setOperator] = useState<FilterOperator>('==');
  const [valueText, setValueText] = useState('');
  const [listValues, setListValues] = useState<string[]>([]);
  const queryClient = useQueryClient();
  const fetchValuesPage = useMemo(
    () => (subject === null ? noValuesPage : columnValuesPageFetcher(queryClient, dataset.id, subject)),
    [queryClient, dataset.id, subject],
  );

  const columnOptions = dataset.columns
    .filter((column) => column.filterable)
    .map((column) => ({ value: column.column_name, label: column.verbose_name ?? column.column_name }));
  const takesValue = operatorTakesValue(operator);
  const takesList = operatorTakesList(operator);
  const hasValue = takesList ? listValues.length > 0 : valueText.trim() !== '';
  const isComplete = subject !== null && (!takesValue || hasValue);

  function closeEditor(): void {
    setIsAdding(false);
    setSubject(null);
    setOperator('==');
    setValueText('');
    setListValues([]);
  }

  function save(): void {
    if (subject === null) return;
    const column = dataset.columns.find((candidate) => candidate.column_name === subject);
    onChange([...value, simpleAdhocFilter(subject, operator, takesList ? listValues : valueText, column)]);
    closeEditor();
  }

  return (
    <div>
      <Chips $isInvalid={isInvalid}>
        {value.map((filter, index) => (
          <Chip key={filter.filterOptionName ?? index} data-testid={testIds.explore.filterChip}>
            {adhocFilterLabel(filter)}
            <Remove
              type="button"
              aria-label={`Remove ${adhocFilterLabel(filter)}`}
              onClick={() => onChange(value.filter((chosen) => chosen !== filter))}
            >
              ×
            </Remove>
          </Chip>
        ))}
        {!isAdding && (
          <Button $variant="link" data-testid={testIds.explore.addFilterButton} onClick={() => setIsAdding(true)}>
            + Add filter
          </Button>
        )}
      </Chips>
      {isAdding && (
        <Editor
          role="group"
          aria-label="Add filter"
          data-testid={testIds.explore.filterEditor}
          onKeyDown={(event) => {
            if (event.key === 'Escape') closeEditor();
          }}
        >
          <Select
            mode="single"
            ariaLabel="Filter column"
            placeholder="Select column"
            options={columnOptions}
            value={subject}
            testId={testIds.explore.filterColumnSelect}
            onChange={(chosen) => {
              setSubject(chosen);
              setListValues([]);
            }}
          />
          <Select
            mode="single"
            ariaLabel="Filter operator"
            options={filterOperatorChoices}
            value={operator}
            testId={testIds.explore.filterOperatorSelect}
            onChange={(chosen) => {
              if (isFilterOperator(chosen)) setOperator(chosen);
            }}
          />
          {takesList && (
            <AsyncSelect
              key={subject ?? ''}
              mode="multiple"
              ariaLabel="Filter values"
              placeholder="Select or paste values"
              allowsNewOptions
              queryKey={queryKeys.columnValueOptions(dataset.id, subject ?? '')}
              fetchPage={fetchValuesPage}
              searchDebounceMs={fastSearchDebounceMs}
              value={listValues}
              testId={testIds.explore.filterValuesSelect}
              onChange={setListValues}
            />
          )}
          {takesValue && !takesList && (
            <ValueInput
              aria-label="Filter value"
              placeholder="Value"
              data-testid={testIds.explore.filterValueInput}
              value={valueText}
              onChange={(event) => setValueText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  if (isComplete) save();
                }
              }}
            />
          )}
          <EditorButtons>
            <Button onClick={closeEditor}>Cancel</Button>
            <Button $variant="primary" disabled={!isComplete} data-testid={testIds.explore.filterSaveButton} onClick={save}>
              Save
            </Button>
          </EditorButtons>
        </Editor>
      )}
    </div>
  );
}

const Chips = styled.div<{ $isInvalid: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  min-height: 32px;
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme, $isInvalid }) => ($isInvalid ? theme.colors.error.base : theme.colors.border)};
  border-radius: ${({ theme }) => theme.borderRadius}px;
`;

const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  padding: 0 ${({ theme }) => theme.gridUnit}px 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  line-height: 22px;
`;

const Remove = styled.button`
  padding: 0 2px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;

const Editor = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  margin-top: ${({ theme }) => theme.gridUnit * 2}px;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const ValueInput = styled.input`
  height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const EditorButtons = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;
