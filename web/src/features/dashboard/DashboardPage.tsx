import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { preloadCsrfToken } from '@/api/client';
import { errorMessage } from '@/api/errors';
import { eventLogger } from '@/api/eventLog';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { queryKeys } from '@/api/queryKeys';
import { useCurrentUser } from '@/features/auth/api';
import type { CrossFilterSelection } from '@/features/chart/viz/chartRendererProps';
import { useDownloadAsImage } from '@/features/explore/download/downloadAsImage';
import { testIds } from '@/testIds';
import { placeMissingCharts } from '@/wasm/dashboardLayout';
import { preloadQuiverCore } from '@/wasm/core';
import { preloadPostProcessing } from '@/wasm/postProcess';
import { loadNativeFilterRules } from '@/wasm/nativeFilters';
import { fetchDashboardPermalink, isAdmin, useDashboard, useDashboardCharts, useMyRoles } from './api';
import { autoRefreshPeriodMs, readRefreshSettings, staggerDelayMs, withRefreshFrequency } from './autoRefresh';
import { DashboardGrid } from './DashboardGrid';
import { DashboardHeader } from './DashboardHeader';
import { BuilderPane } from './editing/BuilderPane';
import { undoRedoShortcut } from './editing/undoRedoShortcut';
import { useDashboardEditor } from './editing/useDashboardEditor';
import { createDashboardPermalink } from './filters/api';
import { FilterBar } from './filters/FilterBar';
import { FilterConfigModal } from './filters/FilterConfigModal';
import { crossFilterValuesByChart, datasetIdOf, readCrossFilterSettings, readNativeFilters } from './filters/nativeFilterConfig';
import { useDashboardFilters } from './filters/useDashboardFilters';
import { isLayoutComplete, layoutFromDocument, parsePositionJson, type DashboardLayout } from './dashboardLayout';

interface StoredLayout {
  document: unknown;
  layout: DashboardLayout;
  isComplete: boolean;
}

/**
 * The layout to paint: the stored one when it has a root and every chart; otherwise the core's
 * load rule fills it in (root and grid, missing charts in new rows) once the Wasm core is there.
 */
function useDashboardLayout(dashboard: Dashboard | undefined, charts: DashboardChart[] | undefined): DashboardLayout | null {
  const stored = useMemo<StoredLayout | null>(() => {
    if (dashboard === undefined || charts === undefined) return null;
    const document = parsePositionJson(dashboard.position_json);
    const layout = layoutFromDocument(document);
    return { document, layout, isComplete: isLayoutComplete(layout, charts) };
  }, [dashboard, charts]);
  const [filled, setFilled] = useState<{ source: StoredLayout; layout: DashboardLayout } | null>(null);

  useEffect(() => {
    if (stored === null || stored.isComplete || charts === undefined) return undefined;
    let isCurrent = true;
    const placements = charts.map((chart) => ({ id: chart.id, name: chart.slice_name }));
    placeMissingCharts(stored.document ?? {}, placements).then(
      (document) => {
        if (isCurrent) setFilled({ source: stored, layout: layoutFromDocument(document) });
      },
      (error: unknown) => console.warn('dashboard layout could not be completed', error),
    );
    return () => {
      isCurrent = false;
    };
  }, [stored, charts]);

  if (stored === null) return null;
  if (stored.isComplete) return stored.layout;
  return filled?.source === stored ? filled.layout : null;
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
  const permalinkKey = searchParams.get('permalink_key');
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
  const layout = useDashboardLayout(dashboard.data, charts.data);
  const [scrollRoot, setScrollRoot] = useState<HTMLElement | null>(null);
  // The grid with its margins: the header menu's "Download as Image" draws it.
  const bodyRef = useRef<HTMLDivElement>(null);
  const downloadAsImage = useDownloadAsImage();
  const [activeTabIds, setActiveTabIds] = useState<string[]>([]);
  const [isFilterConfigOpen, setIsFilterConfigOpen] = useState(false);
  // Charts dragged in from the charts pane, painted before the save links them to the dashboard.
  const [pickedCharts, setPickedCharts] = useState<ReadonlyMap<number, DashboardChart>>(() => new Map());
  const [draftTitle, setDraftTitle] = useState<string | null>(null);
  const [dashboardRefreshNumber, setDashboardRefreshNumber] = useState(0);
  const [autoRefreshNumber, setAutoRefreshNumber] = useState(0);
  // The refresh interval chosen in the menu: for the session in view mode, saved with the
  // dashboard (`refresh_frequency`) when chosen in edit mode.
  const [chosenRefreshSeconds, setChosenRefreshSeconds] = useState<number | null>(null);
  const [refreshSecondsToSave, setRefreshSecondsToSave] = useState<number | null>(null);
  const userId = currentUser.data?.id;
  // Edit permission: admin or owner (spec 001 §6); the server checks it again on save.
  const canEdit = isAdmin(roles.data) || (userId !== undefined && (dashboard.data?.owners.some((owner) => owner.id === userId) ?? false));
  const isEditing = searchParams.get('edit') === 'true' && canEdit;
  const editor = useDashboardEditor(isEditing, layout, dashboard.data?.id ?? 0);
  const jsonMetadata = dashboard.data?.json_metadata ?? null;
  const nativeFilters = useMemo(() => readNativeFilters(jsonMetadata), [jsonMetadata]);
  const crossFilterSettings = useMemo(() => readCrossFilterSettings(jsonMetadata), [jsonMetadata]);
  const chartIds = useMemo(() => (charts.data ?? []).map((chart) => chart.id), [charts.data]);
  const chartDatasetIds = useMemo(() => new Map((charts.data ?? []).map((chart) => [chart.id, datasetIdOf(chart.form_data.datasource)])), [charts.data]);
  const dashboardFilters = useDashboardFilters({
    filters: nativeFilters,
    layout,
    chartIds,
    chartDatasetIds,
    crossFilterScope: crossFilterSettings.scope,
    savedDataMask: permalink.data?.state.dataMask,
    isReady: dashboard.data !== undefined && (permalinkKey === null || !permalink.isPending),
  });
  const { setCrossFilter } = dashboardFilters;
  const onCrossFilter = useCallback(
    (chartId: number, selection: CrossFilterSelection | null) => {
      if (selection === null) {
        setCrossFilter(chartId, null);
        return;
      }
      void loadNativeFilterRules().then((rules) =>
        setCrossFilter(chartId, {
          extraFormData: rules.selectExtraFormData(selection.column, selection.values, false, false),
          filterState: { value: selection.values, label: selection.label },
        }),
      );
    },
    [setCrossFilter],
  );
  const crossFilterValues = useMemo(() => crossFilterValuesByChart(dashboardFilters.applied), [dashboardFilters.applied]);
  const gridCharts = useMemo(() => {
    const own = charts.data ?? [];
    const ownIds = new Set(own.map((chart) => chart.id));
    return [...own, ...[...pickedCharts.values()].filter((chart) => !ownIds.has(chart.id))];
  }, [charts.data, pickedCharts]);
  const onPickChart = useCallback((chart: DashboardChart) => {
    setPickedCharts((current) => (current.has(chart.id) ? current : new Map(current).set(chart.id, chart)));
  }, []);

  // Auto refresh: `refresh_frequency` unless chosen for this session, staggered, immune charts left alone.
  const refreshSettings = useMemo(() => readRefreshSettings(jsonMetadata), [jsonMetadata]);
  const refreshSeconds = chosenRefreshSeconds ?? refreshSettings.refreshSeconds;
  const refreshPeriod = autoRefreshPeriodMs(refreshSeconds, refreshSettings);
  useEffect(() => {
    if (refreshPeriod === null) return undefined;
    const timer = window.setInterval(() => setAutoRefreshNumber((number) => number + 1), refreshPeriod);
    return () => window.clearInterval(timer);
  }, [refreshPeriod]);
  const autoRefreshDelay = useCallback(
    (chartId: number): number | null => {
      if (refreshSettings.immuneChartIds.has(chartId)) return null;
      const index = chartIds.indexOf(chartId);
      return staggerDelayMs(Math.max(index, 0), chartIds.length, refreshSettings);
    },
    [refreshSettings, chartIds],
  );

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

  function changeRefreshSeconds(seconds: number): void {
    setChosenRefreshSeconds(seconds);
    if (editor !== null) setRefreshSecondsToSave(seconds);
  }

  /** Leaving edit mode without saving forgets an interval chosen there, as Superset's reload does. */
  function discard(): void {
    if (refreshSecondsToSave !== null) setChosenRefreshSeconds(null);
    setEditFlag(false);
  }

  function setEditFlag(isOn: boolean): void {
    setDraftTitle(null);
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

  function save(): void {
    if (editor === null) return;
    const title = draftTitle ?? undefined;
    const jsonMetadataToSave = refreshSecondsToSave === null ? undefined : withRefreshFrequency(jsonMetadata, refreshSecondsToSave);
    void editor.save({ title, jsonMetadata: jsonMetadataToSave }).then(async (isSaved) => {
      if (!isSaved) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(idOrSlug) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboardCharts(idOrSlug) }),
      ]);
      setEditFlag(false);
    });
  }

  const loadError = dashboard.error ?? charts.error;
  if (loadError !== null) {
    return (
      <Message role="alert" data-testid={testIds.dashboard.loadError}>
        {errorMessage(loadError)}
      </Message>
    );
  }
  if (dashboard.data === undefined) return <Message>Loading…</Message>;
  const isWaitingForPermalink = permalinkKey !== null && permalink.isPending;
  const shownLayout = editor?.layout ?? layout;

  return (
    <Page ref={setScrollRoot} data-testid={testIds.dashboard.page}>
      <DashboardHeader
        dashboard={dashboard.data}
        idOrSlug={idOrSlug}
        canEdit={canEdit}
        editor={editor}
        onEdit={() => setEditFlag(true)}
        onDiscard={discard}
        onSave={save}
        onCreatePermalink={() => createDashboardPermalink(dashboard.data.id, { dataMask: dashboardFilters.applied, activeTabs: activeTabIds })}
        draftTitle={draftTitle ?? dashboard.data.dashboard_title}
        onDraftTitleChange={setDraftTitle}
        refreshSeconds={refreshSeconds}
        onRefresh={() => setDashboardRefreshNumber((number) => number + 1)}
        onRefreshSecondsChange={changeRefreshSeconds}
        onDownloadAsImage={() =>
          void downloadAsImage({ element: bodyRef.current, title: dashboard.data.dashboard_title, fallbackName: 'dashboard', background: 'background' })
        }
        onPropertiesSaved={(saved) => {
          setDraftTitle(null);
          queryClient.setQueryData(queryKeys.dashboard(String(saved.id)), saved);
        }}
      />
      {dashboard.data.css !== null && dashboard.data.css !== '' && <style data-testid={testIds.dashboard.css}>{dashboard.data.css}</style>}
      <Columns>
        {editor === null && charts.data !== undefined && (
          <FilterBar dashboardFilters={dashboardFilters} charts={charts.data} canEdit={canEdit} onEditFilters={() => setIsFilterConfigOpen(true)} />
        )}
        <Body ref={bodyRef}>
          {shownLayout === null || charts.data === undefined || isWaitingForPermalink ? (
            <Muted>Loading…</Muted>
          ) : (
            <DashboardGrid
              dashboardId={dashboard.data.id}
              layout={shownLayout}
              charts={gridCharts}
              initialActiveTabIds={permalink.data?.state.activeTabs ?? []}
              scrollRoot={scrollRoot}
              editor={editor}
              extraFormDataByChart={dashboardFilters.extraFormDataByChart}
              onCrossFilter={crossFilterSettings.isEnabled && editor === null ? onCrossFilter : null}
              crossFilterValues={crossFilterValues}
              onActiveTabsChange={setActiveTabIds}
              dashboardRefreshNumber={dashboardRefreshNumber}
              autoRefreshNumber={autoRefreshNumber}
              autoRefreshDelayMs={autoRefreshDelay}
            />
          )}
        </Body>
        {editor !== null && <BuilderPane layout={editor.layout} dashboardId={dashboard.data.id} onPickChart={onPickChart} />}
      </Columns>
      {isFilterConfigOpen && charts.data !== undefined && (
        <FilterConfigModal
          dashboardId={dashboard.data.id}
          idOrSlug={idOrSlug}
          filters={nativeFilters}
          charts={charts.data}
          layout={layout}
          onClose={() => setIsFilterConfigOpen(false)}
          onSaved={(saved, deletedIds) => {
            setIsFilterConfigOpen(false);
            dashboardFilters.resetFilters(saved, deletedIds);
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

const Columns = styled.div`
  display: flex;
  align-items: flex-start;
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
