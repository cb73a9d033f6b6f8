import type { JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';

export interface TableGlobalControlsProps {
  /** The page size select's choices (0 is "All"); null hides it (the table is not paginated). */
  pageSizeOptions: readonly number[] | null;
  pageSize: number;
  onPageSizeChange: (pageSize: number) => void;
  /** Null hides the search box. */
  search: string | null;
  /** The records the search runs over, for its placeholder. */
  recordCount: number;
  onSearchChange: (search: string) => void;
  /** A server-side search's column choice ("Search by"): the string columns and the chosen one. */
  searchColumn?: { options: readonly string[]; value: string; onChange: (column: string) => void } | null;
}

/** Above the table: "Show [size] entries per page" on the left, "Search [N records]" on the right. */
export function TableGlobalControls({
  pageSizeOptions,
  pageSize,
  onPageSizeChange,
  search,
  recordCount,
  onSearchChange,
  searchColumn = null,
}: TableGlobalControlsProps): JSX.Element {
  return (
    <Bar>
      {pageSizeOptions !== null && (
        <Label>
          Show
          <select
            data-testid={testIds.tableChart.pageSizeSelect}
            aria-label="Page size"
            value={String(pageSize)}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
          >
            {pageSizeOptions.map((size) => (
              <option key={size} value={String(size)}>
                {size === 0 ? 'All' : String(size)}
              </option>
            ))}
          </select>
          entries per page
        </Label>
      )}
      {search !== null && searchColumn !== null && (
        <SearchLabel>
          Search by
          <select
            data-testid={testIds.tableChart.searchColumnSelect}
            aria-label="Search by"
            value={searchColumn.value}
            onChange={(event) => searchColumn.onChange(event.target.value)}
          >
            {searchColumn.options.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </SearchLabel>
      )}
      {search !== null && (
        <SearchLabel $isPushedRight={searchColumn === null}>
          Search
          <input
            type="search"
            data-testid={testIds.tableChart.search}
            aria-label="Search"
            placeholder={`${recordCount} record${recordCount === 1 ? '' : 's'}`}
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
          />
        </SearchLabel>
      )}
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding-bottom: ${({ theme }) => theme.gridUnit * 2}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const Label = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const SearchLabel = styled(Label)<{ $isPushedRight?: boolean }>`
  margin-left: ${({ $isPushedRight = true }) => ($isPushedRight ? 'auto' : '0')};
`;
