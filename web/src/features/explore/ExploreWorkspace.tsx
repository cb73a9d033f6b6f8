import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { Chart } from '@/api/generated/Chart';
import type { DatasourceRef } from '@/api/generated/DatasourceRef';
import type { ExploreResponse } from '@/api/generated/ExploreResponse';
import type { FieldError } from '@/api/generated/FieldError';
import { queryKeys } from '@/api/queryKeys';
import { useResourcePermission } from '@/api/resourcePermissions';
import { useToasts } from '@/components/toastContext';
import { useCurrentUser } from '@/features/auth/api';
import { ChartPanel } from '@/features/chart/ChartPanel';
import { FormDataInvalidError, useChartData } from '@/features/chart/api';
import { DrillDetailModal } from '@/features/chart/drillToDetail/DrillDetailModal';
import type { DrillValue } from '@/features/chart/viz/chartRendererProps';
import { planLocalAnswer, type LocalAnswer } from '@/features/chart/reaggregation';
import { dashboardPagePath, useMyRoles } from '@/features/dashboard/api';
import { testIds } from '@/testIds';
import type { ControlPanelDefinition, VizTypeMeta } from '@/wasm/controlPanel';
import type { QuiverCore } from '@/wasm/core';
import { useQuiverCore } from '@/wasm/useQuiverCore';
import { canOverwriteChart, chartExplorePath } from './chartApi';
import { useAlteredRows } from './altered/useAlteredRows';
import { ControlPanel } from './ControlPanel';
import { chartResultsStateOf } from './dataPane/chartResultsState';
import { DataTablesPane } from './dataPane/DataTablesPane';
import { DatasourcePanel } from './DatasourcePanel';
import { hasQueryControls, initialExploreFormData, type ExploreFormData } from './exploreFormData';
import { canExportCsv, chartExportKinds, downloadChartExport, rolesGrant, type ChartExportKind } from './download/chartExport';
import { runChartInSqlLab } from './runInSqlLab';
import { useDownloadAsImage } from './download/downloadAsImage';
import { copyExplorePermalink } from './copyExplorePermalink';
import { shareExploreChartByEmail } from './share/shareChartByEmail';
import { formDataToSave } from './formDataToSave';
import { isQueryStale, renderedFormData, renderTriggerControlNames } from './renderTriggerControls';
import { ExploreHeader } from './save/ExploreHeader';
import { ReportModal } from '@/features/reports/ReportModal';
import { useCanWriteReports } from '@/features/reports/api';
import { PropertiesModal } from './save/PropertiesModal';
import { SaveModal, type SaveAction } from './save/SaveModal';
import { EmbedCodeModal } from './share/EmbedCodeModal';
import { addedToDashboardMessage, type SavedToDashboard } from './save/saveToDashboard';
import { useFormDataCache } from './useFormDataCache';
import { switchVizType } from './vizTypeSwitch';

/** One click of Run (or a change the last result answers): the form data as it was then. */
interface ExploreRun {
  runNumber: number;
  formData: ExploreFormData;
  localAnswer?: LocalAnswer | null;
  keepsShownResults?: boolean;
}

function controlPanelOf(core: QuiverCore | null, vizType: string): ControlPanelDefinition | null {
  if (core === null) return null;
  try {
    return core.controlPanel(vizType);
  } catch (error) {
    console.warn('no control panel for viz type', vizType, error);
    return { vizType, sections: [] };
  }
}

function vizTypesOf(core: QuiverCore | null): VizTypeMeta[] {
  return core === null ? [] : core.vizTypes();
}

function validationErrorsOf(core: QuiverCore | null, formData: ExploreFormData): FieldError[] | null {
  if (core === null) return null;
  try {
    return core.validateFormData(formData);
  } catch {
    return null;
  }
}

/** Superset's toasts after a save. */
export function chartSavedMessage(sliceName: string, action: SaveAction): string {
  return action === 'overwrite' ? `Chart [${sliceName}] has been overwritten` : `Chart [${sliceName}] has been saved`;
}

export const propertiesUpdatedMessage = 'Chart properties updated';

type OpenModal = 'save' | 'properties' | 'embedCode' | 'report' | null;

/** The open "Drill to detail" modal: the run's form data and the values drilled by. */
interface DrillToDetail {
  formData: ExploreFormData;
  drillValues: DrillValue[];
}

export interface ExploreWorkspaceProps {
  explore: ExploreResponse;
  /** The `form_data_key` the page opened with, if any: Explore keeps writing its state there. */
  formDataKey?: string | null;
  /** Superset's `standalone` URL: the chart alone, filling the page (an embedded chart). */
  isStandalone?: boolean;
}

/** Explore for one loaded dataset: header, datasource panel, control panel, chart. */
export function ExploreWorkspace({ explore, formDataKey = null, isStandalone = false }: ExploreWorkspaceProps): JSX.Element {
  const [formData, setFormData] = useState<ExploreFormData>(() => initialExploreFormData(explore.dataset, explore.form_data));
  const [slice, setSlice] = useState<Chart | null>(explore.slice);
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const [drillToDetail, setDrillToDetail] = useState<DrillToDetail | null>(null);
  const { addToast } = useToasts();
  const currentUser = useCurrentUser();
  const myRoles = useMyRoles();
  // Superset's `can_add` (spec 002 section 6): Save needs `can_write` on Chart.
  const canAddChart = useResourcePermission('chart', 'can_write') === true;
  const canDownloadData = canExportCsv(myRoles.data);
  const canWriteReports = useCanWriteReports() === true;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const downloadAsImage = useDownloadAsImage();
  const chartRef = useRef<HTMLDivElement>(null);
  useFormDataCache({ formData, datasourceId: explore.dataset.id, chartId: slice?.id ?? null, initialKey: formDataKey });

  // The server says when the asked state was gone (an expired cache key) and what opened instead.
  useEffect(() => {
    if (explore.message !== null) addToast('warning', explore.message);
  }, [explore.message, addToast]);
  // A saved chart (form data with something to chart) runs at once; a new one waits for Run.
  const [run, setRun] = useState<ExploreRun | null>(() => (hasQueryControls(formData) ? { runNumber: 1, formData } : null));
  // The run the user stopped: its request is aborted and the chart says so until the next run.
  const [stoppedRunNumber, setStoppedRunNumber] = useState<number | null>(null);
  const isStopped = run !== null && stoppedRunNumber === run.runNumber;
  const chartData = useChartData(isStopped ? null : run);
  const isRunning = run !== null && !isStopped && chartData.isFetching;
  const core = useQuiverCore();

  const vizTypes = useMemo(() => vizTypesOf(core), [core]);
  const panel = useMemo(() => controlPanelOf(core, formData.viz_type), [core, formData.viz_type]);
  const renderTriggerNames = useMemo(() => renderTriggerControlNames(panel), [panel]);
  const alteredRows = useAlteredRows(slice, explore.dataset, formData, panel);
  // The core checks the controls as they change; before it loads, the last Run's refusal shows.
  const liveErrors = useMemo(() => validationErrorsOf(core, formData), [core, formData]);
  const runErrors = chartData.error instanceof FormDataInvalidError ? chartData.error.controlErrors : [];
  const controlErrors = liveErrors ?? runErrors;
  const isStale = run !== null && isQueryStale(run.formData, formData, renderTriggerNames);
  const chartFormData = useMemo(
    () => (run === null ? null : renderedFormData(run.formData, formData, renderTriggerNames)),
    [run, formData, renderTriggerNames],
  );

  /** A server-paginated table's page: the shown run again, with the chart's own state. */
  const runWithOwnState = useCallback((ownState: Record<string, unknown>): void => {
    setRun((previous) =>
      previous === null
        ? previous
        : { runNumber: previous.runNumber + 1, formData: { ...previous.formData, own_state: ownState }, keepsShownResults: true },
    );
  }, []);

  const datasource = useMemo<DatasourceRef>(() => ({ id: explore.dataset.id, type: 'table' }), [explore.dataset.id]);
  // Drilling reads the rows behind the chart shown: the last run's form data.
  const drilledFormData = run === null || isStopped ? null : run.formData;
  const openDrillToDetail =
    drilledFormData === null ? undefined : (drillValues: DrillValue[]) => setDrillToDetail({ formData: drilledFormData, drillValues });

  /** The previous run's results answer `next` in the browser (a group-by column removed, totals toggled, a filter on a fetched column), if they can. */
  function localAnswerFor(next: ExploreFormData): LocalAnswer | null {
    const results = chartData.data;
    if (core === null || run === null || isStopped || chartData.isFetching || results === undefined) return null;
    try {
      return planLocalAnswer(core, { queryContext: core.buildQueryContext(run.formData), results }, core.buildQueryContext(next));
    } catch {
      return null;
    }
  }

  function changeFormData(next: ExploreFormData): void {
    setFormData(next);
    const localAnswer = localAnswerFor(next);
    if (localAnswer !== null) setRun((previous) => ({ runNumber: (previous?.runNumber ?? 0) + 1, formData: next, localAnswer }));
  }

  function startRun(): void {
    setRun((previous) => ({ runNumber: (previous?.runNumber ?? 0) + 1, formData }));
  }


  function stopRun(): void {
    if (run === null) return;
    void queryClient.cancelQueries({ queryKey: queryKeys.chartData(run.runNumber) });
    setStoppedRunNumber(run.runNumber);
  }

  async function exportChart(kind: ChartExportKind): Promise<void> {
    try {
      await downloadChartExport(formDataToSave(formData), kind, slice?.slice_name ?? explore.dataset.table_name);
    } catch (error) {
      addToast('danger', errorMessage(error));
    }
  }

  function chooseVizType(vizType: string): void {
    if (core === null) return;
    setFormData((current) => switchVizType(core, current, vizType, explore.dataset));
  }

  function handleSaved(chart: Chart, action: SaveAction, dashboard: SavedToDashboard | null): void {
    setOpenModal(null);
    addToast('success', chartSavedMessage(chart.slice_name, action));
    // A reopened chart must read what was just saved, not a cached Explore state.
    queryClient.removeQueries({ queryKey: queryKeys.exploreAll });
    if (dashboard !== null) {
      addToast('success', addedToDashboardMessage(chart.slice_name, dashboard));
      queryClient.removeQueries({ queryKey: queryKeys.saveModalDashboards });
      if (dashboard.opensDashboard) {
        void navigate(dashboardPagePath({ id: dashboard.id, slug: null }));
        return;
      }
    }
    if (action === 'overwrite') {
      setSlice(chart);
      return;
    }
    void navigate(chartExplorePath(chart.id));
  }

  function handlePropertiesSaved(chart: Chart): void {
    setOpenModal(null);
    setSlice(chart);
    queryClient.removeQueries({ queryKey: queryKeys.exploreAll });
    addToast('success', propertiesUpdatedMessage);
  }

  const chartPanel = (
    <ChartPanel
      chartData={chartData}
      hasRun={run !== null}
      isStale={isStale}
      isStopped={isStopped}
      isComputedLocally={run?.localAnswer !== undefined && run.localAnswer !== null}
      formData={chartFormData}
      chartRef={chartRef}
      onDrillToDetail={isStandalone ? undefined : openDrillToDetail}
      errorSource="explore"
      owners={slice?.owners}
      chartId={slice?.id ?? 0}
      runKey={run?.runNumber}
      onOwnStateChange={runWithOwnState}
    />
  );

  if (isStandalone) {
    return <StandalonePage data-testid={testIds.explore.standalone}>{chartPanel}</StandalonePage>;
  }

  return (
    <Page data-testid={testIds.explore.page}>
      <ExploreHeader
        sliceName={slice?.slice_name ?? null}
        alteredRows={alteredRows}
        canEditProperties={slice !== null && canOverwriteChart(slice, currentUser.data)}
        canSave={canAddChart}
        onSave={() => setOpenModal('save')}
        onEditProperties={() => setOpenModal('properties')}
        canManageReports={slice !== null && canWriteReports}
        onManageReports={() => setOpenModal('report')}
        canDrillToDetail={openDrillToDetail !== undefined}
        onDrillToDetail={() => openDrillToDetail?.([])}
        onCopyPermalink={() => void copyExplorePermalink(formData, addToast)}
        onShareByEmail={() => void shareExploreChartByEmail(formData, addToast)}
        onEmbedCode={() => setOpenModal('embedCode')}
        exportKinds={chartExportKinds(formData.viz_type, canDownloadData)}
        canDownloadData={canDownloadData}
        onExport={(kind) => void exportChart(kind)}
        onDownloadAsImage={() => void downloadAsImage({ element: chartRef.current, title: slice?.slice_name, fallbackName: 'chart' })}
        canRunInSqlLab={rolesGrant(myRoles.data, 'can_execute_sql_query', 'SQLLab')}
        onRunInSqlLab={() => void runChartInSqlLab(formDataToSave(formData), (link) => void navigate(link), addToast)}
      />
      <Layout>
      <DatasourcePanel dataset={explore.dataset} onDatasourceChange={(datasource) => setFormData((current) => ({ ...current, datasource }))} />
      <ControlPanel
        dataset={explore.dataset}
        formData={formData}
        panel={panel}
        vizTypes={vizTypes}
        controlErrors={controlErrors}
        onChange={changeFormData}
        onChooseVizType={chooseVizType}
        onRun={startRun}
        isRunning={isRunning}
        onStop={stopRun}
      />
      <ChartArea>
        {chartPanel}
        <DataTablesPane datasource={datasource} chartResults={chartResultsStateOf(chartData, run !== null)} />
      </ChartArea>
      </Layout>
      {openModal === 'save' && (
        <SaveModal
          formData={formData}
          datasourceId={explore.dataset.id}
          slice={slice}
          canOverwrite={canOverwriteChart(slice, currentUser.data)}
          onClose={() => setOpenModal(null)}
          onSaved={handleSaved}
        />
      )}
      {openModal === 'embedCode' && <EmbedCodeModal formData={formData} onClose={() => setOpenModal(null)} />}
      {openModal === 'report' && slice !== null && (
        <ReportModal target={{ kind: 'chart', id: slice.id, name: slice.slice_name }} onClose={() => setOpenModal(null)} />
      )}
      {openModal === 'properties' && slice !== null && (
        <PropertiesModal chart={slice} onClose={() => setOpenModal(null)} onSaved={handlePropertiesSaved} />
      )}
      {drillToDetail !== null && (
        <DrillDetailModal
          chartName={slice?.slice_name ?? explore.dataset.table_name}
          formData={drillToDetail.formData}
          initialDrillValues={drillToDetail.drillValues}
          onClose={() => setDrillToDetail(null)}
        />
      )}
    </Page>
  );
}

/** A standalone chart fills the page. */
const StandalonePage = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
`;

/** The header above, the three panels below. */
const Page = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
`;

const Layout = styled.div`
  flex: 1;
  display: grid;
  grid-template-columns: 260px 320px minmax(0, 1fr);
  min-height: 0;
`;

/** The chart above, the data pane below. */
const ChartArea = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
`;
