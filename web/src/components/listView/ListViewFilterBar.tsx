import { useState, type JSX, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';

export interface ListViewFilter {
  /** The filter's key in the URL state. */
  id: string;
  /**
   * The list column it filters (Superset's filter id), which must be one of the list's columns
   * (spec 000 section 5); `id` when not given.
   */
  columnId?: string;
  label: string;
  /** `dateRange` holds "start,end" (two dates); see `dateRangeValue`. */
  kind: 'search' | 'select' | 'dateRange';
  options?: readonly { value: string; label: string }[];
}

/**
 * Spec 000 section 5: the search text is trimmed and applied on Enter or on blur; clearing the
 * input clears the filter at once. The box restarts from the applied value (keyed by it) when that
 * value changes.
 */
function SearchFilter({ filter, value, onApply }: { filter: ListViewFilter; value: string; onApply: (value: string) => void }): JSX.Element {
  const [text, setText] = useState(value);
  const apply = (): void => {
    const trimmed = text.trim();
    if (trimmed !== value) onApply(trimmed);
  };
  return (
    <FilterBox>
      <FilterLabel>{filter.label}</FilterLabel>
      <SearchInput
        type="search"
        aria-label={filter.label}
        placeholder="Type a value"
        value={text}
        data-testid={testIds.listView.search}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value === '' && value !== '') onApply('');
        }}
        onBlur={apply}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') apply();
        }}
      />
    </FilterBox>
  );
}

/** The two ends of a date range filter's value ("" for an end not chosen). */
export function dateRangeEnds(value: string): [string, string] {
  const [start = '', end = ''] = value.split(',');
  return [start, end];
}

/** Spec 000 section 5: a date range with either end empty is no filter (""). */
export function dateRangeValue(start: string, end: string): string {
  return start !== '' && end !== '' ? `${start},${end}` : '';
}

/** Two date inputs; the filter applies once both ends are set and is cleared when either is emptied. */
function DateRangeFilter({ filter, value, onApply }: { filter: ListViewFilter; value: string; onApply: (value: string) => void }): JSX.Element {
  const [ends, setEnds] = useState(() => dateRangeEnds(value));
  const [seenValue, setSeenValue] = useState(value);
  // The value changed from outside ("clear all filters", the URL): show it.
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== dateRangeValue(...ends)) setEnds(dateRangeEnds(value));
  }
  const change = (next: [string, string]): void => {
    setEnds(next);
    const nextValue = dateRangeValue(...next);
    if (nextValue !== value) onApply(nextValue);
  };
  return (
    <FilterBox as="div">
      <FilterLabel>{filter.label}</FilterLabel>
      <DateRange data-testid={testIds.listView.dateRangeFilter} data-filter-id={filter.id}>
        <DateInput type="date" aria-label={`${filter.label} start`} value={ends[0]} onChange={(event) => change([event.target.value, ends[1]])} />
        <DateInput type="date" aria-label={`${filter.label} end`} value={ends[1]} onChange={(event) => change([ends[0], event.target.value])} />
      </DateRange>
    </FilterBox>
  );
}

export interface ListViewFilterBarProps {
  filters: readonly ListViewFilter[];
  valueOf: (id: string) => string;
  onChange: (id: string, value: string) => void;
}

/** Spec 000 section 9: the widths of a list's filters. */
export const searchFilterWidth = 300;
export const selectFilterWidth = 175;

/** The list's filters: the search box and a date range are 300 px wide, selects 175 px (spec 000 section 9). */
export function ListViewFilterBar({ filters, valueOf, onChange }: ListViewFilterBarProps): JSX.Element {
  return (
    <FilterBar>
      {filters.map((filter) =>
        filter.kind === 'search' ? (
          <SearchFilter key={`${filter.id}:${valueOf(filter.id)}`} filter={filter} value={valueOf(filter.id)} onApply={(value) => onChange(filter.id, value)} />
        ) : filter.kind === 'dateRange' ? (
          <DateRangeFilter key={filter.id} filter={filter} value={valueOf(filter.id)} onApply={(value) => onChange(filter.id, value)} />
        ) : (
          <FilterBox key={filter.id}>
            <FilterLabel>{filter.label}</FilterLabel>
            <NativeSelect
              aria-label={filter.label}
              value={valueOf(filter.id)}
              data-testid={testIds.listView.selectFilter}
              data-filter-id={filter.id}
              onChange={(event) => onChange(filter.id, event.target.value)}
            >
              <option value="">Select or type a value</option>
              {(filter.options ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FilterBox>
        ),
      )}
    </FilterBar>
  );
}

const FilterBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
`;

export const FilterBox = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

export const FilterLabel = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const SearchInput = styled.input`
  width: ${searchFilterWidth}px;
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

export const NativeSelect = styled.select`
  width: ${selectFilterWidth}px;
  min-height: 32px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const DateRange = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit}px;
  width: ${searchFilterWidth}px;
`;

const DateInput = styled.input`
  flex: 1;
  min-width: 0;
  min-height: 32px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;
