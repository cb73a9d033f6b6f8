import { useState, type JSX, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';

export interface ListViewFilter {
  id: string;
  label: string;
  kind: 'search' | 'select';
  options?: readonly { value: string; label: string }[];
}

/** The search box; it restarts from the applied value (keyed by it) when that value changes. */
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
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') apply();
        }}
      />
    </FilterBox>
  );
}

export interface ListViewFilterBarProps {
  filters: readonly ListViewFilter[];
  valueOf: (id: string) => string;
  onChange: (id: string, value: string) => void;
}

/** The list's filters: the search box is 300 px wide, selects 175 px (spec 000 section 9). */
export function ListViewFilterBar({ filters, valueOf, onChange }: ListViewFilterBarProps): JSX.Element {
  return (
    <FilterBar>
      {filters.map((filter) =>
        filter.kind === 'search' ? (
          <SearchFilter key={`${filter.id}:${valueOf(filter.id)}`} filter={filter} value={valueOf(filter.id)} onApply={(value) => onChange(filter.id, value)} />
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
  width: 300px;
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

export const NativeSelect = styled.select`
  width: 175px;
  min-height: 32px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;
