import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { AdhocFilter } from '@/api/generated/AdhocFilter';
import type { Dataset } from '@/api/generated/Dataset';
import type { FilterClause } from '@/api/generated/FilterClause';
import type { FilterOperator } from '@/api/generated/FilterOperator';
import { queryKeys } from '@/api/queryKeys';
import { AsyncSelect, type FetchSelectOptionsPage } from '@/components/AsyncSelect';
import { Button } from '@/components/Button';
import { Select } from '@/components/Select';
import { fastSearchDebounceMs } from '@/components/selectLimits';
import { testIds } from '@/testIds';
import {
  filterClauseChoices,
  filterOperatorChoices,
  isFilterClause,
  operatorTakesList,
  operatorTakesValue,
  simpleAdhocFilter,
  simpleFilterValues,
  sqlAdhocFilter,
} from './adhocFilters';
import { columnValuesPageFetcher } from './columnValueOptions';
import { PopoverTab, PopoverTabs } from './popoverTabs';
import { SqlExpressionField } from './SqlExpressionField';
import { Actions, FieldLabel, LabelInput } from './controlPopoverParts';

export interface AdhocFilterEditorProps {
  dataset: Dataset;
  /** The saved filter being edited, or null for a new one. */
  filter: AdhocFilter | null;
  /** The column a new filter starts with (a column dropped from the datasource panel). */
  initialSubject?: string | null;
  onSave: (filter: AdhocFilter) => void;
  onCancel: () => void;
}

type FilterTab = 'SIMPLE' | 'SQL';

function isFilterOperator(value: string): value is FilterOperator {
  return filterOperatorChoices.some((choice) => choice.value === value);
}

const noValuesPage: FetchSelectOptionsPage = () => Promise.resolve({ options: [], totalCount: 0 });

/**
 * Superset's filter popover: a "Simple" tab (column, operator, value) and a "Custom SQL" tab (a
 * WHERE or HAVING clause and its SQL). Editing a saved filter keeps its `filterOptionName`.
 */
export function AdhocFilterEditor({ dataset, filter, initialSubject = null, onSave, onCancel }: AdhocFilterEditorProps): JSX.Element {
  const isSimpleFilter = filter?.expressionType !== 'SQL';
  const initialValues = filter !== null && isSimpleFilter ? simpleFilterValues(filter) : { valueText: '', listValues: [] };
  const [tab, setTab] = useState<FilterTab>(filter?.expressionType ?? 'SIMPLE');
  const [subject, setSubject] = useState<string | null>(isSimpleFilter ? (filter?.subject ?? initialSubject) : initialSubject);
  const [operator, setOperator] = useState<FilterOperator>(() => {
    const saved = isSimpleFilter ? filter?.operator?.toUpperCase() : undefined;
    return saved !== undefined && isFilterOperator(saved) ? saved : '==';
  });
  const [valueText, setValueText] = useState(initialValues.valueText);
  const [listValues, setListValues] = useState<string[]>(initialValues.listValues);
  const [clause, setClause] = useState<FilterClause>(filter?.expressionType === 'SQL' ? filter.clause : 'WHERE');
  const [sqlExpression, setSqlExpression] = useState(filter?.expressionType === 'SQL' ? (filter.sqlExpression ?? '') : '');
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
  const isComplete = tab === 'SQL' ? sqlExpression.trim() !== '' : subject !== null && (!takesValue || hasValue);

  /** A reopened filter keeps its name, so it is updated in place. */
  function keepName(saved: AdhocFilter): AdhocFilter {
    return filter?.filterOptionName === undefined ? saved : { ...saved, filterOptionName: filter.filterOptionName };
  }

  function save(): void {
    if (tab === 'SQL') {
      if (sqlExpression.trim() !== '') onSave(keepName(sqlAdhocFilter(sqlExpression, clause)));
      return;
    }
    if (subject === null) return;
    const column = dataset.columns.find((candidate) => candidate.column_name === subject);
    const saved = simpleAdhocFilter(subject, operator, takesList ? listValues : valueText, column);
    // A stored SIMPLE HAVING filter stays HAVING when it is edited.
    onSave(keepName(filter !== null && isSimpleFilter ? { ...saved, clause: filter.clause } : saved));
  }

  return (
    <Editor
      role="group"
      aria-label={filter === null ? 'Add filter' : 'Edit filter'}
      data-testid={testIds.explore.filterEditor}
      onKeyDown={(event) => {
        // Escape that closed a list or the SQL editor's completions is not for the editor.
        if (event.key === 'Escape' && !event.defaultPrevented) onCancel();
      }}
    >
      <PopoverTabs role="tablist" aria-label="Filter type">
        <PopoverTab role="tab" type="button" aria-selected={tab === 'SIMPLE'} data-testid={testIds.explore.filterSimpleTab} onClick={() => setTab('SIMPLE')}>
          Simple
        </PopoverTab>
        <PopoverTab role="tab" type="button" aria-selected={tab === 'SQL'} data-testid={testIds.explore.filterSqlTab} onClick={() => setTab('SQL')}>
          Custom SQL
        </PopoverTab>
      </PopoverTabs>
      {tab === 'SIMPLE' ? (
        <Fields role="tabpanel" aria-label="Simple">
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
            <LabelInput
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
        </Fields>
      ) : (
        <Fields role="tabpanel" aria-label="Custom SQL">
          <Select
            mode="single"
            ariaLabel="Filter clause"
            options={filterClauseChoices}
            value={clause}
            testId={testIds.explore.filterClauseSelect}
            onChange={(chosen) => {
              if (isFilterClause(chosen)) setClause(chosen);
            }}
          />
          <FieldLabel>{clause === 'WHERE' ? 'Filters rows before they are grouped.' : 'Filters groups by their metrics, after grouping.'}</FieldLabel>
          <SqlExpressionField
            dataset={dataset}
            value={sqlExpression}
            ariaLabel="Filter SQL"
            testId={testIds.explore.filterSqlEditor}
            onChange={setSqlExpression}
          />
        </Fields>
      )}
      <Actions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button $variant="primary" disabled={!isComplete} data-testid={testIds.explore.filterSaveButton} onClick={save}>
          Save
        </Button>
      </Actions>
    </Editor>
  );
}

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

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;
