import { useState, type JSX } from 'react';
import styled from 'styled-components';
import type { ExploreResponse } from '@/api/generated/ExploreResponse';
import { ChartPanel } from '@/features/chart/ChartPanel';
import { FormDataInvalidError, useChartData, type ChartRun } from '@/features/chart/api';
import { testIds } from '@/testIds';
import { ControlPanel } from './ControlPanel';
import { DatasourcePanel } from './DatasourcePanel';
import { hasQueryControls, initialExploreFormData, type ExploreFormData } from './exploreFormData';

/** Explore for one loaded dataset: datasource panel, control panel, chart. */
export function ExploreWorkspace({ explore }: { explore: ExploreResponse }): JSX.Element {
  const [formData, setFormData] = useState<ExploreFormData>(() => initialExploreFormData(explore.dataset, explore.form_data));
  // A saved chart (form data with something to chart) runs at once; a new one waits for Run.
  const [run, setRun] = useState<ChartRun | null>(() => (hasQueryControls(formData) ? { runNumber: 1, formData } : null));
  const chartData = useChartData(run);
  const controlErrors = chartData.error instanceof FormDataInvalidError ? chartData.error.controlErrors : [];

  function startRun(): void {
    setRun((previous) => ({ runNumber: (previous?.runNumber ?? 0) + 1, formData }));
  }

  return (
    <Layout data-testid={testIds.explore.page}>
      <DatasourcePanel dataset={explore.dataset} />
      <ControlPanel
        dataset={explore.dataset}
        formData={formData}
        controlErrors={controlErrors}
        onChange={setFormData}
        onRun={startRun}
      />
      <ChartPanel chartData={chartData} hasRun={run !== null} />
    </Layout>
  );
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: 260px 320px minmax(0, 1fr);
  height: 100%;
  min-height: 0;
`;
