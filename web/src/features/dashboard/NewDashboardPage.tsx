import { useEffect, useRef, useState, type JSX } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { postJson } from '@/api/client';
import { errorMessage } from '@/api/errors';
import { createFailedMessage } from '@/components/listView/resourceMessages';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { IdResult } from '@/api/generated/IdResult';
import { testIds } from '@/testIds';

/** Where "+ Dashboard" goes (Superset's `/dashboard/new/`). */
export const newDashboardPath = '/dashboard/new/';

/** The title a new dashboard gets (spec 001 §5: an empty title becomes it). */
export const untitledDashboardTitle = '[ untitled dashboard ]';

/** The page of a new dashboard, opened in edit mode. */
export function newDashboardEditPath(id: number): string {
  return `/superset/dashboard/${id}/?edit=true`;
}

/**
 * `/dashboard/new/`: creates "[ untitled dashboard ]" owned by the user and replaces itself with
 * the new dashboard in edit mode, as Superset's view does.
 */
export function NewDashboardPage(): JSX.Element {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // Created once per visit, even when an effect runs twice.
  const isCreating = useRef(false);

  useEffect(() => {
    if (isCreating.current) return;
    isCreating.current = true;
    postJson<IdResult<Dashboard>>('/api/v1/dashboard/', { dashboard_title: untitledDashboardTitle }).then(
      (created) => void navigate(newDashboardEditPath(created.id), { replace: true }),
      // Spec 000 section 8: a failed create says "An error occurred while creating %ss: %s".
      (failure: unknown) => setError(createFailedMessage('dashboards', errorMessage(failure))),
    );
  }, [navigate]);

  return error === null ? (
    <Message>Creating a dashboard…</Message>
  ) : (
    <Message role="alert" data-testid={testIds.dashboard.loadError}>
      {error}
    </Message>
  );
}

const Message = styled.p`
  padding: ${({ theme }) => theme.gridUnit * 6}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
