import type { JSX, ReactNode } from 'react';
import styled from 'styled-components';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { DashboardDataset } from '@/api/generated/DashboardDataset';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { Select } from '@/components/Select';
import { testIds } from '@/testIds';
import { useColumnValues } from './api';
import { scopeOfCharts } from './filterDrafts';
import { filterValueOf, optionKey, valueOptions, valuesOfKeys } from './filterValues';
import {
  filterColumnName,
  filterDatasetId,
  filterTypeNames,
  isMultipleSelect,
  isTimeFilterType,
  needsColumn,
  needsDataset,
  rangeFilterType,
  selectFilterType,
} from './nativeFilterConfig';
import { filterFieldStyles } from './filterFieldStyles';
import { RangeInputs } from './RangeInputs';
import { selectFilterSettings } from './selectFilterSettings';
import { firstItemDefaultHint, SelectFilterSettingsFields } from './SelectFilterSettingsFields';
import { TimeFilterControl } from './TimeFilterControl';

export interface FilterConfigFormProps {
  draft: NativeFilter;
  datasets: readonly DashboardDataset[];
  charts: readonly DashboardChart[];
  /** The other filters of the modal: the parents a value filter may depend on. */
  otherFilters: readonly NativeFilter[];
  /** The dashboard (a time column default lists its dataset's temporal columns). */
  idOrSlug: string;
  /** The error of the default range, from the core. */
  rangeError: string | null;
  /** 'Cannot create cyclic hierarchy' when the parent choice closes a cycle. */
  cascadeError: string | null;
  onChange: (draft: NativeFilter) => void;
}

const numericType = 0;
export const dependentFiltersLabel = 'Values are dependent on other filters';
export const parentFilterLabel = 'Values dependent on';

/** The settings of one filter: type, name, dataset and column, default value, options, parents, scope. */
export function FilterConfigForm({ draft, datasets, charts, otherFilters, idOrSlug, rangeError, cascadeError, onChange }: FilterConfigFormProps): JSX.Element {
  const datasetId = filterDatasetId(draft);
  const column = filterColumnName(draft);
  const dataset = datasets.find((candidate) => candidate.id === datasetId);
  const isRange = draft.filterType === rangeFilterType;
  const isSelect = draft.filterType === selectFilterType;
  const isTime = isTimeFilterType(draft.filterType);
  const parentChoices = otherFilters.filter((filter) => filter.filterType === selectFilterType);
  const isDependent = draft.cascadeParentIds.length > 0;
  const columns = (dataset?.columns ?? []).filter((candidate) => !isRange || candidate.type_generic === numericType);
  const allChartIds = charts.map((chart) => chart.id);
  const isSpecificScope = draft.scope.excluded.length > 0;
  const chartsInScope = allChartIds.filter((chartId) => !draft.scope.excluded.includes(chartId));

  function setControl(key: string, value: boolean): void {
    onChange({ ...draft, controlValues: { ...draft.controlValues, [key]: value } });
  }

  function setDefaultValue(value: unknown): void {
    onChange({ ...draft, defaultDataMask: { ...draft.defaultDataMask, filterState: value === null ? {} : { value } } });
  }

  return (
    <Form onSubmit={(event) => event.preventDefault()}>
      <Labeled label="Filter Type">
        <NativeSelect
          data-testid={testIds.dashboardFilters.filterTypeSelect}
          value={draft.filterType}
          onChange={(event) => {
            const filterType = event.target.value;
            onChange({
              ...draft,
              filterType,
              targets: [needsDataset(filterType) ? { datasetId } : {}],
              cascadeParentIds: filterType === selectFilterType ? draft.cascadeParentIds : [],
              defaultDataMask: { extraFormData: {}, filterState: {} },
            });
          }}
        >
          {Object.keys(filterTypeNames).map((type) => (
            <option key={type} value={type}>
              {filterTypeNames[type]}
            </option>
          ))}
        </NativeSelect>
      </Labeled>
      <Labeled label="Filter name">
        <TextInput data-testid={testIds.dashboardFilters.nameInput} value={draft.name} onChange={(event) => onChange({ ...draft, name: event.target.value })} />
      </Labeled>
      {needsDataset(draft.filterType) && (
        <Labeled label="Dataset">
          <NativeSelect
            data-testid={testIds.dashboardFilters.datasetSelect}
            value={datasetId ?? ''}
            onChange={(event) => onChange({ ...draft, targets: [{ datasetId: Number(event.target.value) }], defaultDataMask: { extraFormData: {}, filterState: {} } })}
          >
            <option value="" disabled>
              Select a dataset
            </option>
            {datasets.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.table_name}
              </option>
            ))}
          </NativeSelect>
        </Labeled>
      )}
      {needsColumn(draft.filterType) && (
        <Labeled label="Column">
          <NativeSelect
            data-testid={testIds.dashboardFilters.columnSelect}
            value={column ?? ''}
            disabled={dataset === undefined}
            onChange={(event) =>
              onChange({ ...draft, targets: [{ datasetId, column: { name: event.target.value } }], defaultDataMask: { extraFormData: {}, filterState: {} } })
            }
          >
            <option value="" disabled>
              Select a column
            </option>
            {columns.map((candidate) => (
              <option key={candidate.column_name} value={candidate.column_name}>
                {candidate.verbose_name ?? candidate.column_name}
              </option>
            ))}
          </NativeSelect>
        </Labeled>
      )}
      <Labeled label="Default Value">
        {isTime ? (
          <TimeFilterControl
            filter={draft}
            idOrSlug={idOrSlug}
            label="Default Value"
            value={typeof draft.defaultDataMask.filterState.value === 'string' ? draft.defaultDataMask.filterState.value : null}
            onChange={setDefaultValue}
          />
        ) : isRange ? (
          <RangeDefault draft={draft} error={rangeError} onChange={setDefaultValue} />
        ) : (
          <SelectDefault draft={draft} isDisabled={selectFilterSettings(draft).isFirstItemDefault} onChange={setDefaultValue} />
        )}
      </Labeled>
      <ControlCheckbox
        label="Filter value is required"
        testId={testIds.dashboardFilters.requiredCheckbox}
        isChecked={draft.controlValues.enableEmptyFilter === true}
        onChange={(isChecked) => setControl('enableEmptyFilter', isChecked)}
      />
      {isSelect && <SelectFilterSettingsFields draft={draft} dataset={dataset} onChange={onChange} />}
      {isSelect && (
        <Check>
          <input
            type="checkbox"
            data-testid={testIds.dashboardFilters.dependentCheckbox}
            checked={isDependent}
            disabled={!isDependent && parentChoices.length === 0}
            onChange={(event) => {
              const firstParent = parentChoices[0]?.id;
              onChange({ ...draft, cascadeParentIds: event.target.checked && firstParent !== undefined ? [firstParent] : [] });
            }}
          />
          {dependentFiltersLabel}
        </Check>
      )}
      {isSelect && isDependent && (
        <Labeled label={parentFilterLabel}>
          <NativeSelect
            data-testid={testIds.dashboardFilters.parentFilterSelect}
            aria-invalid={cascadeError !== null}
            value={draft.cascadeParentIds[0] ?? ''}
            onChange={(event) => onChange({ ...draft, cascadeParentIds: [event.target.value] })}
          >
            {parentChoices.map((parent) => (
              <option key={parent.id} value={parent.id}>
                {parent.name.trim() === '' ? parent.id : parent.name}
              </option>
            ))}
          </NativeSelect>
          {cascadeError !== null && (
            <FieldError role="alert" data-testid={testIds.dashboardFilters.cascadeError}>
              {cascadeError}
            </FieldError>
          )}
        </Labeled>
      )}
      <fieldset>
        <legend>Scoping</legend>
        <Check>
          <input
            type="radio"
            name="filter-scope"
            data-testid={testIds.dashboardFilters.scopeAllRadio}
            checked={!isSpecificScope}
            onChange={() => onChange({ ...draft, scope: scopeOfCharts(allChartIds, allChartIds) })}
          />
          Apply to all panels
        </Check>
        <Check>
          <input
            type="radio"
            name="filter-scope"
            data-testid={testIds.dashboardFilters.scopeSpecificRadio}
            checked={isSpecificScope}
            onChange={() => onChange({ ...draft, scope: scopeOfCharts(allChartIds, allChartIds.slice(0, Math.max(allChartIds.length - 1, 0))) })}
          />
          Apply to specific panels
        </Check>
        {isSpecificScope &&
          charts.map((chart) => (
            <Check key={chart.id} $isIndented>
              <input
                type="checkbox"
                data-testid={testIds.dashboardFilters.scopeChart}
                data-chart-id={chart.id}
                checked={chartsInScope.includes(chart.id)}
                onChange={(event) => {
                  const chosen = event.target.checked ? [...chartsInScope, chart.id] : chartsInScope.filter((chartId) => chartId !== chart.id);
                  onChange({ ...draft, scope: scopeOfCharts(allChartIds, chosen) });
                }}
              />
              {chart.slice_name}
            </Check>
          ))}
      </fieldset>
    </Form>
  );
}

interface SelectDefaultProps {
  draft: NativeFilter;
  /** "Select first filter value by default" is on: the default is the first value, not chosen here. */
  isDisabled: boolean;
  onChange: (value: unknown) => void;
}

function SelectDefault({ draft, isDisabled, onChange }: SelectDefaultProps): JSX.Element {
  const columnValues = useColumnValues(filterDatasetId(draft), filterColumnName(draft));
  const choices = columnValues.data ?? [];
  const value = filterValueOf(draft, draft.defaultDataMask);
  const keys = value.kind === 'select' ? value.values.map(optionKey) : [];
  if (isDisabled) {
    return (
      <DisabledDefault data-testid={testIds.dashboardFilters.defaultValueSelect} aria-disabled="true">
        {firstItemDefaultHint}
      </DisabledDefault>
    );
  }
  return (
    <Select
      mode="multiple"
      ariaLabel="Default Value"
      testId={testIds.dashboardFilters.defaultValueSelect}
      options={valueOptions(choices)}
      value={isMultipleSelect(draft) ? keys : keys.slice(0, 1)}
      onChange={(chosen) => {
        const chosenKeys = isMultipleSelect(draft) ? chosen : chosen.slice(-1);
        onChange(chosenKeys.length === 0 ? null : valuesOfKeys(chosenKeys, choices));
      }}
    />
  );
}

function RangeDefault({ draft, error, onChange }: { draft: NativeFilter; error: string | null; onChange: (value: unknown) => void }): JSX.Element {
  const value = filterValueOf(draft, draft.defaultDataMask);
  const [min, max] = value.kind === 'range' ? [value.min, value.max] : [null, null];
  return <RangeInputs label="Default Value" min={min} max={max} error={error} onChange={(nextMin, nextMax) => onChange(nextMin === null && nextMax === null ? null : [nextMin, nextMax])} />;
}

interface ControlCheckboxProps {
  label: string;
  testId: string;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
}

function ControlCheckbox({ label, testId, isChecked, onChange }: ControlCheckboxProps): JSX.Element {
  return (
    <Check>
      <input type="checkbox" data-testid={testId} checked={isChecked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </Check>
  );
}

function Labeled({ label, children }: { label: string; children: ReactNode }): JSX.Element {
  return (
    <Field>
      <FieldLabel>{label}</FieldLabel>
      {children}
    </Field>
  );
}

const Form = styled.form`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
  min-width: 0;

  fieldset {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.gridUnit}px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.borderRadius}px;
  }
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const FieldLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
`;

const FieldError = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const DisabledDefault = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const TextInput = styled.input`
  ${filterFieldStyles}
`;

const NativeSelect = styled.select`
  ${filterFieldStyles}
`;

const Check = styled.label<{ $isIndented?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding-left: ${({ theme, $isIndented = false }) => ($isIndented ? theme.gridUnit * 6 : 0)}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
