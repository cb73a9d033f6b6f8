import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type JSX } from 'react';
import { useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { eventLogger } from '@/api/eventLog';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { queryKeys } from '@/api/queryKeys';
import { useCurrentUser } from '@/features/auth/api';
import type { CrossFilterSelection } from '@/features/chart/viz/chartRendererProps';
import { testIds } from '@/testIds';
import { placeMissingCharts } from '@/wasm/dashboardLayout';
import { preloadQuiverCore } from '@/wasm/core';
import { loadNativeFilterRules } from '@/wasm/nativeFilters';
import { fetchDashboardPermalink, isAdmin, useDashboard, useDashboardCharts, useMyRoles } from './api';
import { DashboardGrid } from './DashboardGrid';
import { DashboardHeader } from './DashboardHeader';
import { BuilderPane } from './editing/BuilderPane';
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
  const [activeTabIds, setActiveTabIds] = useState<string[]>([]);
  const [isFilterConfigOpen, setIsFilterConfigOpen] = useState(false);
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

  // Chart queries need the Wasm core: it loads while the layout paints.
  useEffect(() => {
    preloadQuiverCore();
  }, []);

  // The activity log: the dashboard was opened (issue #8).
  const loadedDashboardId = dashboard.data?.id;
  useEffect(() => {
    if (loadedDashboardId !== undefined) eventLogger.log({ event_name: 'mount_dashboard', source: 'dashboard', source_id: loadedDashboardId });
  }, [loadedDashboardId]);

  function setEditFlag(isOn: boolean): void {
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
    void editor.save().then(async (isSaved) => {
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
        onDiscard={() => setEditFlag(false)}
        onSave={save}
        onCreatePermalink={() => createDashboardPermalink(dashboard.data.id, { dataMask: dashboardFilters.applied, activeTabs: activeTabIds })}
      />
      <Columns>
        {editor === null && charts.data !== undefined && (
          <FilterBar dashboardFilters={dashboardFilters} charts={charts.data} canEdit={canEdit} onEditFilters={() => setIsFilterConfigOpen(true)} />
        )}
        <Body>
          {shownLayout === null || charts.data === undefined || isWaitingForPermalink ? (
            <Muted>Loading…</Muted>
          ) : (
            <DashboardGrid
              dashboardId={dashboard.data.id}
              layout={shownLayout}
              charts={charts.data}
              initialActiveTabIds={permalink.data?.state.activeTabs ?? []}
              scrollRoot={scrollRoot}
              editor={editor}
              extraFormDataByChart={dashboardFilters.extraFormDataByChart}
              onCrossFilter={crossFilterSettings.isEnabled && editor === null ? onCrossFilter : null}
              crossFilterValues={crossFilterValues}
              onActiveTabsChange={setActiveTabIds}
            />
          )}
        </Body>
        {editor !== null && charts.data !== undefined && <BuilderPane layout={editor.layout} charts={charts.data} />}
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
