import type { JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';

/** Superset's text when a query returns no rows. */
export const noResultsMessage = 'No results were returned for this query';

/** What a renderer shows when its result has nothing to draw. */
export function ChartEmptyState({ height }: { height?: number }): JSX.Element {
  return (
    <EmptyNotice data-testid={testIds.chart.empty} style={height === undefined ? undefined : { height }}>
      {noResultsMessage}
    </EmptyNotice>
  );
}

const EmptyNotice = styled.div`
  display: flex;
  flex: 1;
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;
