import type { JSX } from 'react';
import styled from 'styled-components';
import type { DashboardDataset } from '@/api/generated/DashboardDataset';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { testIds } from '@/testIds';
import { filterFieldStyles } from './filterFieldStyles';
import { selectFilterSettings, withSelectFilterSettings, type SelectFilterSettings } from './selectFilterSettings';

export const sortFilterValuesLabel = 'Sort filter values';
export const sortMetricLabel = 'Sort Metric';
export const firstItemDefaultLabel = 'Select first filter value by default';
/** Superset's hint on the disabled default value. */
export const firstItemDefaultHint = 'Default value set automatically when "Select first filter value by default" is checked';

export interface SelectFilterSettingsFieldsProps {
  draft: NativeFilter;
  /** The filter's dataset: its metrics are the sort metrics offered. */
  dataset: DashboardDataset | undefined;
  onChange: (draft: NativeFilter) => void;
}

interface CheckboxSetting {
  setting: 'isMultiple' | 'isFirstItemDefault' | 'isInverseSelection' | 'searchesAllOptions';
  label: string;
  testId: string;
}

/** Superset's select filter controls, in its order. */
const checkboxSettings: readonly CheckboxSetting[] = [
  { setting: 'isMultiple', label: 'Can select multiple values', testId: testIds.dashboardFilters.multipleCheckbox },
  { setting: 'isFirstItemDefault', label: firstItemDefaultLabel, testId: testIds.dashboardFilters.firstItemCheckbox },
  { setting: 'isInverseSelection', label: 'Inverse selection', testId: testIds.dashboardFilters.inverseCheckbox },
  { setting: 'searchesAllOptions', label: 'Dynamically search all filter values', testId: testIds.dashboardFilters.searchAllCheckbox },
];

/** A Value filter's settings: multiple values, first value by default, inverse selection, search, and sorting by value or metric. */
export function SelectFilterSettingsFields({ draft, dataset, onChange }: SelectFilterSettingsFieldsProps): JSX.Element {
  const settings = selectFilterSettings(draft);
  const isSorted = settings.sortAscending !== undefined;
  const change = (changes: Partial<SelectFilterSettings>): void => onChange(withSelectFilterSettings(draft, changes));
  return (
    <>
      {checkboxSettings.map(({ setting, label, testId }) => (
        <Check key={setting}>
          <input type="checkbox" data-testid={testId} checked={settings[setting]} onChange={(event) => change({ [setting]: event.target.checked })} />
          {label}
        </Check>
      ))}
      <Check>
        <input
          type="checkbox"
          data-testid={testIds.dashboardFilters.sortCheckbox}
          checked={isSorted}
          onChange={(event) => change({ sortAscending: event.target.checked ? true : undefined })}
        />
        {sortFilterValuesLabel}
      </Check>
      {isSorted && (
        <SortFields>
          <Check>
            <input
              type="radio"
              name={`sort-${draft.id}`}
              data-testid={testIds.dashboardFilters.sortAscendingRadio}
              checked={settings.sortAscending === true}
              onChange={() => change({ sortAscending: true })}
            />
            Sort ascending
          </Check>
          <Check>
            <input
              type="radio"
              name={`sort-${draft.id}`}
              data-testid={testIds.dashboardFilters.sortDescendingRadio}
              checked={settings.sortAscending === false}
              onChange={() => change({ sortAscending: false })}
            />
            Sort descending
          </Check>
          <Field title="If a metric is specified, sorting will be done based on the metric value">
            <FieldLabel>{sortMetricLabel}</FieldLabel>
            <NativeSelect
              aria-label={sortMetricLabel}
              data-testid={testIds.dashboardFilters.sortMetricSelect}
              value={settings.sortMetric ?? ''}
              onChange={(event) => change({ sortMetric: event.target.value === '' ? undefined : event.target.value })}
            >
              <option value="">None</option>
              {(dataset?.metrics ?? []).map((metric) => (
                <option key={metric.metric_name} value={metric.metric_name}>
                  {metric.verbose_name ?? metric.metric_name}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </SortFields>
      )}
    </>
  );
}

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const SortFields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  padding-left: ${({ theme }) => theme.gridUnit * 6}px;
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

const NativeSelect = styled.select`
  ${filterFieldStyles}
`;
