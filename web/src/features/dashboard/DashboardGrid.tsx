import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { PermalinkCreated } from '@/api/generated/PermalinkCreated';
import type { CrossFilterSelection } from '@/features/chart/viz/chartRendererProps';
import { useElementSize } from '@/features/chart/useElementSize';
import { newDashboardPageId } from '@/features/explore/dashboardExploreContext';
import { testIds } from '@/testIds';
import type { AppliedDashboardColors } from './dashboardColors';
import { DashboardGridContext, type DashboardGridState } from './dashboardGridContext';
import { columnWidthFor, rootId, type DashboardLayout } from './dashboardLayout';
import { DropIndicatorLine } from './editing/EditChrome';
import type { DashboardEditor } from './editing/useDashboardEditor';
import type { AppliedFilter } from './filters/FilterIndicator';
import { LayoutNode } from './LayoutNode';

export interface DashboardGridProps {
  dashboardId: number;
  layout: DashboardLayout;
  charts: readonly DashboardChart[];
  /** Tabs to open first (from a permalink), by tab id. */
  initialActiveTabIds?: readonly string[];
  scrollRoot: HTMLElement | null;
  editor?: DashboardEditor | null;
  /** The filters each chart applies; null until known. Without it charts apply none. */
  extraFormDataByChart?: ReadonlyMap<number, ExtraFormData> | null;
  onCrossFilter?: ((chartId: number, selection: CrossFilterSelection | null) => void) | null;
  crossFilterValues?: ReadonlyMap<number, readonly unknown[]>;
  /** Each chart's own state (server-paginated tables), by chart id. */
  ownStateByChart?: ReadonlyMap<number, Readonly<Record<string, unknown>>>;
  /** A chart's own state changed (a server page, sort or search); null where charts keep none. */
  onOwnStateChange?: ((chartId: number, ownState: Readonly<Record<string, unknown>>) => void) | null;
  /** A chart emits its legacy column filter (`table_filter`); null when charts may not filter. */
  onAddFilter?: ((chartId: number, newSelectedValues: Readonly<Record<string, unknown[]>>, merge: boolean) => void) | null;
  columnFilterValues?: ReadonlyMap<number, Readonly<Record<string, unknown>>>;
  /** Told the open tabs as they change (for permalinks). */
  onActiveTabsChange?: (tabIds: string[]) => void;
  dashboardRefreshNumber?: number;
  autoRefreshNumber?: number;
  autoRefreshDelayMs?: (chartId: number) => number | null;
  onCrossFilterScoping?: ((chartId: number) => void) | null;
  /** Opens "Set filter mapping" for a chart; null for non-editors or without native filters. */
  onFilterMapping?: ((chartId: number) => void) | null;
  /** A permalink of the dashboard as shown, anchored at a component (the charts' Share items). */
  onCreatePermalink?: ((anchor: string | undefined) => Promise<PermalinkCreated>) | null;
  /** The native filters with a value applied to each chart (the charts' filter indicators). */
  appliedFiltersByChart?: ReadonlyMap<number, readonly AppliedFilter[]>;
  /** Focuses a filter in the filter bar; null without a filter bar. */
  onFocusFilter?: ((filterId: string) => void) | null;
  hideChartControls?: boolean;
  /** The top-level tabs' strip is hidden (display modes and the embedded UI config). */
  hideTopLevelTabs?: boolean;
  dashboardColors?: AppliedDashboardColors;
}

/** No filters: what charts apply when the dashboard has no filter state. */
const noFilters: ReadonlyMap<number, ExtraFormData> = new Map();
const noCrossFilterValues: ReadonlyMap<number, readonly unknown[]> = new Map();
const noColumnFilterValues: ReadonlyMap<number, Readonly<Record<string, unknown>>> = new Map();
const noOwnStates: ReadonlyMap<number, Readonly<Record<string, unknown>>> = new Map();
const noAppliedFilters: ReadonlyMap<number, readonly AppliedFilter[]> = new Map();
const noDelay = (): number => 0;
const chartOwnColors: AppliedDashboardColors = { colorScheme: null, labelColors: {} };

/** The open tab of each tabs component that holds one of `tabIds`. */
function activeTabsFor(layout: DashboardLayout, tabIds: readonly string[]): Record<string, string> {
  const active: Record<string, string> = {};
  for (const component of Object.values(layout)) {
    if (component.type !== 'TABS') continue;
    const opened = component.children.find((child) => tabIds.includes(child));
    if (opened !== undefined) active[component.id] = opened;
  }
  return active;
}

/** The 12-column grid: the layout from the root down, painted before any chart data arrives. */
export function DashboardGrid({
  dashboardId,
  layout,
  charts,
  initialActiveTabIds = [],
  scrollRoot,
  editor = null,
  extraFormDataByChart = noFilters,
  onCrossFilter = null,
  crossFilterValues = noCrossFilterValues,
  ownStateByChart = noOwnStates,
  onOwnStateChange = null,
  onAddFilter = null,
  columnFilterValues = noColumnFilterValues,
  onActiveTabsChange,
  dashboardRefreshNumber = 0,
  autoRefreshNumber = 0,
  autoRefreshDelayMs = noDelay,
  onCrossFilterScoping = null,
  onFilterMapping = null,
  onCreatePermalink = null,
  appliedFiltersByChart = noAppliedFilters,
  onFocusFilter = null,
  hideChartControls = false,
  hideTopLevelTabs = false,
  dashboardColors = chartOwnColors,
}: DashboardGridProps): JSX.Element {
  const gridRef = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(gridRef);
  const [activeTabs, setActiveTabs] = useState(() => activeTabsFor(layout, initialActiveTabIds));
  // This dashboard page's id: "Explore chart" stores the dashboard's context under it.
  const [dashboardPageId] = useState(newDashboardPageId);
  const onTabChange = useCallback((tabsId: string, tabId: string) => {
    setActiveTabs((current) => ({ ...current, [tabsId]: tabId }));
  }, []);
  useEffect(() => {
    onActiveTabsChange?.(Object.values(activeTabs));
  }, [activeTabs, onActiveTabsChange]);
  const state = useMemo<DashboardGridState>(
    () => ({
      dashboardId,
      dashboardPageId,
      layout,
      chartsById: new Map(charts.map((chart) => [chart.id, chart])),
      columnWidth: columnWidthFor(width),
      activeTabs,
      onTabChange,
      scrollRoot,
      editor,
      extraFormDataByChart,
      onCrossFilter,
      crossFilterValues,
      ownStateByChart,
      onOwnStateChange,
      onAddFilter,
      columnFilterValues,
      dashboardRefreshNumber,
      autoRefreshNumber,
      autoRefreshDelayMs,
      onCrossFilterScoping,
      onFilterMapping,
      onCreatePermalink,
      appliedFiltersByChart,
      onFocusFilter,
      hideChartControls,
      hideTopLevelTabs,
      dashboardColors,
    }),
    [
      dashboardId,
      dashboardPageId,
      layout,
      charts,
      width,
      activeTabs,
      onTabChange,
      scrollRoot,
      editor,
      extraFormDataByChart,
      onCrossFilter,
      crossFilterValues,
      ownStateByChart,
      onOwnStateChange,
      onAddFilter,
      columnFilterValues,
      dashboardRefreshNumber,
      autoRefreshNumber,
      autoRefreshDelayMs,
      onCrossFilterScoping,
      onFilterMapping,
      onCreatePermalink,
      appliedFiltersByChart,
      onFocusFilter,
      hideChartControls,
      hideTopLevelTabs,
      dashboardColors,
    ],
  );
  const topLevelId = layout[rootId]?.children[0];

  return (
    <DashboardGridContext.Provider value={state}>
      <Grid ref={gridRef} data-testid={testIds.dashboard.grid}>
        {width > 0 && topLevelId !== undefined && <LayoutNode id={topLevelId} parent={layout[rootId] ?? null} />}
        {editor !== null && <DropIndicatorLine />}
      </Grid>
    </DashboardGridContext.Provider>
  );
}

const Grid = styled.div`
  width: 100%;
  min-width: 0;
`;
