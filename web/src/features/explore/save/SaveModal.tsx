import { useId, useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { createFailedMessage } from '@/components/listView/resourceMessages';
import type { Chart } from '@/api/generated/Chart';
import type { ChartPost } from '@/api/generated/ChartPost';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { Select } from '@/components/Select';
import { testIds } from '@/testIds';
import { buildQueryContext } from '@/wasm/core';
import { createChart, updateChart } from '../chartApi';
import type { ExploreFormData } from '../exploreFormData';
import { formDataToSave } from '../formDataToSave';
import {
  dashboardIdFor,
  dashboardSelectPlaceholder,
  dashboardTargetOf,
  useDashboardChoices,
  withDashboard,
  type SavedToDashboard,
} from './saveToDashboard';

/** Spec 002 section 4: the modal alert when saving fails. */
export const saveFailedMessage = 'Failed to save slice';

export type SaveAction = 'overwrite' | 'saveas';

export interface SaveModalProps {
  formData: ExploreFormData;
  datasourceId: number;
  /** The saved chart Explore opened, if any. */
  slice: Chart | null;
  /** Spec 002 section 6: only owners may overwrite. */
  canOverwrite: boolean;
  onClose: () => void;
  /** `dashboard`: the dashboard the chart was added to, if the user picked one. */
  onSaved: (chart: Chart, action: SaveAction, dashboard: SavedToDashboard | null) => void;
}

/** The saved query context, or none when the form cannot build one yet (the chart still saves). */
async function queryContextText(params: ExploreFormData): Promise<string | undefined> {
  try {
    return JSON.stringify(await buildQueryContext(params));
  } catch {
    return undefined;
  }
}

/** What a save sends: the chart's name, viz type, datasource, params and query context. */
export type ChartSavePayload = Pick<ChartPost, 'slice_name' | 'viz_type' | 'datasource_id' | 'datasource_type' | 'params' | 'query_context'>;

/** The payload of a save; overwriting keeps the chart's id in the params, saving as new drops it. */
export async function chartSavePayload(
  formData: ExploreFormData,
  sliceName: string,
  datasourceId: number,
  action: SaveAction,
  slice: Chart | null,
): Promise<ChartSavePayload> {
  const params = formDataToSave(formData);
  if (action === 'overwrite' && slice !== null) params.slice_id = slice.id;
  else delete params.slice_id;
  const queryContext = await queryContextText(params);
  return {
    slice_name: sliceName,
    viz_type: params.viz_type,
    datasource_id: datasourceId,
    datasource_type: 'table',
    params: JSON.stringify(params),
    ...(queryContext === undefined ? {} : { query_context: queryContext }),
  };
}

/**
 * Superset's "Save chart" modal: overwrite the open chart (owners only) or save as a new one, and
 * optionally add it to a dashboard, listed or created on the way ("Save & go to dashboard" then
 * opens it).
 */
export function SaveModal({ formData, datasourceId, slice, canOverwrite, onClose, onSaved }: SaveModalProps): JSX.Element {
  const nameId = useId();
  const [action, setAction] = useState<SaveAction>(canOverwrite ? 'overwrite' : 'saveas');
  const [sliceName, setSliceName] = useState(slice?.slice_name ?? '');
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [selectedDashboard, setSelectedDashboard] = useState<string | null>(null);
  const dashboardChoices = useDashboardChoices();
  const dashboardTarget = dashboardTargetOf(selectedDashboard, dashboardChoices.data ?? []);
  const trimmedName = sliceName.trim();
  const dashboardsLoadError = dashboardChoices.isError ? errorMessage(dashboardChoices.error) : null;

  async function save(opensDashboard: boolean): Promise<void> {
    setIsSaving(true);
    setFailure(null);
    try {
      const payload = await chartSavePayload(formData, trimmedName, datasourceId, action, slice);
      const dashboardId = dashboardTarget === null ? null : await dashboardIdFor(dashboardTarget);
      const chart =
        action === 'overwrite' && slice !== null
          ? await updateChart(slice.id, {
              ...payload,
              ...(dashboardId === null ? {} : { dashboards: withDashboard(slice.dashboards.map((dashboard) => dashboard.id), dashboardId) }),
            })
          : await createChart({ ...payload, dashboards: withDashboard([], dashboardId) });
      const savedToDashboard =
        dashboardTarget === null || dashboardId === null
          ? null
          : { id: dashboardId, title: dashboardTarget.title, isNew: dashboardTarget.kind === 'new', opensDashboard };
      onSaved(chart, action, savedToDashboard);
    } catch (error) {
      // Spec 000 section 8: a failed create says "An error occurred while creating %ss: %s".
      const isCreate = !(action === 'overwrite' && slice !== null);
      setFailure(isCreate ? createFailedMessage('charts', errorMessage(error)) : errorMessage(error));
      setIsSaving(false);
    }
  }

  const footer = (
    <>
      <Button $variant="secondary" data-testid={testIds.saveModal.cancelButton} onClick={onClose}>
        Cancel
      </Button>
      <Button
        $variant="secondary"
        disabled={trimmedName === '' || isSaving || dashboardTarget === null}
        data-testid={testIds.saveModal.saveAndGoButton}
        onClick={() => void save(true)}
      >
        Save &amp; go to dashboard
      </Button>
      <Button $variant="primary" disabled={trimmedName === '' || isSaving} data-testid={testIds.saveModal.saveButton} onClick={() => void save(false)}>
        Save
      </Button>
    </>
  );

  return (
    <Modal title="Save chart" testId={testIds.saveModal.modal} footer={footer} onClose={onClose}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmedName !== '' && !isSaving) void save(false);
        }}
      >
        {failure !== null && (
          <Alert role="alert" data-testid={testIds.saveModal.alert}>
            <strong>{saveFailedMessage}</strong>
            <span>{failure}</span>
          </Alert>
        )}
        <Choices role="radiogroup" aria-label="Save action">
          <Choice>
            <input
              type="radio"
              name="save-action"
              checked={action === 'overwrite'}
              disabled={!canOverwrite}
              data-testid={testIds.saveModal.overwrite}
              onChange={() => setAction('overwrite')}
            />
            Save (Overwrite)
          </Choice>
          <Choice>
            <input type="radio" name="save-action" checked={action === 'saveas'} data-testid={testIds.saveModal.saveAs} onChange={() => setAction('saveas')} />
            Save as...
          </Choice>
        </Choices>
        <Label htmlFor={nameId}>
          Chart name <Required aria-hidden>*</Required>
        </Label>
        <TextInput
          id={nameId}
          value={sliceName}
          required
          autoFocus
          placeholder="Chart name"
          data-testid={testIds.saveModal.chartName}
          onChange={(event) => setSliceName(event.target.value)}
        />
        <Label as="span">Add to dashboard</Label>
        <Select
          mode="single"
          ariaLabel="Add to dashboard"
          placeholder={dashboardSelectPlaceholder}
          testId={testIds.saveModal.dashboardSelect}
          allowsNewOptions
          options={(dashboardChoices.data ?? []).map((choice) => ({ value: String(choice.id), label: choice.title }))}
          value={selectedDashboard}
          onChange={setSelectedDashboard}
        />
        {dashboardsLoadError !== null && (
          <Alert role="alert" data-testid={testIds.saveModal.dashboardsAlert}>
            {dashboardsLoadError}
          </Alert>
        )}
      </Form>
    </Modal>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-width: 380px;
`;

const Alert = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  padding: ${({ theme }) => theme.gridUnit * 2}px ${({ theme }) => theme.gridUnit * 3}px;
  border: 1px solid ${({ theme }) => theme.colors.error.light[1]};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  color: ${({ theme }) => theme.colors.error.base};
`;

const Choices = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  margin-bottom: ${({ theme }) => theme.gridUnit * 2}px;
`;

const Choice = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  cursor: pointer;
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
`;

const Required = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
`;

const TextInput = styled.input`
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;
