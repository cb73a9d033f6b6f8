import type { JSX, SubmitEvent } from 'react';
import styled from 'styled-components';
import type { Dataset } from '@/api/generated/Dataset';
import type { FieldError } from '@/api/generated/FieldError';
import { Button } from '@/components/Button';
import { Select } from '@/components/Select';
import { testIds } from '@/testIds';
import { ControlField } from './controls/ControlField';
import { MetricsControl } from './controls/MetricsControl';
import {
  defaultTimeRange,
  readMetrics,
  readRowLimit,
  readStringList,
  rowLimitChoices,
  vizTypeChoices,
  type ExploreFormData,
} from './exploreFormData';

export interface ControlPanelProps {
  dataset: Dataset;
  formData: ExploreFormData;
  controlErrors: readonly FieldError[];
  onChange: (formData: ExploreFormData) => void;
  onRun: () => void;
}

const rowLimitOptions = rowLimitChoices.map((limit) => ({ value: String(limit), label: String(limit) }));

/** The middle panel: the `table` viz type's controls (aggregate mode) and the Run button. */
export function ControlPanel({ dataset, formData, controlErrors, onChange, onRun }: ControlPanelProps): JSX.Element {
  const errorsOf = (control: string): string[] =>
    controlErrors.filter((error) => error.control === control).map((error) => error.message);
  const setControl = (key: string, value: unknown): void => onChange({ ...formData, [key]: value });
  const columnOptions = dataset.columns
    .filter((column) => column.groupby)
    .map((column) => ({ value: column.column_name, label: column.verbose_name ?? column.column_name }));
  const timeRange = typeof formData.time_range === 'string' ? formData.time_range : defaultTimeRange;

  function handleSubmit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    onRun();
  }

  return (
    <Panel data-testid={testIds.explore.controlPanel} aria-label="Chart controls" onSubmit={handleSubmit}>
      <Section>
        <SectionTitle>Chart Source</SectionTitle>
        <ControlField label="Visualization type" errors={errorsOf('viz_type')}>
          <Select
            mode="single"
            ariaLabel="Visualization type"
            options={vizTypeChoices}
            value={formData.viz_type}
            testId={testIds.explore.vizTypeControl}
            onChange={(vizType) => setControl('viz_type', vizType)}
          />
        </ControlField>
      </Section>
      <Section>
        <SectionTitle>Time</SectionTitle>
        <ControlField label="Time range">
          <ReadOnlyValue>{timeRange}</ReadOnlyValue>
        </ControlField>
      </Section>
      <Section>
        <SectionTitle>Query</SectionTitle>
        <ControlField label="Dimensions" errors={errorsOf('groupby')}>
          <Select
            mode="multiple"
            ariaLabel="Dimensions"
            placeholder="Drop columns here or click"
            options={columnOptions}
            value={readStringList(formData, 'groupby')}
            isInvalid={errorsOf('groupby').length > 0}
            testId={testIds.explore.groupbyControl}
            onChange={(groupby) => setControl('groupby', groupby)}
          />
        </ControlField>
        <ControlField label="Metrics" errors={errorsOf('metrics')}>
          <MetricsControl
            dataset={dataset}
            value={readMetrics(formData)}
            isInvalid={errorsOf('metrics').length > 0}
            onChange={(metrics) => setControl('metrics', metrics)}
          />
        </ControlField>
        <ControlField label="Row limit" errors={errorsOf('row_limit')}>
          <Select
            mode="single"
            ariaLabel="Row limit"
            options={rowLimitOptions}
            value={String(readRowLimit(formData))}
            testId={testIds.explore.rowLimitControl}
            onChange={(rowLimit) => setControl('row_limit', Number(rowLimit))}
          />
        </ControlField>
      </Section>
      <RunBar>
        <Button type="submit" $variant="primary" data-testid={testIds.explore.runButton}>
          Update chart
        </Button>
      </RunBar>
    </Panel>
  );
}

const Panel = styled.form`
  display: flex;
  flex-direction: column;
  min-height: 0;
  overflow-y: auto;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
  padding: ${({ theme }) => theme.gridUnit * 3}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const SectionTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.m}px;
`;

const ReadOnlyValue = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const RunBar = styled.div`
  position: sticky;
  bottom: 0;
  margin-top: auto;
  padding: ${({ theme }) => theme.gridUnit * 3}px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  button {
    width: 100%;
  }
`;
