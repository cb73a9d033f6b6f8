import { useMemo, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { testIds } from '@/testIds';
import { useExploreState, type ExploreTarget } from './api';
import { ExploreWorkspace } from './ExploreWorkspace';
import { withUrlFormData } from './exploreUrl';

export interface ExploreLoaderProps {
  target: ExploreTarget;
  /** The URL asks for the chart alone (`standalone`). */
  isStandalone?: boolean;
}

/** Loads the Explore state of one datasource (or chart) and shows the workspace. */
export function ExploreLoader({ target, isStandalone = false }: ExploreLoaderProps): JSX.Element {
  const explore = useExploreState(target);
  const loaded = useMemo(
    () => (explore.data === undefined ? undefined : { ...explore.data, form_data: withUrlFormData(explore.data.form_data, target.urlFormData) }),
    [explore.data, target.urlFormData],
  );
  if (explore.isPending) return <Message role="status">Loading…</Message>;
  if (explore.isError) {
    return (
      <Message role="alert" data-testid={testIds.explore.loadError}>
        {errorMessage(explore.error)}
      </Message>
    );
  }
  if (loaded === undefined) return <Message role="status">Loading…</Message>;
  return <ExploreWorkspace explore={loaded} formDataKey={target.formDataKey} isStandalone={isStandalone} />;
}

const Message = styled.p`
  padding: ${({ theme }) => theme.gridUnit * 6}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
