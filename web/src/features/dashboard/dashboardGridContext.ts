import { createContext, useContext } from 'react';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { PermalinkCreated } from '@/api/generated/PermalinkCreated';
import type { CrossFilterSelection } from '@/features/chart/viz/chartRendererProps';
import type { AppliedDashboardColors } from './dashboardColors';
import type { DashboardLayout } from './dashboardLayout';
import type { DashboardEditor } from './editing/useDashboardEditor';
import type { AppliedFilter } from './filters/FilterIndicator';

/** What every layout component of the grid reads. */
export interface DashboardGridState {
  dashboardId: number;
  /** This dashboard page's id (`dashboard_page_id`): "Explore chart" stores the dashboard's context under it. */
  dashboardPageId?: string;
  layout: DashboardLayout;
  chartsById: ReadonlyMap<number, DashboardChart>;
  /** The width of one grid column in pixels. */
  columnWidth: number;
  /** The open tab of each tabs component, by the tabs component's id. */
  activeTabs: Readonly<Record<string, string>>;
  onTabChange: (tabsId: string, tabId: string) => void;
  /** The element the dashboard scrolls in (for loading charts near the viewport). */
  scrollRoot: HTMLElement | null;
  /** Edit mode, when on. */
  editor: DashboardEditor | null;
  /** The native filters and cross-filters each chart applies; null until known (charts wait). */
  extraFormDataByChart: ReadonlyMap<number, ExtraFormData> | null;
  /** Emits or clears a chart's cross-filter; null when cross-filters are off. */
  onCrossFilter: ((chartId: number, selection: CrossFilterSelection | null) => void) | null;
  /** A chart emits its legacy column filter (`table_filter`); absent or null outside a dashboard page or in edit mode. */
  onAddFilter?: ((chartId: number, newSelectedValues: Readonly<Record<string, unknown[]>>, merge: boolean) => void) | null;
  /** Each chart's own column filter: its selected values by column. */
  columnFilterValues?: ReadonlyMap<number, Readonly<Record<string, unknown>>>;
  /** The values of each chart's own cross-filter, by chart id. */
  crossFilterValues: ReadonlyMap<number, readonly unknown[]>;
  /** Each chart's own state (a server-paginated table's page, sort and search), by chart id; absent outside a dashboard page. */
  ownStateByChart?: ReadonlyMap<number, Readonly<Record<string, unknown>>>;
  /** A chart's own state changed: it queries again with it. Absent or null where charts keep none. */
  onOwnStateChange?: ((chartId: number, ownState: Readonly<Record<string, unknown>>) => void) | null;
  /** Counts "Refresh dashboard": every chart re-runs (forced) when it grows. */
  dashboardRefreshNumber: number;
  /** Counts the periodic refreshes. */
  autoRefreshNumber: number;
  /** How long a chart waits after a periodic refresh starts; null for immune charts. */
  autoRefreshDelayMs: (chartId: number) => number | null;
  /** Opens the cross-filter scoping of a chart (its menu's "Cross-filtering scoping"); absent or null for non-editors or with cross-filters off. */
  onCrossFilterScoping?: ((chartId: number) => void) | null;
  /** Opens "Set filter mapping" for a chart (the native filters that apply to it); absent or null for non-editors or without native filters. */
  onFilterMapping?: ((chartId: number) => void) | null;
  /**
   * Creates a permalink of the dashboard as shown (filters, open tabs) anchored at a layout
   * component: a chart's Share items. Absent or null outside a dashboard page.
   */
  onCreatePermalink?: ((anchor: string | undefined) => Promise<PermalinkCreated>) | null;
  /** The native filters with a value applied to each chart (the charts' filter indicators). */
  appliedFiltersByChart?: ReadonlyMap<number, readonly AppliedFilter[]>;
  /** Focuses a filter in the filter bar (a filter indicator's entry); absent or null without a filter bar. */
  onFocusFilter?: ((filterId: string) => void) | null;
  /** The embedded UI config hides the charts' controls (bit 8). */
  hideChartControls?: boolean;
  /** The strip of the top-level tabs is hidden (report mode, embedded tab or navigation bits). */
  hideTopLevelTabs?: boolean;
  /** The dashboard's colour scheme and label colours, over each chart's own. */
  dashboardColors?: AppliedDashboardColors;
}

export const DashboardGridContext = createContext<DashboardGridState | null>(null);

export function useDashboardGrid(): DashboardGridState {
  const state = useContext(DashboardGridContext);
  if (state === null) throw new Error('useDashboardGrid needs a DashboardGrid above it');
  return state;
}
