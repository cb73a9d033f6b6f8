import { useEffect, useState, type JSX, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { EmptyState, type EmptyStateAction } from '@/components/EmptyState';
import { Pagination } from '@/components/pagination/Pagination';
import { testIds } from '@/testIds';
import type { TaggableResource } from '@/features/tags/api';
import { BulkSelectBar } from './BulkSelectBar';
import { BulkTagModal } from './BulkTagModal';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { ListViewCards } from './ListViewCards';
import { FilterBox, FilterLabel, ListViewFilterBar, NativeSelect, type ListViewFilter } from './ListViewFilterBar';
import { ListViewTable, type ListViewColumn } from './ListViewTable';
import { clampPageIndex, withFilter, type ListViewState, type SortOrder } from './listViewState';
import { useListFilterConfigError } from './useListFilterConfigError';
import { useRowSelection } from './useRowSelection';

export type { ListViewColumn } from './ListViewTable';
export type { ListViewFilter } from './ListViewFilterBar';

/** One choice of card mode's Sort select. */
export interface CardSortOption {
  label: string;
  sortColumn: string;
  sortOrder: SortOrder;
}

export interface ListViewCardMode<T> {
  render: (row: T) => ReactNode;
  sortOptions?: readonly CardSortOption[];
}

export interface ListViewBulkDelete<T> {
  /** The plural noun of the rows: "charts". */
  noun: string;
  /** Deletes the rows; the list clears its selection once it resolves. */
  onDelete: (rows: readonly T[]) => Promise<void>;
}

export interface ListViewBulkTag {
  /** The resource's tag object type: "chart". */
  resourceName: TaggableResource;
  /** After tagging (the list reloads its rows). */
  onTagged: () => void;
}

export interface ListViewProps<T> {
  columns: readonly ListViewColumn<T>[];
  filters: readonly ListViewFilter[];
  rows: readonly T[];
  count: number;
  rowKey: (row: T) => number;
  isLoading: boolean;
  pageSize: number;
  state: ListViewState;
  onStateChange: (next: ListViewState) => void;
  /** Offers card mode (viewMode in the URL) when given. */
  card?: ListViewCardMode<T>;
  /** Offers bulk select and bulk delete when given. */
  bulkDelete?: ListViewBulkDelete<T>;
  /** Offers "Add Tag" in the bulk selection bar when given. */
  bulkTag?: ListViewBulkTag;
  /** Adds "Export" to the bulk selection bar: downloads the picked rows as one bundle. */
  bulkExport?: (rows: readonly T[]) => Promise<void>;
  /** The page's create button ("+ Chart"), offered under "No Data" when the list is empty. */
  emptyStateAction?: EmptyStateAction;
}

/** A list page's body: filters, table or cards, bulk selection, pagination and the empty and loading states. */
export function ListView<T>({
  columns,
  filters,
  rows,
  count,
  rowKey,
  isLoading,
  pageSize,
  state,
  onStateChange,
  card,
  bulkDelete,
  bulkTag,
  bulkExport,
  emptyStateAction,
}: ListViewProps<T>): JSX.Element {
  const [isBulkSelecting, setIsBulkSelecting] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isTagging, setIsTagging] = useState(false);
  const selection = useRowSelection(rows.map(rowKey));
  const hasFilters = state.filters.length > 0;
  const filterValue = (id: string): string => state.filters.find((filter) => filter.id === id)?.value ?? '';
  const setFilter = (id: string, value: string): void => onStateChange({ ...state, filters: withFilter(state.filters, id, value), pageIndex: 0 });
  const isCardMode = card !== undefined && state.viewMode === 'card';
  const filterConfigError = useListFilterConfigError(
    filters.map((filter) => filter.columnId ?? filter.id),
    columns.map((column) => column.id),
  );

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
  const deleteSelected = async (): Promise<void> => {
    if (bulkDelete === undefined) return;
    setIsConfirmingDelete(false);
    const picked = rows.filter((row) => selection.isSelected(rowKey(row)));
    await bulkDelete.onDelete(picked);
    selection.clear();
  };
  const activeSelection = isBulkSelecting ? selection : null;

  // Superset's list view refuses to draw a list whose filters name no column.
  if (filterConfigError !== null) {
    return (
      <ConfigError role="alert" data-testid={testIds.listView.filterConfigError}>
        {filterConfigError}
      </ConfigError>
    );
  }

  return (
    <Wrapper data-testid={testIds.listView.root} data-view-mode={isCardMode ? 'card' : 'table'}>
      <Toolbar>
        <ListViewFilterBar filters={filters} valueOf={filterValue} onChange={setFilter} />
        <ToolbarActions>
          {isCardMode && card.sortOptions !== undefined && (
            <CardSortSelect options={card.sortOptions} state={state} onChange={(option) => onStateChange({ ...state, ...option, pageIndex: 0 })} />
          )}
          {card !== undefined && <ViewModeToggle state={state} onStateChange={onStateChange} />}
          {bulkDelete !== undefined && !isBulkSelecting && (
            <Button data-testid={testIds.listView.bulkSelectToggle} onClick={() => setIsBulkSelecting(true)}>
              Bulk select
            </Button>
          )}
        </ToolbarActions>
      </Toolbar>
      {isBulkSelecting && (
        <BulkSelectBar
          selectedCount={selection.selectedKeys.length}
          onDeselectAll={selection.clear}
          onDelete={() => setIsConfirmingDelete(true)}
          onAddTag={bulkTag === undefined ? undefined : () => setIsTagging(true)}
          onExport={bulkExport === undefined ? undefined : () => void bulkExport(rows.filter((row) => selection.isSelected(rowKey(row))))}
          onClose={() => {
            selection.clear();
            setIsBulkSelecting(false);
          }}
        />
      )}
      {isCardMode ? (
        <ListViewCards rows={rows} rowKey={rowKey} renderCard={card.render} isLoading={isLoading} selection={activeSelection} />
      ) : (
        <ListViewTable columns={columns} rows={rows} rowKey={rowKey} isLoading={isLoading} state={state} onSort={sortBy} selection={activeSelection} />
      )}
      {isLoading && !isCardMode && <Muted data-testid={testIds.listView.loading}>Loading...</Muted>}
      {!isLoading && rows.length === 0 && (
        <Empty data-testid={testIds.listView.empty}>
          {hasFilters ? (
            <EmptyState
              title="No results match your filter criteria"
              description="Try different criteria to display results."
              action={{ label: 'clear all filters', testId: testIds.listView.clearFilters, onClick: () => onStateChange({ ...state, filters: [], pageIndex: 0 }) }}
            />
          ) : (
            <EmptyState title="No Data" action={emptyStateAction} />
          )}
        </Empty>
      )}
      {!isLoading && count > 0 && (
        <Pagination
          pageIndex={state.pageIndex}
          pageSize={pageSize}
          count={count}
          onPageChange={(pageIndex) => onStateChange({ ...state, pageIndex })}
          testIds={{ rangeText: testIds.listView.paginationText }}
        />
      )}
      {isTagging && bulkTag !== undefined && (
        <BulkTagModal
          resourceName={bulkTag.resourceName}
          selectedIds={selection.selectedKeys}
          onClose={() => setIsTagging(false)}
          onTagged={() => {
            selection.clear();
            bulkTag.onTagged();
          }}
        />
      )}
      {isConfirmingDelete && bulkDelete !== undefined && (
        <ConfirmDeleteModal
          description={`Are you sure you want to delete the selected ${bulkDelete.noun}?`}
          onConfirm={() => void deleteSelected()}
          onClose={() => setIsConfirmingDelete(false)}
        />
      )}
    </Wrapper>
  );
}

/** Table or card mode; the choice goes to the URL as viewMode. */
function ViewModeToggle({ state, onStateChange }: { state: ListViewState; onStateChange: (next: ListViewState) => void }): JSX.Element {
  return (
    <ToggleGroup role="group" aria-label="View mode">
      <Button
        $variant={state.viewMode === 'card' ? 'primary' : 'secondary'}
        aria-pressed={state.viewMode === 'card'}
        aria-label="Card view"
        data-testid={testIds.listView.cardModeButton}
        onClick={() => onStateChange({ ...state, viewMode: 'card' })}
      >
        ▦
      </Button>
      <Button
        $variant={state.viewMode === 'table' ? 'primary' : 'secondary'}
        aria-pressed={state.viewMode === 'table'}
        aria-label="List view"
        data-testid={testIds.listView.tableModeButton}
        onClick={() => onStateChange({ ...state, viewMode: 'table' })}
      >
        ☰
      </Button>
    </ToggleGroup>
  );
}

function CardSortSelect({
  options,
  state,
  onChange,
}: {
  options: readonly CardSortOption[];
  state: ListViewState;
  onChange: (option: Pick<ListViewState, 'sortColumn' | 'sortOrder'>) => void;
}): JSX.Element {
  const current = options.findIndex((option) => option.sortColumn === state.sortColumn && option.sortOrder === state.sortOrder);
  return (
    <FilterBox>
      <FilterLabel>Sort</FilterLabel>
      <NativeSelect
        aria-label="Sort"
        value={current < 0 ? '' : String(current)}
        data-testid={testIds.listView.cardSort}
        onChange={(event) => {
          const option = options[Number(event.target.value)];
          if (option !== undefined) onChange({ sortColumn: option.sortColumn, sortOrder: option.sortOrder });
        }}
      >
        {current < 0 && <option value="">Sort</option>}
        {options.map((option, index) => (
          <option key={option.label} value={String(index)}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FilterBox>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
`;

const ToolbarActions = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const ToggleGroup = styled.div`
  display: inline-flex;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.div`
  display: flex;
  justify-content: center;
`;

const ConfigError = styled.p`
  color: ${({ theme }) => theme.colors.error.base};
`;
