/** The home page's calls (spec 001 §7, §9): recent activity, the user's charts, dashboards and saved queries. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { ChartListItem } from '@/api/generated/ChartListItem';
import type { DashboardListItem } from '@/api/generated/DashboardListItem';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import type { RecentActivity } from '@/api/generated/RecentActivity';
import type { ResultResponse } from '@/api/generated/ResultResponse';
import type { SavedQuery } from '@/api/generated/SavedQuery';

/** Recent items per list (spec 001 §9). */
export const recentPageSize = 5;
/** Edited and created lists show this many of each resource (spec 001 §9). */
export const editedPageSize = 3;

export type RecentTab = 'Viewed' | 'Edited' | 'Created';
export type ObjectTab = 'Favorite' | 'Mine' | 'Other';

export const recentEmptyTexts: Readonly<Record<RecentTab, string>> = {
  Viewed: 'Recently viewed charts, dashboards, and saved queries will appear here',
  Edited: 'Recently edited charts, dashboards, and saved queries will appear here',
  Created: 'Recently created charts, dashboards, and saved queries will appear here',
};

/**
 * Spec 001 section 8: the toast when the "Other" tab's filtered charts or dashboards cannot be
 * read; the tab then shows as empty (Superset's `getFilteredChartsandDashboards`).
 */
export const filteredChartsAndDashboardsFailedMessage = 'There was an error fetching the filtered charts and dashboards:';

export function objectEmptyText(tab: ObjectTab, plural: string): string {
  switch (tab) {
    case 'Favorite':
      return "You don't have any favorites yet!";
    case 'Mine':
      return `No ${plural} yet`;
    case 'Other':
      return `Other ${plural} will appear here`;
  }
}

/** One line of a home list. */
export interface HomeItem {
  key: string;
  type: 'chart' | 'dashboard' | 'query';
  title: string;
  url: string;
  detail: string;
  /** For merging charts and dashboards: the change time (ISO text). */
  sortTime: string;
}

/**
 * The list filter of a tab for `me`. "Other" is Superset's last welcome tab with its default
 * `WELCOME_PAGE_LAST_TAB = "all"`: no filter, every chart or dashboard the user may read.
 */
function objectTabFilter(resource: 'chart' | 'dashboard', tab: ObjectTab, me: number): string {
  switch (tab) {
    case 'Favorite':
      return `(col:id,opr:${resource}_is_favorite,value:!t)`;
    case 'Mine':
      return `(col:owners,opr:rel_m_m,value:${me})`;
    case 'Other':
      return '';
  }
}

/** `q` of a home list: ordered by changed_on_delta_humanized descending, page 0. */
export function homeListQuery(filters: readonly string[], pageSize: number): string {
  return `(filters:!(${filters.filter((filter) => filter !== '').join(',')}),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:${pageSize})`;
}

/** `q` of a Dashboards or Charts tab: its filter, the 5 latest changes first. */
export function objectTabQuery(resource: 'chart' | 'dashboard', tab: ObjectTab, me: number): string {
  return homeListQuery([objectTabFilter(resource, tab, me)], recentPageSize);
}

function listPath(resource: string, q: string): string {
  return `/api/v1/${resource}/?q=${encodeURIComponent(q)}`;
}

/** The title of an object with no name (Superset's `[Untitled]`). */
export const untitledText = '[Untitled]';

function titleOrUntitled(title: string): string {
  return title.trim() === '' ? untitledText : title;
}

/** Spec 000 section 3, saved list item: a chart by its slice_name and id, opened at its url. */
export function chartItem(chart: Pick<ChartListItem, 'id' | 'slice_name' | 'url' | 'changed_on_delta_humanized' | 'changed_on_utc'>): HomeItem {
  return {
    key: `chart-${chart.id}`,
    type: 'chart',
    title: titleOrUntitled(chart.slice_name),
    url: chart.url,
    detail: `Modified ${chart.changed_on_delta_humanized}`,
    sortTime: chart.changed_on_utc,
  };
}

/** Spec 000 section 3, saved list item: a dashboard by its dashboard_title and id, opened at its url. */
export function dashboardItem(
  dashboard: Pick<DashboardListItem, 'id' | 'dashboard_title' | 'url' | 'changed_on_delta_humanized' | 'changed_on_utc'>,
): HomeItem {
  return {
    key: `dashboard-${dashboard.id}`,
    type: 'dashboard',
    title: titleOrUntitled(dashboard.dashboard_title),
    url: dashboard.url,
    detail: `Modified ${dashboard.changed_on_delta_humanized}`,
    sortTime: dashboard.changed_on_utc,
  };
}

/** Spec 000 section 3, saved list item: a viewed object opens at its item_url. */
export function activityItem(activity: RecentActivity, index: number): HomeItem {
  return {
    key: `${activity.item_type}-${activity.item_url}-${index}`,
    type: activity.item_type === 'dashboard' ? 'dashboard' : 'chart',
    title: titleOrUntitled(activity.item_title),
    url: activity.item_url,
    detail: `Viewed ${activity.time_delta_humanized}`,
    sortTime: String(activity.time),
  };
}

async function charts(q: string, signal: AbortSignal): Promise<HomeItem[]> {
  const answer = await getJson<ListPageResponse<ChartListItem>>(listPath('chart', q), signal);
  return answer.result.map(chartItem);
}

async function dashboards(q: string, signal: AbortSignal): Promise<HomeItem[]> {
  const answer = await getJson<ListPageResponse<DashboardListItem>>(listPath('dashboard', q), signal);
  return answer.result.map(dashboardItem);
}

/** Charts and dashboards merged, latest change first. */
function latestFirst(items: readonly HomeItem[]): HomeItem[] {
  return [...items].sort((left, right) => right.sortTime.localeCompare(left.sortTime));
}

/** A Recents tab: viewed (the activity log), edited or created (charts and dashboards, 3 of each). */
export function useRecents(tab: RecentTab, me: number | undefined): UseQueryResult<HomeItem[], ApiError> {
  return useQuery({
    queryKey: ['home', 'recents', tab, me],
    enabled: me !== undefined,
    retry: false,
    queryFn: async ({ signal }) => {
      if (tab === 'Viewed') {
        const answer = await getJson<ResultResponse<RecentActivity[]>>(
          `/api/v1/log/recent_activity/?q=${encodeURIComponent(`(page:0,page_size:${recentPageSize})`)}`,
          signal,
        );
        return answer.result.map(activityItem);
      }
      const column = tab === 'Edited' ? 'changed_by' : 'created_by';
      const filter = `(col:${column},opr:rel_o_m,value:${me ?? 0})`;
      const q = homeListQuery([filter], editedPageSize);
      const [chartItems, dashboardItems] = await Promise.all([charts(q, signal), dashboards(q, signal)]);
      return latestFirst([...chartItems, ...dashboardItems]);
    },
  });
}

/** A Dashboards or Charts tab: 5 of the user's favorites, their own, or any they may read ("Other"). */
export function useObjectTab(resource: 'chart' | 'dashboard', tab: ObjectTab, me: number | undefined): UseQueryResult<HomeItem[], ApiError> {
  return useQuery({
    queryKey: ['home', resource, tab, me],
    enabled: me !== undefined,
    retry: false,
    queryFn: ({ signal }) => {
      const q = objectTabQuery(resource, tab, me ?? 0);
      return resource === 'chart' ? charts(q, signal) : dashboards(q, signal);
    },
  });
}

/** The user's latest saved queries. */
export function useSavedQueries(me: number | undefined): UseQueryResult<HomeItem[], ApiError> {
  return useQuery({
    queryKey: ['home', 'savedQueries', me],
    enabled: me !== undefined,
    retry: false,
    queryFn: async ({ signal }) => {
      const q = homeListQuery([`(col:created_by,opr:rel_o_m,value:${me ?? 0})`], recentPageSize);
      const answer = await getJson<ListPageResponse<SavedQuery>>(listPath('saved_query', q), signal);
      return answer.result.map((query) => ({
        key: `query-${query.id}`,
        type: 'query',
        title: query.label,
        url: `/sqllab/?savedQueryId=${query.id}`,
        detail: `Modified ${query.changed_on_delta_humanized}`,
        sortTime: query.changed_on,
      }));
    },
  });
}
