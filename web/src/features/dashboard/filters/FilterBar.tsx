import { useState, type JSX } from 'react';
import styled from 'styled-components';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { FilterBarOrientation } from '@/api/generated/FilterBarOrientation';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';
import { CrossFilterList } from './CrossFilterList';
import { FilterBarSettings } from './FilterBarSettings';
import { FilterDivider } from './FilterDivider';
import { parentMasksOf } from './filterValues';
import { FilterValueControl } from './FilterValueControl';
import { isDivider } from './nativeFilterConfig';
import type { DashboardFilters } from './useDashboardFilters';

export interface FilterBarProps {
  dashboardFilters: DashboardFilters;
  /** The filters and dividers of `native_filter_configuration`, in order. */
  items: readonly NativeFilter[];
  idOrSlug: string;
  charts: readonly DashboardChart[];
  /** Owners and admins may add and edit filters. */
  canEdit: boolean;
  onEditFilters: () => void;
  isCrossFilteringEnabled: boolean;
  onCrossFilteringChange: (isEnabled: boolean) => void;
  /** Opens the cross-filter scoping modal on the global scoping. */
  onOpenCrossFilterScoping: () => void;
  /** `filter_bar_orientation`: a collapsible bar on the left, or a row above the charts. */
  orientation: FilterBarOrientation;
  onOrientationChange: (orientation: FilterBarOrientation) => void;
  /** The filter to highlight (Superset's focused filter field), asked by a chart's filter indicator; a new object each time. */
  focusedFilter?: FocusedFilter | null;
  /** The highlighted filter lost the focus. */
  onFocusedFilterBlur?: () => void;
}

/** A request to focus a filter of the bar. */
export interface FocusedFilter {
  filterId: string;
}

export const noFiltersMessage = 'No filters are currently added to this dashboard.';

/**
 * The filter bar: native filters and dividers, cross-filters, Apply and Clear all. Vertical (on
 * the left, collapsible) by default; horizontal (a row above the charts) when the dashboard says so.
 */
export function FilterBar({
  dashboardFilters,
  items,
  idOrSlug,
  charts,
  canEdit,
  onEditFilters,
  isCrossFilteringEnabled,
  onCrossFilteringChange,
  onOpenCrossFilterScoping,
  orientation,
  onOrientationChange,
  focusedFilter = null,
  onFocusedFilterBlur,
}: FilterBarProps): JSX.Element {
  // The focus request current when the bar was collapsed: a newer one (a filter asked to be
  // focused) shows the open bar again.
  const [collapsedAt, setCollapsedAt] = useState<{ focusedFilter: FocusedFilter | null } | null>(null);
  if (collapsedAt !== null && collapsedAt.focusedFilter !== focusedFilter) setCollapsedAt(null);
  const isCollapsed = collapsedAt !== null && collapsedAt.focusedFilter === focusedFilter;
  const setIsCollapsed = (isOn: boolean): void => setCollapsedAt(isOn ? { focusedFilter } : null);
  const [clearCount, setClearCount] = useState(0);
  const { applied, pending } = dashboardFilters;
  const isHorizontal = orientation === 'HORIZONTAL';

  const settings = canEdit && (
    <FilterBarSettings
      isCrossFilteringEnabled={isCrossFilteringEnabled}
      onCrossFilteringChange={onCrossFilteringChange}
      onOpenScoping={onOpenCrossFilterScoping}
      orientation={orientation}
      onOrientationChange={onOrientationChange}
    />
  );
  const editButton = canEdit && (
    <Button $variant="link" title="Add or edit filters" data-testid={testIds.dashboardFilters.configButton} onClick={onEditFilters}>
      + Add/Edit filters
    </Button>
  );
  const shownItems = items.map((item) =>
    isDivider(item) ? (
      <FilterDivider key={item.id} divider={item} isHorizontal={isHorizontal} />
    ) : (
      <FilterValueControl
        key={`${item.id}-${clearCount}`}
        filter={item}
        idOrSlug={idOrSlug}
        mask={pending[item.id] ?? applied[item.id]}
        parentMasks={parentMasksOf(item, pending, applied)}
        onChange={(mask) => dashboardFilters.setPending(item.id, mask)}
        focusRequest={focusedFilter?.filterId === item.id ? focusedFilter : null}
        onBlur={onFocusedFilterBlur}
      />
    ),
  );
  const hasFilters = items.some((item) => !isDivider(item));
  const actions = (
    <>
      <Button
        $variant="secondary"
        data-testid={testIds.dashboardFilters.clearAllButton}
        onClick={() => {
          dashboardFilters.clearAll();
          setClearCount((count) => count + 1);
        }}
      >
        Clear all
      </Button>
      <Button $variant="primary" disabled={!dashboardFilters.hasPendingChanges} data-testid={testIds.dashboardFilters.applyButton} onClick={dashboardFilters.apply}>
        Apply filters
      </Button>
    </>
  );
  const crossFilters = <CrossFilterList applied={applied} charts={charts} onClear={(chartId) => dashboardFilters.setCrossFilter(chartId, null)} />;

  if (isHorizontal) {
    return (
      <HorizontalBar data-testid={testIds.dashboardFilters.bar} data-orientation="horizontal" aria-label="Filters">
        {settings}
        {editButton}
        <HorizontalItems>
          {!hasFilters && <Muted>{noFiltersMessage}</Muted>}
          {shownItems}
          {crossFilters}
        </HorizontalItems>
        <HorizontalActions>{actions}</HorizontalActions>
      </HorizontalBar>
    );
  }

  if (isCollapsed) {
    return (
      <CollapsedBar data-testid={testIds.dashboardFilters.bar} data-collapsed="true">
        <Button $variant="link" aria-label="Expand filter bar" data-testid={testIds.dashboardFilters.expandButton} onClick={() => setIsCollapsed(false)}>
          »
        </Button>
      </CollapsedBar>
    );
  }

  return (
    <Bar data-testid={testIds.dashboardFilters.bar} data-collapsed="false" data-orientation="vertical" aria-label="Filters">
      <Heading>
        <Title>Filters</Title>
        {editButton}
        {settings}
        <Button $variant="link" aria-label="Collapse filter bar" data-testid={testIds.dashboardFilters.collapseButton} onClick={() => setIsCollapsed(true)}>
          «
        </Button>
      </Heading>
      <Body>
        {!hasFilters && <Muted>{noFiltersMessage}</Muted>}
        {shownItems}
        {crossFilters}
      </Body>
      <Footer>{actions}</Footer>
    </Bar>
  );
}

const Bar = styled.aside`
  display: flex;
  flex: none;
  flex-direction: column;
  width: 260px;
  align-self: stretch;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const HorizontalBar = styled.aside`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 4}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const HorizontalItems = styled.div`
  display: flex;
  flex: 1;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  min-width: 0;

  & > * {
    min-width: 180px;
  }
`;

const HorizontalActions = styled.div`
  display: flex;
  flex: none;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const CollapsedBar = styled.aside`
  flex: none;
  width: 32px;
  align-self: stretch;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Heading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  padding: ${({ theme }) => `${theme.gridUnit * 3}px ${theme.gridUnit * 3}px ${theme.gridUnit * 2}px`};
`;

const Title = styled.h2`
  flex: 1;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.l}px;
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`};
`;

const Footer = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding: ${({ theme }) => theme.gridUnit * 3}px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
