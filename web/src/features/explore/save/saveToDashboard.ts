import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson, postJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { DashboardPost } from '@/api/generated/DashboardPost';
import type { IdResult } from '@/api/generated/IdResult';
import type { ListResponse } from '@/api/generated/ListResponse';
import { queryKeys } from '@/api/queryKeys';

/** Superset's placeholder of the save modal's dashboard select. */
export const dashboardSelectPlaceholder = 'Select a dashboard OR create a new one';

/** A dashboard the save modal offers: its id and title. */
export interface DashboardChoice {
  id: number;
  title: string;
}

/** What the user picked: a listed dashboard, or the title of a dashboard to create. */
export type DashboardTarget = { kind: 'existing'; id: number; title: string } | { kind: 'new'; title: string };

/** The dashboard a saved chart was added to. */
export interface SavedToDashboard {
  id: number;
  title: string;
  isNew: boolean;
  /** "Save & go to dashboard": Explore opens the dashboard after saving. */
  opensDashboard: boolean;
}

const dashboardChoicesPath = `/api/v1/dashboard/?q=${encodeURIComponent('(order_column:dashboard_title,order_direction:asc,page:0,page_size:100)')}`;

/** The dashboards to add a chart to, by title (the first 100). */
export function useDashboardChoices(): UseQueryResult<DashboardChoice[], ApiError> {
  return useQuery({
    queryKey: queryKeys.saveModalDashboards,
    queryFn: async ({ signal }) => {
      const answer = await getJson<ListResponse<Dashboard>>(dashboardChoicesPath, signal);
      return answer.result.map((dashboard) => ({ id: dashboard.id, title: dashboard.dashboard_title }));
    },
    retry: false,
  });
}

/**
 * The select's value as a target: a listed dashboard's id (as text), or any other text, the title
 * of a new dashboard. Null or blank picks none.
 */
export function dashboardTargetOf(selected: string | null, choices: readonly DashboardChoice[]): DashboardTarget | null {
  const title = selected?.trim() ?? '';
  if (title === '') return null;
  const existing = choices.find((choice) => String(choice.id) === selected);
  return existing === undefined ? { kind: 'new', title } : { kind: 'existing', id: existing.id, title: existing.title };
}

/** The target's id, creating the dashboard first (`POST /api/v1/dashboard/`) when it is new. */
export async function dashboardIdFor(target: DashboardTarget): Promise<number> {
  if (target.kind === 'existing') return target.id;
  const post: DashboardPost = { dashboard_title: target.title };
  return (await postJson<IdResult<Dashboard>>('/api/v1/dashboard/', post)).id;
}

/** The chart's dashboards after adding `dashboardId` (kept once, in the order they came). */
export function withDashboard(currentIds: readonly number[], dashboardId: number | null): number[] {
  if (dashboardId === null || currentIds.includes(dashboardId)) return [...currentIds];
  return [...currentIds, dashboardId];
}

/** Superset's toast after a chart was added to a dashboard (a new one or one that existed). */
export function addedToDashboardMessage(sliceName: string, dashboard: Pick<SavedToDashboard, 'title' | 'isNew'>): string {
  return dashboard.isNew
    ? `Dashboard [${dashboard.title}] just got created and chart [${sliceName}] was added to it`
    : `Chart [${sliceName}] was added to dashboard [${dashboard.title}]`;
}
