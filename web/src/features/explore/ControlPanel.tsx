import { Fragment, useState, type JSX, type SubmitEvent } from 'react';
import styled from 'styled-components';
import type { Dataset } from '@/api/generated/Dataset';
import type { FieldError } from '@/api/generated/FieldError';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';
import type { ControlPanelDefinition, PanelTab, VizTypeMeta } from '@/wasm/controlPanel';
import { subSectionHeadingBefore } from './controlSubSections';
import { isControlVisible } from './controlVisibility';
import { ControlField } from './controls/ControlField';
import { PanelControl } from './controls/PanelControl';
import type { ExploreFormData } from './exploreFormData';
import { VizTypeControl } from './gallery/VizTypeControl';

export interface ControlPanelProps {
  dataset: Dataset;
  formData: ExploreFormData;
  /** The viz type's panel from quiver-core; null while the core loads. */
  panel: ControlPanelDefinition | null;
  vizTypes: readonly VizTypeMeta[];
  controlErrors: readonly FieldError[];
  onChange: (formData: ExploreFormData) => void;
  onChooseVizType: (vizType: string) => void;
  onRun: () => void;
  /** A chart query is running: the Run button becomes Stop. */
  isRunning?: boolean;
  onStop?: () => void;
}

const tabLabels: Record<PanelTab, string> = { data: 'Data', customize: 'Customize' };

/** The middle panel: the viz type, the core's control panel for it (Data and Customize tabs), and Run. */
export function ControlPanel(props: ControlPanelProps): JSX.Element {
  const { dataset, formData, panel, vizTypes, controlErrors, onChange, onChooseVizType, onRun, isRunning = false, onStop } = props;
  const [tab, setTab] = useState<PanelTab>('data');
  const errorsOf = (control: string): string[] =>
    controlErrors.filter((error) => error.control === control).map((error) => error.message);
  const setControl = (key: string, value: unknown): void => onChange({ ...formData, [key]: value });
  const sections = panel?.sections ?? [];
  const hasCustomizeTab = sections.some((section) => section.tab === 'customize');
  const shownTab = hasCustomizeTab ? tab : 'data';

  function handleSubmit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    onRun();
  }

  return (
    <Panel data-testid={testIds.explore.controlPanel} aria-label="Chart controls" onSubmit={handleSubmit}>
      <Section>
        <SectionTitle>Chart Source</SectionTitle>
        <ControlField label="Visualization type" errors={errorsOf('viz_type')}>
          <VizTypeControl vizTypes={vizTypes} value={formData.viz_type} onChoose={onChooseVizType} />
        </ControlField>
      </Section>
      {hasCustomizeTab && (
        <Tabs role="tablist" aria-label="Control panel tabs">
          {(['data', 'customize'] as const).map((name) => (
            <Tab
              key={name}
              type="button"
              role="tab"
              aria-selected={shownTab === name}
              data-testid={testIds.explore.controlPanelTab}
              onClick={() => setTab(name)}
            >
              {tabLabels[name]}
            </Tab>
          ))}
        </Tabs>
      )}
      {panel === null && <Loading role="status">Loading controls…</Loading>}
      {sections
        .filter((section) => section.tab === shownTab)
        .map((section) => {
          const controls = section.controls.filter((control) => control.name !== '' && isControlVisible(control, formData));
          if (controls.length === 0) return null;
          return (
            <CollapsibleSection key={`${panel?.vizType ?? ''}:${section.label}`} open={section.expanded} data-testid={testIds.explore.controlSection}>
              <SectionSummary>{section.label}</SectionSummary>
              <Controls>
                {controls.map((control) => {
                  const heading = subSectionHeadingBefore(control.name);
                  return (
                    <Fragment key={control.name}>
                      {heading !== null && <SubSectionHeader data-testid={testIds.explore.controlSubSectionHeader}>{heading}</SubSectionHeader>}
                      <PanelControl
                        control={control}
                        dataset={dataset}
                        formData={formData}
                        errors={errorsOf(control.name)}
                        onChange={setControl}
                      />
                    </Fragment>
                  );
                })}
              </Controls>
            </CollapsibleSection>
          );
        })}
      <RunBar>
        {isRunning && onStop !== undefined ? (
          // Keyed apart from the Run button so the browser never reuses the submit button for Stop.
          <Button key="stop" type="button" $variant="secondary" data-testid={testIds.chartRun.stopButton} onClick={onStop}>
            Stop
          </Button>
        ) : (
          <Button key="run" type="submit" $variant="primary" data-testid={testIds.explore.runButton}>
            Update chart
          </Button>
        )}
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

const Tabs = styled.div`
  display: flex;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button`
  flex: 1;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 0;
  border-bottom: 2px solid transparent;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  cursor: pointer;

  &[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary.base};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const CollapsibleSection = styled.details`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const SectionSummary = styled.summary`
  padding: ${({ theme }) => theme.gridUnit * 3}px;
  font-size: ${({ theme }) => theme.fontSizes.m}px;
  font-weight: 600;
  cursor: pointer;
`;

const Controls = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
  padding: 0 ${({ theme }) => theme.gridUnit * 3}px ${({ theme }) => theme.gridUnit * 3}px;
`;

/** Superset's `ControlSubSectionHeader`: a small bold heading between a section's controls. */
const SubSectionHeader = styled.h4`
  margin: ${({ theme }) => theme.gridUnit * 2}px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.m}px;
  font-weight: 600;
`;

const Loading = styled.p`
  padding: ${({ theme }) => theme.gridUnit * 3}px;
  color: ${({ theme }) => theme.colors.textMuted};
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
