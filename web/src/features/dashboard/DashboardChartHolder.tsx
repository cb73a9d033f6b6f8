import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type JSX, type RefObject } from 'react';
import styled from 'styled-components';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { FormData } from '@/api/generated/FormData';
import { queryKeys } from '@/api/queryKeys';
import { ChartPanel } from '@/features/chart/ChartPanel';
import { DrillDetailModal } from '@/features/chart/drillToDetail/DrillDetailModal';
import { ChartColumnFilterContext, type ChartColumnFilterHooks } from '@/features/chart/viz/chartColumnFilterContext';
import type { CrossFilterSelection, DrillValue } from '@/features/chart/viz/chartRendererProps';
import { chartResultsStateOf } from '@/features/explore/dataPane/chartResultsState';
import { testIds } from '@/testIds';
import { runDashboardChartQuery } from './api';
import { ChartActionsMenu, exploreChartPath, hasChartDescription } from './ChartActionsMenu';
import { withDashboardColors } from './dashboardColors';
import { useDashboardGrid } from './dashboardGridContext';
import { FilterIndicator, type AppliedFilter } from './filters/FilterIndicator';
import { SafeMarkdown } from './SafeMarkdown';
import { useNearViewport } from './useNearViewport';
import { ViewAsTableModal } from './ViewAsTableModal';

/** Superset's text for a layout chart whose chart no longer exists. */
export const missingChartMessage = 'There is no chart definition associated with this component, could it have been deleted?';

/** The chart's form data with its own state (`own_state`: a server-paginated table's page, sort and search), when any. */
function withOwnState(formData: FormData, ownState: Readonly<Record<string, unknown>> | undefined): FormData {
  return ownState === undefined ? formData : ({ ...formData, own_state: ownState } as FormData);
}

/** The chart's form data with the dashboard filters it applies (`extra_form_data`), when any. */
function withExtraFormData(formData: FormData, extraFormData: ExtraFormData | null): FormData {
  const isEmpty = extraFormData === null || Object.keys(extraFormData).length === 0;
  return isEmpty ? formData : ({ ...formData, extra_form_data: extraFormData } as FormData);
}

export interface DashboardChartHolderProps {
  chartId: number | undefined;
  widthPx: number;
  heightPx: number;
  /** The name the layout gives the chart (`sliceNameOverride`), else the chart's own. */
  nameOverride?: string;
  /** The chart's layout component id (`CHART-...`). */
  componentId?: string;
}

/**
 * One chart of the grid: its title and actions, then the chart once it is near the viewport. In
 * fullscreen (the chart menu's "Enter fullscreen") it fills the window until "Exit fullscreen" or
 * Escape.
 */
export function DashboardChartHolder({ chartId, widthPx, heightPx, nameOverride, componentId }: DashboardChartHolderProps): JSX.Element {
  const { chartsById } = useDashboardGrid();
  const chart = chartId === undefined ? undefined : chartsById.get(chartId);
  const holderRef = useRef<HTMLDivElement>(null);
  const [isFullSize, setIsFullSize] = useState(false);
  useEffect(() => {
    if (!isFullSize) return undefined;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key === 'Escape' && !event.defaultPrevented) setIsFullSize(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isFullSize]);
  return (
    <Holder
      ref={holderRef}
      $isFullSize={isFullSize}
      style={isFullSize ? undefined : { width: widthPx, height: heightPx }}
      data-testid={testIds.dashboard.chart}
      data-chart-id={chartId}
      data-full-size={isFullSize ? 'true' : 'false'}
    >
      {chart === undefined ? (
        <Missing role="alert">{missingChartMessage}</Missing>
      ) : (
        <LoadedChart
          chart={chart}
          componentId={componentId}
          nameOverride={nameOverride}
          holderRef={holderRef}
          isFullSize={isFullSize}
          onToggleFullSize={() => setIsFullSize((isOn) => !isOn)}
        />
      )}
    </Holder>
  );
}

/** Whether two query keys of a chart differ by its own state only (the last part of the key). */
function isSameChartRun(previousKey: readonly unknown[], key: readonly unknown[]): boolean {
  return previousKey.length === key.length && JSON.stringify(previousKey.slice(0, -1)) === JSON.stringify(key.slice(0, -1));
}

interface LoadedChartProps {
  chart: DashboardChart;
  componentId?: string;
  nameOverride?: string;
  /** The holder: "Download as image" draws it, title included. */
  holderRef: RefObject<HTMLDivElement | null>;
  isFullSize: boolean;
  onToggleFullSize: () => void;
}

const noAppliedFilters: readonly AppliedFilter[] = [];

function LoadedChart({ chart, componentId, nameOverride, holderRef, isFullSize, onToggleFullSize }: LoadedChartProps): JSX.Element {
  const {
    dashboardId,
    scrollRoot,
    extraFormDataByChart,
    onCrossFilter,
    crossFilterValues,
    onAddFilter = null,
    columnFilterValues,
    ownStateByChart,
    onOwnStateChange = null,
    dashboardRefreshNumber,
    autoRefreshNumber,
    autoRefreshDelayMs,
    hideChartControls = false,
    dashboardColors,
    appliedFiltersByChart,
    onFocusFilter = null,
  } = useDashboardGrid();
  const bodyRef = useRef<HTMLDivElement>(null);
  const isNearViewport = useNearViewport(bodyRef, scrollRoot);
  const [ownRefreshNumber, setRefreshNumber] = useState(0);
  // The values of the open "Drill to detail" modal (none for the whole chart); null when closed.
  const [drillValues, setDrillValues] = useState<DrillValue[] | null>(null);
  const [isTableVisible, setIsTableVisible] = useState(false);
  const [isDescriptionExpanded, setIsDescriptionExpanded] = useState(false);
  // Periodic refreshes reach this chart after its stagger delay; immune charts skip them.
  const [appliedAutoRefresh, setAppliedAutoRefresh] = useState(autoRefreshNumber);
  const autoDelay = autoRefreshDelayMs(chart.id);
  useEffect(() => {
    if (autoDelay === null || appliedAutoRefresh === autoRefreshNumber) return undefined;
    const timer = window.setTimeout(() => setAppliedAutoRefresh(autoRefreshNumber), autoDelay);
    return () => window.clearTimeout(timer);
  }, [autoDelay, appliedAutoRefresh, autoRefreshNumber]);
  const refreshNumber = ownRefreshNumber + dashboardRefreshNumber + appliedAutoRefresh;
  const extraFormData = extraFormDataByChart?.get(chart.id) ?? null;
  // Superset's `ownState` in the chart's data mask: a server-paginated table's page, sort and search.
  const ownState = ownStateByChart?.get(chart.id);
  const ownFormData = useMemo(() => withOwnState(chart.form_data, ownState), [chart.form_data, ownState]);
  const filteredFormData = useMemo(() => withExtraFormData(chart.form_data, extraFormData), [chart.form_data, extraFormData]);
  const formData = useMemo(() => withExtraFormData(ownFormData, extraFormData), [ownFormData, extraFormData]);
  // Drawn with the dashboard's colours; queried without them (colours change no query).
  const drawnFormData = useMemo(
    () => (dashboardColors === undefined ? ownFormData : withDashboardColors(ownFormData, dashboardColors)),
    [ownFormData, dashboardColors],
  );
  const chartQueryKey = useMemo(
    () => [...queryKeys.dashboardFilteredChartData(dashboardId, chart.id, refreshNumber, extraFormData), ownState ?? null] as const,
    [dashboardId, chart.id, refreshNumber, extraFormData, ownState],
  );
  const chartData = useQuery({
    queryKey: chartQueryKey,
    queryFn: ({ signal }) => runDashboardChartQuery(formData, { dashboardId, force: refreshNumber > 0 }, signal, ownFormData),
    enabled: isNearViewport && extraFormDataByChart !== null,
    retry: false,
    staleTime: Infinity,
    // A new page, sort or search of the chart's own state keeps the shown page drawn while it
    // loads (the table keeps its search box and its focus); other changes show the loading state.
    placeholderData: (previous, previousQuery) =>
      previousQuery !== undefined && isSameChartRun(previousQuery.queryKey, chartQueryKey) ? previous : undefined,
  });
  const emitOwnState = useMemo(
    () => (onOwnStateChange === null ? undefined : (next: Record<string, unknown>) => onOwnStateChange(chart.id, next)),
    [onOwnStateChange, chart.id],
  );
  const emitCrossFilter = useMemo(
    () => (onCrossFilter === null ? undefined : (selection: CrossFilterSelection | null) => onCrossFilter(chart.id, selection)),
    [onCrossFilter, chart.id],
  );
  const ownColumnFilter = columnFilterValues?.get(chart.id);
  const columnFilterHooks = useMemo<ChartColumnFilterHooks | null>(
    () =>
      onAddFilter === null
        ? null
        : { selectedValues: ownColumnFilter ?? {}, onAddFilter: (newSelectedValues, merge) => onAddFilter(chart.id, newSelectedValues, merge) },
    [onAddFilter, ownColumnFilter, chart.id],
  );
  const name = nameOverride ?? chart.slice_name;
  return (
    <>
      <ChartHeader>
        <Title data-testid={testIds.dashboard.chartTitle} title={name}>
          {name}
        </Title>
        {!hideChartControls && onFocusFilter !== null && (
          <FilterIndicator filters={appliedFiltersByChart?.get(chart.id) ?? noAppliedFilters} onFocusFilter={onFocusFilter} />
        )}
        {!hideChartControls && (
          <ChartActionsMenu
            chart={chart}
            componentId={componentId}
            formData={filteredFormData}
            onForceRefresh={() => setRefreshNumber((number) => number + 1)}
            isFullSize={isFullSize}
            onToggleFullSize={onToggleFullSize}
            onToggleDescription={() => setIsDescriptionExpanded((isShown) => !isShown)}
            imageElementRef={holderRef}
            onDrillToDetail={() => setDrillValues([])}
            onViewAsTable={() => setIsTableVisible(true)}
          />
        )}
      </ChartHeader>
      {isDescriptionExpanded && hasChartDescription(chart) && (
        <Description data-testid={testIds.dashboard.chartDescription}>
          <SafeMarkdown source={chart.description ?? ''} />
        </Description>
      )}
      <Body ref={bodyRef} data-loaded={chartData.isSuccess ? 'true' : 'false'}>
        {isNearViewport ? <ChartColumnFilterContext.Provider value={columnFilterHooks}><ChartPanel
            chartData={chartData}
            hasRun
            formData={drawnFormData}
            onCrossFilter={emitCrossFilter}
            crossFilterValues={crossFilterValues.get(chart.id)}
            onDrillToDetail={setDrillValues}
            errorSource="dashboard"
            owners={chart.owners}
            chartId={chart.id}
            runKey={JSON.stringify(chartQueryKey)}
            onOwnStateChange={emitOwnState}
          /></ChartColumnFilterContext.Provider> : <Placeholder aria-hidden />}
      </Body>
      {drillValues !== null && (
        <DrillDetailModal chartName={name} formData={filteredFormData} initialDrillValues={drillValues} onClose={() => setDrillValues(null)} />
      )}
      {isTableVisible && (
        <ViewAsTableModal
          chartName={name}
          results={chartResultsStateOf(chartData, true)}
          explorePath={exploreChartPath(chart)}
          onClose={() => setIsTableVisible(false)}
        />
      )}
    </>
  );
}

/** Fullscreen: the holder fills the window, above the dashboard and below dialogs (z-index 1000). */
const Holder = styled.div<{ $isFullSize: boolean }>`
  display: flex;
  flex: none;
  flex-direction: column;
  min-width: 0;
  border-radius: ${({ theme, $isFullSize }) => ($isFullSize ? 0 : theme.borderRadius)}px;
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
  ${({ $isFullSize }) => ($isFullSize ? 'position: fixed; inset: 0; z-index: 900; width: 100vw; height: 100vh;' : '')}
`;

/** The chart's description between its header and the chart, as Superset's callout. */
const Description = styled.div`
  flex: none;
  max-height: 40%;
  overflow: auto;
  margin: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 4}px 0`};
  border-left: 3px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const ChartHeader = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 4}px 0`};
`;

const Title = styled.h3`
  flex: 1;
  margin: 0;
  overflow: hidden;
  font-size: ${({ theme }) => theme.fontSizes.m}px;
  font-weight: 600;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  min-height: 0;
`;

const Placeholder = styled.div`
  flex: 1;
`;

const Missing = styled.div`
  padding: ${({ theme }) => theme.gridUnit * 4}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
