import type { JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { testIds } from '@/testIds';
import { useExploreState, type ExploreTarget } from './api';
import { ExploreWorkspace } from './ExploreWorkspace';

/** Loads the Explore state of one datasource (or chart) and shows the workspace. */
export function ExploreLoader({ target }: { target: ExploreTarget }): JSX.Element {
  const explore = useExploreState(target);
  if (explore.isPending) return <Message role="status">Loading…</Message>;
  if (explore.isError) {
    return (
      <Message role="alert" data-testid={testIds.explore.loadError}>
        {errorMessage(explore.error)}
      </Message>
    );
  }
  return <ExploreWorkspace explore={explore.data} formDataKey={target.formDataKey} />;
}

const Message = styled.p`
  padding: ${({ theme }) => theme.gridUnit * 6}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
