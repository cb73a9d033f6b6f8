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
  /** What the dashboard the chart was opened from lays over it (`dashboard_page_id`): its filters and colours. */
  dashboardContext?: Readonly<Record<string, unknown>> | null;
}

/**
 * Loads the Explore state of one datasource (or chart) and shows the workspace: the dashboard's
 * context, then the URL's `form_data`, are laid over the loaded form data.
 */
export function ExploreLoader({ target, isStandalone = false, dashboardContext = null }: ExploreLoaderProps): JSX.Element {
  const explore = useExploreState(target);
  const loaded = useMemo(() => {
    if (explore.data === undefined) return undefined;
    const formData = withUrlFormData(withUrlFormData(explore.data.form_data, dashboardContext), target.urlFormData);
    return { ...explore.data, form_data: formData };
  }, [explore.data, target.urlFormData, dashboardContext]);
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
