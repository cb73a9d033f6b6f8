import { useState, type JSX } from 'react';
import styled from 'styled-components';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';
import { CrossFilterList } from './CrossFilterList';
import { FilterBarSettings } from './FilterBarSettings';
import { FilterValueControl } from './FilterValueControl';
import type { DashboardFilters } from './useDashboardFilters';

export interface FilterBarProps {
  dashboardFilters: DashboardFilters;
  charts: readonly DashboardChart[];
  /** Owners and admins may add and edit filters. */
  canEdit: boolean;
  onEditFilters: () => void;
  isCrossFilteringEnabled: boolean;
  onCrossFilteringChange: (isEnabled: boolean) => void;
  /** Opens the cross-filter scoping modal on the global scoping. */
  onOpenCrossFilterScoping: () => void;
}

export const noFiltersMessage = 'No filters are currently added to this dashboard.';

/** The vertical, collapsible filter bar: native filters, cross-filters, Apply and Clear all. */
export function FilterBar({
  dashboardFilters,
  charts,
  canEdit,
  onEditFilters,
  isCrossFilteringEnabled,
  onCrossFilteringChange,
  onOpenCrossFilterScoping,
}: FilterBarProps): JSX.Element {
  const [isCollapsed, setIsCollapsed] = useState(false);
  const [clearCount, setClearCount] = useState(0);
  const { filters, applied, pending } = dashboardFilters;

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
    <Bar data-testid={testIds.dashboardFilters.bar} data-collapsed="false" aria-label="Filters">
      <Heading>
        <Title>Filters</Title>
        {canEdit && (
          <Button $variant="link" title="Add or edit filters" data-testid={testIds.dashboardFilters.configButton} onClick={onEditFilters}>
            + Add/Edit filters
          </Button>
        )}
        {canEdit && (
          <FilterBarSettings
            isCrossFilteringEnabled={isCrossFilteringEnabled}
            onCrossFilteringChange={onCrossFilteringChange}
            onOpenScoping={onOpenCrossFilterScoping}
          />
        )}
        <Button $variant="link" aria-label="Collapse filter bar" data-testid={testIds.dashboardFilters.collapseButton} onClick={() => setIsCollapsed(true)}>
          «
        </Button>
      </Heading>
      <Body>
        {filters.length === 0 && <Muted>{noFiltersMessage}</Muted>}
        {filters.map((filter) => (
          <FilterValueControl
            key={`${filter.id}-${clearCount}`}
            filter={filter}
            mask={pending[filter.id] ?? applied[filter.id]}
            onChange={(mask) => dashboardFilters.setPending(filter.id, mask)}
          />
        ))}
        <CrossFilterList applied={applied} charts={charts} onClear={(chartId) => dashboardFilters.setCrossFilter(chartId, null)} />
      </Body>
      <Footer>
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
        <Button
          $variant="primary"
          disabled={!dashboardFilters.hasPendingChanges}
          data-testid={testIds.dashboardFilters.applyButton}
          onClick={dashboardFilters.apply}
        >
          Apply filters
        </Button>
      </Footer>
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
