import { useCallback, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import { DropdownMenuAnchor, DropdownMenuButton, DropdownMenuGroup, DropdownMenuItem, DropdownMenuList } from '@/components/DropdownMenu';
import { useCloseOnOutside } from '@/components/useCloseOnOutside';
import { excludedFromImage } from '@/features/explore/download/downloadAsImage';
import { testIds } from '@/testIds';

/** A native filter with a value that applies to a chart. */
export interface AppliedFilter {
  id: string;
  name: string;
}

/** Superset's filter badge heading: 'Applied filters (%s)'. */
export function appliedFiltersLabel(count: number): string {
  return `Applied filters (${count})`;
}

export interface FilterIndicatorProps {
  filters: readonly AppliedFilter[];
  /** Highlights the filter in the filter bar (Superset's focused filter field). */
  onFocusFilter: (filterId: string) => void;
}

/**
 * The chart header's filter indicator (Superset's `FiltersBadge`): the number of native filters
 * applied to the chart; its list names them, and choosing one focuses that filter in the bar.
 * Nothing is drawn when no filter applies.
 */
export function FilterIndicator({ filters, onFocusFilter }: FilterIndicatorProps): JSX.Element | null {
  const [isOpen, setIsOpen] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setIsOpen(false), []);
  useCloseOnOutside(anchorRef, isOpen, close);
  if (filters.length === 0) return null;
  const label = appliedFiltersLabel(filters.length);
  return (
    <DropdownMenuAnchor ref={anchorRef} {...excludedFromImage}>
      <Badge aria-label={label} aria-haspopup="menu" aria-expanded={isOpen} data-testid={testIds.dashboard.chartFilterIndicator} onClick={() => setIsOpen((open) => !open)}>
        <FunnelIcon />
        {filters.length}
      </Badge>
      {isOpen && (
        <DropdownMenuList role="menu" aria-label={label}>
          <DropdownMenuGroup>{label}</DropdownMenuGroup>
          {filters.map((filter) => (
            <DropdownMenuItem
              key={filter.id}
              data-testid={testIds.dashboard.chartFilterIndicatorItem}
              data-filter-id={filter.id}
              onClick={() => {
                setIsOpen(false);
                onFocusFilter(filter.id);
              }}
            >
              {filter.name}
            </DropdownMenuItem>
          ))}
        </DropdownMenuList>
      )}
    </DropdownMenuAnchor>
  );
}

function FunnelIcon(): JSX.Element {
  return (
    <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden focusable="false">
      <path d="M1 2h14l-5.5 6.5V14l-3-1.5v-4z" fill="currentColor" />
    </svg>
  );
}

const Badge = styled(DropdownMenuButton)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  color: ${({ theme }) => theme.colors.primary.base};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
