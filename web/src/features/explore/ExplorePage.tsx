import { useEffect, useState, type JSX } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { standaloneModeOf, standaloneModes } from '@/app/displayMode';
import { welcomePagePath } from '@/features/auth/api';
import { preloadQuiverCore } from '@/wasm/core';
import { exploreTargetFromSearch } from './api';
import { dashboardPageIdParam, readDashboardExploreContext } from './dashboardExploreContext';
import { ExploreLoader } from './ExploreLoader';

/**
 * `/explore/?datasource_type=table&datasource_id=N`, `?slice_id=N`, `?form_data_key=K`,
 * `?form_data={...}` and `/explore/p/{key}/`; with `standalone=1` (2 or 3), the chart alone. A
 * chart opened from a dashboard (`?dashboard_page_id=P&slice_id=N`) shows with the dashboard's
 * filters and colours.
 */
export function ExplorePage(): JSX.Element {
  const [searchParams] = useSearchParams();
  const { permalinkKey } = useParams<{ permalinkKey?: string }>();
  const target = exploreTargetFromSearch(searchParams, permalinkKey ?? null);
  const isStandalone = standaloneModeOf(searchParams) !== standaloneModes.none;
  // Read once: the dashboard's context applies to the chart as it opened.
  const [dashboardContext] = useState(() => readDashboardExploreContext(searchParams.get(dashboardPageIdParam), target?.sliceId ?? null));

  // The Wasm core loads in the background: the page renders at once, Run waits for it.
  useEffect(() => {
    preloadQuiverCore();
  }, []);

  if (target === null) {
    return (
      <Message>
        Choose a dataset to explore on the <Link to={welcomePagePath}>home page</Link>.
      </Message>
    );
  }
  const targetKey = [target.datasourceType, target.datasourceId, target.sliceId, target.formDataKey, target.permalinkKey].join(':');
  return <ExploreLoader key={targetKey} target={target} isStandalone={isStandalone} dashboardContext={dashboardContext} />;
}

const Message = styled.p`
  padding: ${({ theme }) => theme.gridUnit * 6}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
