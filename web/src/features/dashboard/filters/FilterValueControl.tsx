import { useState, type JSX } from 'react';
import styled from 'styled-components';
import type { DataMask } from '@/api/generated/DataMask';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { errorMessage } from '@/api/errors';
import { Select } from '@/components/Select';
import { testIds } from '@/testIds';
import { loadNativeFilterRules } from '@/wasm/nativeFilters';
import { useColumnValues } from './api';
import { dataMaskFor, filterValueOf, optionKey, valueOptions, valuesOfKeys, type FilterValue } from './filterValues';
import { filterColumnName, filterDatasetId, isFilterValueRequired, isMultipleSelect } from './nativeFilterConfig';
import { RangeInputs } from './RangeInputs';

export interface FilterValueControlProps {
  filter: NativeFilter;
  /** The mask shown: the pending one, else the applied one. */
  mask: DataMask | undefined;
  onChange: (mask: DataMask) => void;
}

/** One native filter of the bar: its name and its value control (a select or a range). */
export function FilterValueControl({ filter, mask, onChange }: FilterValueControlProps): JSX.Element {
  const value = filterValueOf(filter, mask);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [shownRange, setShownRange] = useState<{ min: number | null; max: number | null } | null>(null);

  function emit(next: FilterValue): void {
    void loadNativeFilterRules().then((rules) => {
      try {
        onChange(dataMaskFor(rules, filter, next));
        setRangeError(null);
      } catch (error: unknown) {
        setRangeError(error instanceof Error ? error.message : String(error));
      }
    });
  }

  return (
    <Field data-testid={testIds.dashboardFilters.filterControl} data-filter-id={filter.id} data-filter-name={filter.name}>
      <Label>
        {filter.name}
        {isFilterValueRequired(filter) && <Required aria-hidden> *</Required>}
      </Label>
      {value.kind === 'range' ? (
        <RangeInputs
          label={filter.name}
          min={shownRange?.min ?? value.min}
          max={shownRange?.max ?? value.max}
          error={rangeError}
          onChange={(min, max) => {
            setShownRange({ min, max });
            emit({ kind: 'range', min, max });
          }}
        />
      ) : (
        <SelectValues filter={filter} values={value.values} onChange={(values) => emit({ kind: 'select', values })} />
      )}
    </Field>
  );
}

function SelectValues({ filter, values, onChange }: { filter: NativeFilter; values: unknown[]; onChange: (values: unknown[]) => void }): JSX.Element {
  const columnValues = useColumnValues(filterDatasetId(filter), filterColumnName(filter));
  const choices = columnValues.data ?? [];
  const options = valueOptions(choices);
  const keys = values.map(optionKey);
  const placeholder = columnValues.isError ? errorMessage(columnValues.error) : columnValues.isPending ? 'Loading…' : 'Select…';
  return isMultipleSelect(filter) ? (
    <Select
      mode="multiple"
      ariaLabel={filter.name}
      options={options}
      placeholder={placeholder}
      value={keys}
      onChange={(chosen) => onChange(valuesOfKeys(chosen, choices))}
    />
  ) : (
    <Select
      mode="single"
      ariaLabel={filter.name}
      options={options}
      placeholder={placeholder}
      value={keys[0] ?? null}
      onChange={(chosen) => onChange(valuesOfKeys([chosen], choices))}
    />
  );
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const Label = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
`;

const Required = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
`;
