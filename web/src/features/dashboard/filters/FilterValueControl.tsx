import { useEffect, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { DataMask } from '@/api/generated/DataMask';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { errorMessage } from '@/api/errors';
import { Select } from '@/components/Select';
import { useDebouncedValue } from '@/components/useDebouncedValue';
import { testIds } from '@/testIds';
import { loadNativeFilterRules } from '@/wasm/nativeFilters';
import { useSelectFilterValues } from './api';
import { dataMaskFor, filterValueOf, optionKey, valueOptions, valuesOfKeys, type FilterValue } from './filterValues';
import { isFilterValueRequired } from './nativeFilterConfig';
import { selectFilterSettings, selectValuesSource } from './selectFilterSettings';
import { RangeInputs } from './RangeInputs';
import { TimeFilterControl } from './TimeFilterControl';

export interface FilterValueControlProps {
  filter: NativeFilter;
  /** The mask shown: the pending one, else the applied one. */
  mask: DataMask | undefined;
  /** The masks of the filter's parents (`cascadeParentIds`), by parent id: its values depend on them. */
  parentMasks: Record<string, ExtraFormData>;
  /** The dashboard (a time column filter lists its dataset's temporal columns). */
  idOrSlug: string;
  onChange: (mask: DataMask) => void;
  /** Set when a chart's filter indicator asks for this filter: it is highlighted, scrolled to and focused (a new object each time). */
  focusRequest?: object | null;
  /** The highlighted filter lost the focus. */
  onBlur?: () => void;
}

/** One native filter of the bar: its name and its value control (a select, a range or a time filter). */
export function FilterValueControl({ filter, mask, parentMasks, idOrSlug, onChange, focusRequest = null, onBlur }: FilterValueControlProps): JSX.Element {
  const fieldRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const field = fieldRef.current;
    if (focusRequest === null || field === null) return;
    field.scrollIntoView({ block: 'nearest' });
    // The value input first: a multiple select draws its chosen values' remove buttons before it.
    const input = ['[role="combobox"]', 'input', 'select', 'button'].map((selector) => field.querySelector<HTMLElement>(selector)).find((element) => element !== null);
    input?.focus();
  }, [focusRequest]);
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
    <Field
      ref={fieldRef}
      data-testid={testIds.dashboardFilters.filterControl}
      data-filter-id={filter.id}
      data-filter-name={filter.name}
      data-focused={focusRequest !== null ? 'true' : 'false'}
      onBlur={(event) => {
        if (focusRequest !== null && !event.currentTarget.contains(event.relatedTarget)) onBlur?.();
      }}
    >
      <Label>
        {filter.name}
        {isFilterValueRequired(filter) && <Required aria-hidden> *</Required>}
      </Label>
      {value.kind === 'time' ? (
        <TimeFilterControl filter={filter} idOrSlug={idOrSlug} value={value.value} label={filter.name} onChange={(next) => emit({ kind: 'time', value: next })} />
      ) : value.kind === 'range' ? (
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
        <SelectValues filter={filter} values={value.values} parentMasks={parentMasks} onChange={(values) => emit({ kind: 'select', values })} />
      )}
    </Field>
  );
}

interface SelectValuesProps {
  filter: NativeFilter;
  values: unknown[];
  parentMasks: Record<string, ExtraFormData>;
  onChange: (values: unknown[]) => void;
}

/** How long typing waits before a filter with "Dynamically search all filter values" asks the server (Superset's slow debounce). */
export const filterSearchDebounceMs = 500;

/**
 * A Value filter's choices: the column's values, those its parents allow, ordered by its sort
 * settings; with "Dynamically search all filter values" the typed text is searched on the server.
 */
function SelectValues({ filter, values, parentMasks, onChange }: SelectValuesProps): JSX.Element {
  const [typedSearch, setTypedSearch] = useState('');
  const search = useDebouncedValue(typedSearch, filterSearchDebounceMs);
  const settings = selectFilterSettings(filter);
  const columnValues = useSelectFilterValues(selectValuesSource(filter, parentMasks, search));
  const choices = columnValues.data ?? [];
  const options = valueOptions(choices);
  const keys = values.map(optionKey);
  const placeholder = columnValues.isError ? errorMessage(columnValues.error) : columnValues.isPending ? 'Loading…' : 'Select…';
  const searchProps = settings.searchesAllOptions
    ? { filtersOptionsBySearch: false, isLoading: columnValues.isFetching, onSearchChange: setTypedSearch }
    : {};
  return settings.isMultiple ? (
    <Select
      mode="multiple"
      ariaLabel={filter.name}
      options={options}
      placeholder={placeholder}
      value={keys}
      onChange={(chosen) => onChange(valuesOfKeys(chosen, [...choices, ...values]))}
      {...searchProps}
    />
  ) : (
    <Select
      mode="single"
      ariaLabel={filter.name}
      options={options}
      placeholder={placeholder}
      value={keys[0] ?? null}
      onChange={(chosen) => onChange(valuesOfKeys([chosen], [...choices, ...values]))}
      {...searchProps}
    />
  );
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;

  &[data-focused='true'] {
    outline: 2px solid ${({ theme }) => theme.colors.primary.base};
    outline-offset: ${({ theme }) => theme.gridUnit}px;
  }
`;

const Label = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
`;

const Required = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
`;
