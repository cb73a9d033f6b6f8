import { useMemo, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { DatasourceRef } from '@/api/generated/DatasourceRef';
import type { ExploreResponse } from '@/api/generated/ExploreResponse';
import type { FieldError } from '@/api/generated/FieldError';
import { ChartPanel } from '@/features/chart/ChartPanel';
import { FormDataInvalidError, useChartData } from '@/features/chart/api';
import { testIds } from '@/testIds';
import type { ControlPanelDefinition, VizTypeMeta } from '@/wasm/controlPanel';
import type { QuiverCore } from '@/wasm/core';
import { useQuiverCore } from '@/wasm/useQuiverCore';
import { ControlPanel } from './ControlPanel';
import { chartResultsStateOf } from './dataPane/chartResultsState';
import { DataTablesPane } from './dataPane/DataTablesPane';
import { DatasourcePanel } from './DatasourcePanel';
import { hasQueryControls, initialExploreFormData, type ExploreFormData } from './exploreFormData';
import { isQueryStale, renderedFormData, renderTriggerControlNames } from './renderTriggerControls';
import { switchVizType } from './vizTypeSwitch';

/** One click of Run: the form data as it was then. */
interface ExploreRun {
  runNumber: number;
  formData: ExploreFormData;
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

/** Explore for one loaded dataset: datasource panel, control panel, chart. */
export function ExploreWorkspace({ explore }: { explore: ExploreResponse }): JSX.Element {
  const [formData, setFormData] = useState<ExploreFormData>(() => initialExploreFormData(explore.dataset, explore.form_data));
  // A saved chart (form data with something to chart) runs at once; a new one waits for Run.
  const [run, setRun] = useState<ExploreRun | null>(() => (hasQueryControls(formData) ? { runNumber: 1, formData } : null));
  const chartData = useChartData(run);
  const core = useQuiverCore();

  const vizTypes = useMemo(() => vizTypesOf(core), [core]);
  const panel = useMemo(() => controlPanelOf(core, formData.viz_type), [core, formData.viz_type]);
  const renderTriggerNames = useMemo(() => renderTriggerControlNames(panel), [panel]);
  // The core checks the controls as they change; before it loads, the last Run's refusal shows.
  const liveErrors = useMemo(() => validationErrorsOf(core, formData), [core, formData]);
  const runErrors = chartData.error instanceof FormDataInvalidError ? chartData.error.controlErrors : [];
  const controlErrors = liveErrors ?? runErrors;
  const isStale = run !== null && isQueryStale(run.formData, formData, renderTriggerNames);
  const chartFormData = useMemo(
    () => (run === null ? null : renderedFormData(run.formData, formData, renderTriggerNames)),
    [run, formData, renderTriggerNames],
  );

  const datasource = useMemo<DatasourceRef>(() => ({ id: explore.dataset.id, type: 'table' }), [explore.dataset.id]);

  function startRun(): void {
    setRun((previous) => ({ runNumber: (previous?.runNumber ?? 0) + 1, formData }));
  }

  function chooseVizType(vizType: string): void {
    if (core === null) return;
    setFormData((current) => switchVizType(core, current, vizType, explore.dataset));
  }

  return (
    <Layout data-testid={testIds.explore.page}>
      <DatasourcePanel dataset={explore.dataset} />
      <ControlPanel
        dataset={explore.dataset}
        formData={formData}
        panel={panel}
        vizTypes={vizTypes}
        controlErrors={controlErrors}
        onChange={setFormData}
        onChooseVizType={chooseVizType}
        onRun={startRun}
      />
      <ChartArea>
        <ChartPanel chartData={chartData} hasRun={run !== null} isStale={isStale} formData={chartFormData} />
        <DataTablesPane datasource={datasource} chartResults={chartResultsStateOf(chartData, run !== null)} />
      </ChartArea>
    </Layout>
  );
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: 260px 320px minmax(0, 1fr);
  height: 100%;
  min-height: 0;
`;

/** The chart above, the data pane below. */
const ChartArea = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
`;
