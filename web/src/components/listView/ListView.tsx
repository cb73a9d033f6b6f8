import { useEffect, useState, type JSX, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';
import { clampPageIndex, pageCount, paginationText, withFilter, type ListViewState } from './listViewState';

export interface ListViewColumn<T> {
  id: string;
  header: string;
  /** The server's order_column when the header sorts. */
  sortKey?: string;
  render: (row: T) => ReactNode;
}

export interface ListViewFilter {
  id: string;
  label: string;
  kind: 'search' | 'select';
  options?: readonly { value: string; label: string }[];
}

export interface ListViewProps<T> {
  columns: readonly ListViewColumn<T>[];
  filters: readonly ListViewFilter[];
  rows: readonly T[];
  count: number;
  rowKey: (row: T) => number | string;
  isLoading: boolean;
  pageSize: number;
  state: ListViewState;
  onStateChange: (next: ListViewState) => void;
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

/** A list page's table: filters, sortable headers, pagination and the empty and loading states. */
export function ListView<T>({ columns, filters, rows, count, rowKey, isLoading, pageSize, state, onStateChange }: ListViewProps<T>): JSX.Element {
  const hasFilters = state.filters.length > 0;
  const filterValue = (id: string): string => state.filters.find((filter) => filter.id === id)?.value ?? '';
  const setFilter = (id: string, value: string): void =>
    onStateChange({ ...state, filters: withFilter(state.filters, id, value), pageIndex: 0 });

  // A page index beyond the last page resets to 0 once the count is known.
  useEffect(() => {
    if (isLoading) return;
    const clamped = clampPageIndex(state.pageIndex, pageSize, count);
    if (clamped !== state.pageIndex) onStateChange({ ...state, pageIndex: clamped });
  }, [isLoading, state, pageSize, count, onStateChange]);

  const sortBy = (sortKey: string): void => {
    const sortOrder = state.sortColumn === sortKey && state.sortOrder === 'asc' ? 'desc' : 'asc';
    onStateChange({ ...state, sortColumn: sortKey, sortOrder, pageIndex: 0 });
  };
  const lastPage = pageCount(pageSize, count) - 1;

  return (
    <Wrapper data-testid={testIds.listView.root}>
      <FilterBar>
        {filters.map((filter) =>
          filter.kind === 'search' ? (
            <SearchFilter key={`${filter.id}:${filterValue(filter.id)}`} filter={filter} value={filterValue(filter.id)} onApply={(value) => setFilter(filter.id, value)} />
          ) : (
            <FilterBox key={filter.id}>
              <FilterLabel>{filter.label}</FilterLabel>
              <NativeSelect
                aria-label={filter.label}
                value={filterValue(filter.id)}
                data-testid={testIds.listView.selectFilter}
                data-filter-id={filter.id}
                onChange={(event) => setFilter(filter.id, event.target.value)}
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
      <Table>
        <thead>
          <tr>
            {columns.map((column) => {
              const isSorted = column.sortKey !== undefined && state.sortColumn === column.sortKey;
              return (
                <Th
                  key={column.id}
                  aria-sort={isSorted ? (state.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
                  data-testid={testIds.listView.headerCell}
                  data-column-id={column.id}
                >
                  {column.sortKey === undefined ? (
                    column.header
                  ) : (
                    <SortButton type="button" onClick={() => sortBy(column.sortKey ?? column.id)}>
                      {column.header}
                      <span aria-hidden="true">{isSorted ? (state.sortOrder === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                    </SortButton>
                  )}
                </Th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {!isLoading &&
            rows.map((row) => (
              <tr key={rowKey(row)} data-testid={testIds.listView.row} data-row-id={rowKey(row)}>
                {columns.map((column) => (
                  <Td key={column.id} data-column-id={column.id}>
                    {column.render(row)}
                  </Td>
                ))}
              </tr>
            ))}
        </tbody>
      </Table>
      {isLoading && <Muted data-testid={testIds.listView.loading}>Loading...</Muted>}
      {!isLoading && rows.length === 0 && (
        <Empty data-testid={testIds.listView.empty}>
          {hasFilters ? (
            <>
              <EmptyTitle>No results match your filter criteria</EmptyTitle>
              <p>Try different criteria to display results.</p>
              <Button $variant="primary" data-testid={testIds.listView.clearFilters} onClick={() => onStateChange({ ...state, filters: [], pageIndex: 0 })}>
                clear all filters
              </Button>
            </>
          ) : (
            <EmptyTitle>No Data</EmptyTitle>
          )}
        </Empty>
      )}
      {!isLoading && count > 0 && (
        <Pagination aria-label="Pagination">
          <Button disabled={state.pageIndex <= 0} aria-label="Previous page" onClick={() => onStateChange({ ...state, pageIndex: state.pageIndex - 1 })}>
            ‹
          </Button>
          <span>
            Page {state.pageIndex + 1} of {lastPage + 1}
          </span>
          <Button disabled={state.pageIndex >= lastPage} aria-label="Next page" onClick={() => onStateChange({ ...state, pageIndex: state.pageIndex + 1 })}>
            ›
          </Button>
          <Muted data-testid={testIds.listView.paginationText}>{paginationText(state.pageIndex, pageSize, count)}</Muted>
        </Pagination>
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
`;

const FilterBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
`;

const FilterBox = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const FilterLabel = styled.span`
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

const NativeSelect = styled.select`
  width: 175px;
  min-height: 32px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
`;

const Th = styled.th`
  text-align: left;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SortButton = styled.button`
  border: none;
  background: none;
  padding: 0;
  color: inherit;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;

const Td = styled.td`
  height: 39px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.m}px;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding: ${({ theme }) => theme.gridUnit * 8}px;
`;

const EmptyTitle = styled.strong`
  font-size: ${({ theme }) => theme.fontSizes.l}px;
`;

const Pagination = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
`;
