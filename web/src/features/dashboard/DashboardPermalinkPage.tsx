import { useQuery } from '@tanstack/react-query';
import type { JSX } from 'react';
import { Navigate, useParams } from 'react-router';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { queryKeys } from '@/api/queryKeys';
import { testIds } from '@/testIds';
import { fetchDashboardPermalink } from './api';

/** `/superset/dashboard/p/{key}/`: opens the dashboard with the state the permalink stored. */
export function DashboardPermalinkPage(): JSX.Element {
  const { key = '' } = useParams();
  const permalink = useQuery({
    queryKey: queryKeys.dashboardPermalink(key),
    queryFn: () => fetchDashboardPermalink(key),
    retry: false,
  });
  if (permalink.isError) {
    return (
      <Message role="alert" data-testid={testIds.dashboard.loadError}>
        {errorMessage(permalink.error)}
      </Message>
    );
  }
  if (permalink.data === undefined) return <Message>Loading…</Message>;
  const query = new URLSearchParams(permalink.data.state.urlParams ?? []);
  query.set('permalink_key', key);
  const anchor = permalink.data.state.anchor === undefined ? '' : `#${permalink.data.state.anchor}`;
  return <Navigate to={`/superset/dashboard/${permalink.data.dashboardId}/?${query.toString()}${anchor}`} replace />;
}

const Message = styled.p`
  padding: ${({ theme }) => theme.gridUnit * 6}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
