import type { JSX } from 'react';
import styled from 'styled-components';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';
import { isCrossFilterKey, isDataMaskActive, type DataMaskState } from './nativeFilterConfig';

export interface CrossFilterListProps {
  applied: DataMaskState;
  charts: readonly DashboardChart[];
  onClear: (chartId: number) => void;
}

/** The cross-filters in effect: the emitting chart, the selection, and a button to clear it. */
export function CrossFilterList({ applied, charts, onClear }: CrossFilterListProps): JSX.Element | null {
  const crossFilters = Object.entries(applied).filter(([key, mask]) => isCrossFilterKey(key) && isDataMaskActive(mask));
  if (crossFilters.length === 0) return null;
  return (
    <section aria-label="Cross-filters">
      <Heading>Cross-filters</Heading>
      {crossFilters.map(([key, mask]) => {
        const chartId = Number(key);
        const chartName = charts.find((chart) => chart.id === chartId)?.slice_name ?? `Chart ${key}`;
        return (
          <Item key={key} data-testid={testIds.dashboardFilters.crossFilter} data-chart-id={key}>
            <Text>
              <strong>{chartName}</strong>
              <span>{mask.filterState.label ?? ''}</span>
            </Text>
            <Button
              $variant="link"
              aria-label={`Clear the cross-filter of ${chartName}`}
              data-testid={testIds.dashboardFilters.crossFilterClear}
              onClick={() => onClear(chartId)}
            >
              ×
            </Button>
          </Item>
        );
      })}
    </section>
  );
}

const Heading = styled.h3`
  margin: 0 0 ${({ theme }) => theme.gridUnit * 2}px;
  font-size: ${({ theme }) => theme.fontSizes.m}px;
`;

const Item = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
