import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { getJson, preloadCsrfToken } from '@/api/client';
import { useDashboardRbac } from '@/api/commonConf';
import { errorMessage } from '@/api/errors';
import { eventLogger } from '@/api/eventLog';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { DashboardColors } from '@/api/generated/DashboardColors';
import type { DashboardFilterState } from '@/api/generated/DashboardFilterState';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { queryKeys } from '@/api/queryKeys';
import { readDashboardDisplay } from '@/app/displayMode';
import { useCurrentUser } from '@/features/auth/api';
import type { CrossFilterSelection } from '@/features/chart/viz/chartRendererProps';
import { useDownloadAsImage } from '@/features/explore/download/downloadAsImage';
import { testIds } from '@/testIds';
import { preloadQuiverCore } from '@/wasm/core';
import { preloadPostProcessing } from '@/wasm/postProcess';
import { loadNativeFilterRules } from '@/wasm/nativeFilters';
import { dashboardPagePath, fetchDashboardPermalink, useDashboard, useDashboardCharts, useMyRoles } from './api';
import { readRefreshSettings, withRefreshFrequency } from './autoRefresh';
import { appliedDashboardColors } from './dashboardColors';
import { DashboardGrid } from './DashboardGrid';
import { DashboardHeader } from './DashboardHeader';
import { canEditDashboard, canSaveDashboard, canShareDashboard } from './dashboardPermissions';
import {
  columnFiltersFromPreselectParam,
  dataMaskFromFilterState,
  dataMaskFromNativeFiltersParam,
  focusedChartIn,
  focusedChartParam,
  nativeFiltersKeyParam,
  nativeFiltersParam,
  permalinkUrlParams,
  preselectFiltersParam,
  withoutFocusedChart,
} from './dashboardUrl';
import { BuilderPane } from './editing/BuilderPane';
import { undoRedoShortcut } from './editing/undoRedoShortcut';
import { UnsavedChangesModal } from './editing/UnsavedChangesModal';
import { useUnsavedChangesGuard } from './editing/useUnsavedChangesGuard';
import { OverwriteConfirmModal } from './editing/OverwriteConfirmModal';
import { useChartDefinitionCheck } from './editing/useChartDefinitionCheck';
import { useDashboardEditor } from './editing/useDashboardEditor';
import { createDashboardPermalink } from './filters/api';
import { CrossFilterScopingModal } from './filters/CrossFilterScopingModal';
import { FilterBar, type FocusedFilter } from './filters/FilterBar';
import { FilterConfigModal } from './filters/FilterConfigModal';
import { FilterMappingModal } from './filters/FilterMappingModal';
import { crossFilterDataMask } from './filters/crossFilterMask';
import { crossFilterValuesByChart, datasetIdOf, isDivider, parseJsonMetadata, readFilterBarItems, readNativeFilters } from './filters/nativeFilterConfig';
import { useCrossFilterScoping } from './filters/useCrossFilterScoping';
import { useFilterBarOrientation } from './filters/useFilterBarOrientation';
import { useDashboardFilters } from './filters/useDashboardFilters';
import { useAutoRefresh } from './useAutoRefresh';
import { useChartsRefreshing } from './useChartsRefreshing';
import { useColumnFilters } from './useColumnFilters';
import { useDashboardLayout } from './useDashboardLayout';
import { useDatasetsStatus } from './useDatasetsStatus';
import { useLabelColorSync } from './useLabelColorSync';

/** Scrolls a layout component into view once the grid has drawn it (tries for about a second). */
function scrollIntoViewOnceShown(componentId: string, framesLeft = 60): void {
  const element = document.querySelector(`[data-component-id="${CSS.escape(componentId)}"]`);
  if (element !== null) {
    element.scrollIntoView({ block: 'center' });
    return;
  }
  if (framesLeft > 0) window.requestAnimationFrame(() => scrollIntoViewOnceShown(componentId, framesLeft - 1));
}

/** `/superset/dashboard/{id or slug}/` and `/dashboard/{id or slug}/`; `?edit=true` opens edit mode for editors. */
export function DashboardPage(): JSX.Element {
  const { idOrSlug = '' } = useParams();
  // Another dashboard (a copy, a new slug) starts afresh: its own filters, history and refresh.
  return <DashboardView key={idOrSlug} idOrSlug={idOrSlug} />;
}

function DashboardView({ idOrSlug }: { idOrSlug: string }): JSX.Element {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const permalinkKey = searchParams.get('permalink_key');
  const filterStateKey = searchParams.get(nativeFiltersKeyParam);
  // Read once: the URL's filter values and display mode apply to the page as it opened.
  const [urlDataMask] = useState(() => dataMaskFromNativeFiltersParam(searchParams.get(nativeFiltersParam)));
  // Column filters a permalink stored (`preselect_filters`), applied once the layout is known.
  const [preselectedColumnFilters] = useState(() => columnFiltersFromPreselectParam(searchParams.get(preselectFiltersParam)));
  const [focusedChartId] = useState(() => {
    const value = Number(searchParams.get(focusedChartParam));
    return Number.isInteger(value) && value > 0 ? value : null;
  });
  const display = useMemo(() => readDashboardDisplay(searchParams), [searchParams]);
  const dashboard = useDashboard(idOrSlug);
  const charts = useDashboardCharts(idOrSlug);
  const currentUser = useCurrentUser();
  const roles = useMyRoles();
  const permalink = useQuery({
    queryKey: queryKeys.dashboardPermalink(permalinkKey),
    queryFn: () => fetchDashboardPermalink(permalinkKey ?? ''),
    enabled: permalinkKey !== null,
    retry: false,
  });
  const filterState = useQuery({
    queryKey: queryKeys.dashboardFilterState(idOrSlug, filterStateKey),
    queryFn: ({ signal }) =>
      getJson<DashboardFilterState>(`/api/v1/dashboard/${encodeURIComponent(idOrSlug)}/filter_state/${encodeURIComponent(filterStateKey ?? '')}`, signal),
    enabled: filterStateKey !== null && permalinkKey === null,
    retry: false,
  });
  const filterStateValue = filterState.data?.value;
  const filterStateMask = useMemo(() => (filterStateValue === undefined ? undefined : dataMaskFromFilterState(filterStateValue)), [filterStateValue]);
  const layout = useDashboardLayout(dashboard.data, charts.data);
  const [scrollRoot, setScrollRoot] = useState<HTMLElement | null>(null);
  // The grid with its margins: the header menu's "Download as Image" draws it.
  const bodyRef = useRef<HTMLDivElement>(null);
  const downloadAsImage = useDownloadAsImage();
  const [activeTabIds, setActiveTabIds] = useState<string[]>([]);
  const [isFilterConfigOpen, setIsFilterConfigOpen] = useState(false);
  // The chart whose "Set filter mapping" is open; null when closed.
  const [filterMappingChartId, setFilterMappingChartId] = useState<number | null>(null);
  // Charts dragged in from the charts pane, painted before the save links them to the dashboard.
  const [pickedCharts, setPickedCharts] = useState<ReadonlyMap<number, DashboardChart>>(() => new Map());
  const [draftTitle, setDraftTitle] = useState<string | null>(null);
  // The CSS edited in edit mode ("Edit CSS"): applied as typed, saved with the dashboard.
  const [draftCss, setDraftCss] = useState<string | null>(null);
  const [dashboardRefreshNumber, setDashboardRefreshNumber] = useState(0);
  // The refresh interval chosen in the menu: for the session in view mode, saved with the
  // dashboard (`refresh_frequency`) when chosen in edit mode.
  const [chosenRefreshSeconds, setChosenRefreshSeconds] = useState<number | null>(null);
  const [refreshSecondsToSave, setRefreshSecondsToSave] = useState<number | null>(null);
  const userId = currentUser.data?.id;
  const isRoleBasedAccessOn = useDashboardRbac();
  // Edit permission: admin or owner, plus can_write on Dashboard (spec 001 §6); the server checks it again on save.
  const canEdit = canEditDashboard(roles.data, dashboard.data, userId);
  const canSave = canSaveDashboard(roles.data, dashboard.data, userId, isRoleBasedAccessOn);
  const isEditing = searchParams.get('edit') === 'true' && canEdit;
  const editor = useDashboardEditor(isEditing, layout, dashboard.data?.id ?? 0);
  const jsonMetadata = dashboard.data?.json_metadata ?? null;
  const nativeFilters = useMemo(() => readNativeFilters(jsonMetadata), [jsonMetadata]);
  const filterBarItems = useMemo(() => readFilterBarItems(jsonMetadata), [jsonMetadata]);
  const chartIds = useMemo(() => (charts.data ?? []).map((chart) => chart.id), [charts.data]);
  const keepSavedDashboard = useCallback(
    (saved: Dashboard) => {
      queryClient.setQueryData(queryKeys.dashboard(idOrSlug), saved);
      queryClient.setQueryData(queryKeys.dashboard(String(saved.id)), saved);
    },
    [queryClient, idOrSlug],
  );
  const crossFilterScoping = useCrossFilterScoping(dashboard.data, chartIds, keepSavedDashboard);
  const crossFilterSettings = crossFilterScoping.settings;
  const filterBarOrientation = useFilterBarOrientation(dashboard.data, keepSavedDashboard);
  const dashboardColors = useMemo(() => appliedDashboardColors(jsonMetadata), [jsonMetadata]);
  // The label-colour sync writes the load rules' colours and those the charts draw back
  // (mark_updated=false); the page keeps them.
  const keepSyncedColors = useCallback(
    (colors: DashboardColors) =>
      queryClient.setQueryData<Dashboard>(queryKeys.dashboard(idOrSlug), (current) =>
        current === undefined ? current : { ...current, json_metadata: JSON.stringify({ ...parseJsonMetadata(current.json_metadata), ...colors }) },
      ),
    [queryClient, idOrSlug],
  );
  useLabelColorSync(dashboard.data?.id, jsonMetadata, canEdit, keepSyncedColors, chartIds);
  const chartDatasetIds = useMemo(() => new Map((charts.data ?? []).map((chart) => [chart.id, datasetIdOf(chart.form_data.datasource)])), [charts.data]);
  const dashboardFilters = useDashboardFilters({
    filters: nativeFilters,
    layout,
    chartIds,
    chartDatasetIds,
    crossFilterScoping: crossFilterSettings.scoping,
    // A permalink's masks first, then a stored filter state (`native_filters_key`), then `native_filters`.
    savedDataMask: permalink.data?.state.dataMask ?? filterStateMask ?? urlDataMask,
    isReady:
      dashboard.data !== undefined &&
      (permalinkKey === null || !permalink.isPending) &&
      (filterStateKey === null || permalinkKey !== null || !filterState.isPending),
  });
  const { setCrossFilter } = dashboardFilters;
  const onCrossFilter = useCallback(
    (chartId: number, selection: CrossFilterSelection | null) => {
      if (selection === null) {
        setCrossFilter(chartId, null);
        return;
      }
      void loadNativeFilterRules().then((rules) => setCrossFilter(chartId, crossFilterDataMask(rules, selection)));
    },
    [setCrossFilter],
  );
  const crossFilterValues = useMemo(() => crossFilterValuesByChart(dashboardFilters.applied), [dashboardFilters.applied]);
  // The charts' filter indicators: the native filters with a value applied to each chart, by name.
  const { appliedFilterIdsByChart } = dashboardFilters;
  const appliedFiltersByChart = useMemo(() => {
    const names = new Map(nativeFilters.map((filter) => [filter.id, filter.name]));
    return new Map(
      [...appliedFilterIdsByChart].map(([chartId, filterIds]) => [chartId, filterIds.map((id) => ({ id, name: names.get(id) ?? id }))]),
    );
  }, [appliedFilterIdsByChart, nativeFilters]);
  // Superset's focused filter field: a filter indicator's entry highlights that filter in the bar.
  const [focusedFilter, setFocusedFilter] = useState<FocusedFilter | null>(null);
  const focusFilter = useCallback((filterId: string) => setFocusedFilter({ filterId }), []);
  const parsedJsonMetadata = useMemo(() => parseJsonMetadata(jsonMetadata), [jsonMetadata]);
  // Legacy column filters (a table with `table_filter`), applied after the native filters.
  const columnFilters = useColumnFilters({
    layout,
    chartIds,
    chartDatasetIds,
    jsonMetadata: parsedJsonMetadata,
    nativeExtraFormDataByChart: dashboardFilters.extraFormDataByChart,
  });
  const { changeFilter: changeColumnFilter } = columnFilters;
  const hasPreselectedColumnFilters = useRef(false);
  useEffect(() => {
    if (hasPreselectedColumnFilters.current || preselectedColumnFilters === undefined || layout === null) return;
    hasPreselectedColumnFilters.current = true;
    for (const [chartId, columns] of preselectedColumnFilters) changeColumnFilter(chartId, columns, false);
  }, [preselectedColumnFilters, layout, changeColumnFilter]);
  const columnFilterValues = useMemo(
    () => new Map(Object.values(columnFilters.state).map((filter) => [filter.chartId, filter.columns])),
    [columnFilters.state],
  );
  const gridCharts = useMemo(() => {
    const own = charts.data ?? [];
    const ownIds = new Set(own.map((chart) => chart.id));
    return [...own, ...[...pickedCharts.values()].filter((chart) => !ownIds.has(chart.id))];
  }, [charts.data, pickedCharts]);
  // A chart dropped from the pane needs its definition, else Superset's warning and no drop.
  const checkedEditor = useChartDefinitionCheck(editor, gridCharts);
  const onPickChart = useCallback((chart: DashboardChart) => {
    setPickedCharts((current) => (current.has(chart.id) ? current : new Map(current).set(chart.id, chart)));
  }, []);

  // Auto refresh: `refresh_frequency` unless chosen for this session, staggered, immune charts left alone.
  const refreshSettings = useMemo(() => readRefreshSettings(jsonMetadata), [jsonMetadata]);
  const refreshSeconds = chosenRefreshSeconds ?? refreshSettings.refreshSeconds;
  const { autoRefreshNumber, autoRefreshDelayMs: autoRefreshDelay } = useAutoRefresh(refreshSeconds, refreshSettings, chartIds);

  // `focused_chart`: its tabs open, it scrolls into view, and the parameter leaves the URL.
  const focusedChart = useMemo(() => (focusedChartId === null || layout === null ? null : focusedChartIn(layout, focusedChartId)), [focusedChartId, layout]);
  const hasFocusedChart = useRef(false);
  useEffect(() => {
    if (hasFocusedChart.current || focusedChartId === null || layout === null) return;
    hasFocusedChart.current = true;
    setSearchParams((current) => withoutFocusedChart(current), { replace: true });
    if (focusedChart !== null) scrollIntoViewOnceShown(focusedChart.componentId);
  }, [focusedChartId, focusedChart, layout, setSearchParams]);

  // A permalink's anchor (`#CHART-...`, a chart's Share): the component scrolls into view once drawn.
  const { hash } = useLocation();
  const hasScrolledToAnchor = useRef(false);
  useEffect(() => {
    if (hasScrolledToAnchor.current || layout === null || hash.length <= 1) return;
    hasScrolledToAnchor.current = true;
    const anchor = hash.slice(1);
    if (layout[anchor] !== undefined) scrollIntoViewOnceShown(anchor);
  }, [hash, layout]);
  // Superset's data masks: the filters' and cross-filters', with each chart's own state.
  const appliedDataMask = dashboardFilters.dataMask;
  const permalinkDashboardId = dashboard.data?.id ?? 0;
  const activeColumnFilters = columnFilters.active;
  // A permalink of the page as shown: filter and cross-filter masks, column filters, open tabs and,
  // from a chart's Share menu, the chart as anchor.
  const createPermalink = useCallback(
    (anchor: string | undefined) =>
      createDashboardPermalink(permalinkDashboardId, {
        dataMask: appliedDataMask,
        activeTabs: activeTabIds,
        anchor,
        urlParams: permalinkUrlParams(new URLSearchParams(window.location.search), activeColumnFilters),
      }),
    [permalinkDashboardId, appliedDataMask, activeTabIds, activeColumnFilters],
  );

  // The embedded UI config's bit 16: the embedding page hears the data masks as they change.
  const appliedMasks = dashboardFilters.dataMask;
  useEffect(() => {
    if (!display.emitDataMasks || window.parent === window) return;
    window.parent.postMessage({ type: 'observeDataMask', dataMask: appliedMasks }, '*');
  }, [display.emitDataMasks, appliedMasks]);

  // Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (Cmd on macOS), outside text fields.
  useEffect(() => {
    if (editor === null) return undefined;
    const onKeyDown = (event: KeyboardEvent): void => {
      const shortcut = undoRedoShortcut(event);
      if (shortcut === null) return;
      event.preventDefault();
      if (shortcut === 'undo') editor.undo();
      else editor.redo();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [editor]);

  // Chart queries need the Wasm core, post-processed charts its worker, and every chart query (a
  // POST) the CSRF token: all three load while the dashboard's own API calls run.
  useEffect(() => {
    preloadQuiverCore();
    preloadPostProcessing();
    preloadCsrfToken();
  }, []);

  // The activity log: the dashboard was opened (issue #8).
  const loadedDashboardId = dashboard.data?.id;
  useEffect(() => {
    if (loadedDashboardId !== undefined) eventLogger.log({ event_name: 'mount_dashboard', source: 'dashboard', source_id: loadedDashboardId });
  }, [loadedDashboardId]);

  /** Leaving edit mode without saving forgets an interval chosen there, as Superset's reload does. */
  function discard(): void {
    if (refreshSecondsToSave !== null) setChosenRefreshSeconds(null);
    setEditFlag(false);
  }

  function changeRefreshSeconds(seconds: number): void {
    setChosenRefreshSeconds(seconds);
    if (editor !== null) setRefreshSecondsToSave(seconds);
  }

  function setEditFlag(isOn: boolean): void {
    setDraftTitle(null);
    setDraftCss(null);
    setRefreshSecondsToSave(null);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (isOn) next.set('edit', 'true');
        else next.delete('edit');
        return next;
      },
      { replace: true },
    );
  }

  /** Saves the edits; with `CONFIRM_DASHBOARD_DIFF` on, an overwrite of a changed dashboard waits for a confirmation first. */
  function save(isOverwriteConfirmed: boolean): void {
    if (editor === null) return;
    const title = draftTitle ?? undefined;
    const jsonMetadataToSave = refreshSecondsToSave === null ? undefined : withRefreshFrequency(jsonMetadata, refreshSecondsToSave);
    const css = draftCss ?? undefined;
    void editor.save({ title, jsonMetadata: jsonMetadataToSave, css, loaded: dashboard.data, isOverwriteConfirmed }).then(async (isSaved) => {
      if (!isSaved) return;
      // Saved: leaving edit mode (and the page, for a new path) needs no confirmation.
      unsavedChangesGuard.release();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(idOrSlug) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboardCharts(idOrSlug) }),
      ]);
      setEditFlag(false);
      const saved = queryClient.getQueryData<Dashboard>(queryKeys.dashboard(idOrSlug));
      if (saved !== undefined) followSavedPath(saved);
    });
  }

  /** After a save, the page path from the slug (or the id) replaces the URL's when it changed (spec 001 §2). */
  function followSavedPath(saved: Dashboard): void {
    const path = dashboardPagePath(saved);
    if (window.location.pathname === path) return;
    keepSavedDashboard(saved);
    const params = new URLSearchParams(window.location.search);
    params.delete('edit');
    const query = params.toString();
    void navigate(`${path}${query === '' ? '' : `?${query}`}`, { replace: true });
  }

  // Superset's "unsaved changes" flag: the layout, title, CSS or refresh interval changed in edit mode.
  const loadedDashboard = dashboard.data;
  const hasUnsavedChanges =
    editor !== null &&
    (editor.hasUnsavedChanges ||
      (draftTitle !== null && draftTitle !== loadedDashboard?.dashboard_title) ||
      (draftCss !== null && draftCss !== (loadedDashboard?.css ?? '')) ||
      refreshSecondsToSave !== null);
  const unsavedChangesGuard = useUnsavedChangesGuard(hasUnsavedChanges, discard);
  // Spec 001 §4 flags: charts re-running after a refresh, and after the filters changed.
  const isRefreshing = useChartsRefreshing(loadedDashboard?.id ?? 0, `${dashboardRefreshNumber}:${autoRefreshNumber}`);
  const isFiltersRefreshing = useChartsRefreshing(loadedDashboard?.id ?? 0, columnFilters.extraFormDataByChart);
  const datasetsStatus = useDatasetsStatus(idOrSlug);

  const loadError = dashboard.error ?? charts.error;
  if (loadError !== null) {
    return (
      <Message role="alert" data-testid={testIds.dashboard.loadError}>
        {errorMessage(loadError)}
      </Message>
    );
  }
  if (dashboard.data === undefined) return <Message>Loading…</Message>;
  const isWaitingForPermalink = (permalinkKey !== null && permalink.isPending) || (filterStateKey !== null && permalinkKey === null && filterState.isPending);
  const initialActiveTabIds = permalink.data?.state.activeTabs ?? focusedChart?.tabIds ?? [];
  const canScopeCrossFilters = canEdit && crossFilterSettings.isEnabled && editor === null;
  const canMapFilters = canEdit && editor === null && nativeFilters.length > 0;
  const filterMappingChart = filterMappingChartId === null ? undefined : charts.data?.find((chart) => chart.id === filterMappingChartId);
  const shownLayout = editor?.layout ?? layout;
  const shownCss = (editor === null ? null : draftCss) ?? dashboard.data.css ?? '';

  return (
    <Page
      ref={setScrollRoot}
      data-testid={testIds.dashboard.page}
      data-unsaved-changes={String(hasUnsavedChanges)}
      data-refreshing={String(isRefreshing)}
      data-filters-refreshing={String(isFiltersRefreshing)}
      data-datasets-status={datasetsStatus}
      data-undo-history-exceeded={String(editor?.isUndoHistoryExceeded ?? false)}
    >
      {!display.hideTitle && (
        <DashboardHeader
          dashboard={dashboard.data}
          idOrSlug={idOrSlug}
          canEdit={canEdit}
          canSave={canSave}
          canShare={canShareDashboard(roles.data)}
          editor={editor}
          onEdit={() => setEditFlag(true)}
          onDiscard={unsavedChangesGuard.requestDiscard}
          onSave={() => save(false)}
          onCreatePermalink={() => createPermalink(undefined)}
          draftTitle={draftTitle ?? dashboard.data.dashboard_title}
          onDraftTitleChange={setDraftTitle}
          isRefreshing={isRefreshing}
          draftCss={draftCss ?? dashboard.data.css ?? ''}
          onDraftCssChange={setDraftCss}
          refreshSeconds={refreshSeconds}
          onRefresh={() => setDashboardRefreshNumber((number) => number + 1)}
          onRefreshSecondsChange={changeRefreshSeconds}
          onDownloadAsImage={() =>
            void downloadAsImage({ element: bodyRef.current, title: dashboard.data.dashboard_title, fallbackName: 'dashboard', background: 'background' })
          }
          onPropertiesSaved={(saved) => {
            setDraftTitle(null);
            queryClient.setQueryData(queryKeys.dashboard(String(saved.id)), saved);
            followSavedPath(saved);
          }}
        />
      )}
      {shownCss !== '' && <style data-testid={testIds.dashboard.css}>{shownCss}</style>}
      <Columns $isFilterBarHorizontal={filterBarOrientation.orientation === 'HORIZONTAL' && editor === null}>
        {editor === null && charts.data !== undefined && !display.hideFilterBar && (
          <FilterBar
            dashboardFilters={dashboardFilters}
            items={filterBarItems}
            idOrSlug={idOrSlug}
            charts={charts.data}
            canEdit={canEdit}
            onEditFilters={() => setIsFilterConfigOpen(true)}
            isCrossFilteringEnabled={crossFilterSettings.isEnabled}
            onCrossFilteringChange={crossFilterScoping.setEnabled}
            onOpenCrossFilterScoping={() => crossFilterScoping.open(null)}
            orientation={filterBarOrientation.orientation}
            onOrientationChange={filterBarOrientation.setOrientation}
            focusedFilter={focusedFilter}
            onFocusedFilterBlur={() => setFocusedFilter(null)}
          />
        )}
        <Body ref={bodyRef}>
          {shownLayout === null || charts.data === undefined || isWaitingForPermalink ? (
            <Muted>Loading…</Muted>
          ) : (
            <DashboardGrid
              dashboardId={dashboard.data.id}
              layout={shownLayout}
              charts={gridCharts}
              initialActiveTabIds={initialActiveTabIds}
              scrollRoot={scrollRoot}
              editor={checkedEditor}
              extraFormDataByChart={columnFilters.extraFormDataByChart}
              onAddFilter={editor === null ? columnFilters.changeFilter : null}
              columnFilterValues={columnFilterValues}
              onCrossFilter={crossFilterSettings.isEnabled && editor === null ? onCrossFilter : null}
              crossFilterValues={crossFilterValues}
              ownStateByChart={dashboardFilters.ownStateByChart}
              onOwnStateChange={dashboardFilters.setOwnState}
              onActiveTabsChange={setActiveTabIds}
              dashboardRefreshNumber={dashboardRefreshNumber}
              autoRefreshNumber={autoRefreshNumber}
              autoRefreshDelayMs={autoRefreshDelay}
              onCrossFilterScoping={canScopeCrossFilters ? crossFilterScoping.open : null}
              onFilterMapping={canMapFilters ? setFilterMappingChartId : null}
              onCreatePermalink={createPermalink}
              appliedFiltersByChart={appliedFiltersByChart}
              onFocusFilter={editor === null && !display.hideFilterBar ? focusFilter : null}
              hideChartControls={display.hideChartControls}
              hideTopLevelTabs={display.hideTopLevelTabs}
              dashboardColors={dashboardColors}
            />
          )}
        </Body>
        {editor !== null && <BuilderPane layout={editor.layout} dashboardId={dashboard.data.id} onPickChart={onPickChart} />}
      </Columns>
      {crossFilterScoping.openedFor !== undefined && charts.data !== undefined && (
        <CrossFilterScopingModal
          charts={charts.data}
          scoping={crossFilterSettings.scoping}
          initialChartId={crossFilterScoping.openedFor}
          isSaving={crossFilterScoping.isSaving}
          onSave={crossFilterScoping.save}
          onClose={crossFilterScoping.close}
        />
      )}
      {filterMappingChart !== undefined && layout !== null && (
        <FilterMappingModal
          dashboardId={dashboard.data.id}
          chart={filterMappingChart}
          filters={nativeFilters}
          layout={layout}
          chartIds={chartIds}
          onClose={() => setFilterMappingChartId(null)}
          onSaved={() => {
            // The new scopes come with the reloaded metadata; the chosen filter values stay.
            setFilterMappingChartId(null);
            void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(idOrSlug) });
          }}
        />
      )}
      {editor !== null && editor.overwriteConfirmation !== null && (
        <OverwriteConfirmModal
          confirmation={editor.overwriteConfirmation}
          isSaving={editor.isSaving}
          onConfirm={() => save(true)}
          onCancel={editor.cancelOverwrite}
        />
      )}
      {unsavedChangesGuard.pendingLeave !== null && (
        <UnsavedChangesModal pendingLeave={unsavedChangesGuard.pendingLeave} onConfirm={unsavedChangesGuard.confirmLeave} onCancel={unsavedChangesGuard.cancelLeave} />
      )}
      {isFilterConfigOpen && charts.data !== undefined && (
        <FilterConfigModal
          dashboardId={dashboard.data.id}
          idOrSlug={idOrSlug}
          filters={filterBarItems}
          charts={charts.data}
          layout={layout}
          onClose={() => setIsFilterConfigOpen(false)}
          onSaved={(saved, deletedIds) => {
            setIsFilterConfigOpen(false);
            dashboardFilters.resetFilters(
              saved.filter((item) => !isDivider(item)),
              deletedIds,
            );
            void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(idOrSlug) });
          }}
        />
      )}
    </Page>
  );
}

const Page = styled.main`
  height: 100%;
  overflow: auto;
  background: ${({ theme }) => theme.colors.background};
`;

/** The filter bar beside the charts, or above them when it is horizontal. */
const Columns = styled.div<{ $isFilterBarHorizontal: boolean }>`
  display: flex;
  flex-direction: ${({ $isFilterBarHorizontal }) => ($isFilterBarHorizontal ? 'column' : 'row')};
  align-items: ${({ $isFilterBarHorizontal }) => ($isFilterBarHorizontal ? 'stretch' : 'flex-start')};
`;

const Body = styled.div`
  flex: 1;
  min-width: 0;
  padding: ${({ theme }) => `${theme.gridUnit * 4}px ${theme.gridUnit * 6}px`};
`;

const Message = styled.p`
  padding: ${({ theme }) => theme.gridUnit * 6}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
