import { useState, type JSX } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { Dataset } from '@/api/generated/Dataset';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { Modal, wideModalWidthPx } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import {
  confirmSaveQuestion,
  confirmSaveWarning,
  datasetSavedMessage,
  datasetSaveErrorTitle,
  managedExternallyTooltip,
  refreshDataset,
  saveDataset,
  saveErrorText,
  useDataset,
} from './api';
import { datasetDraftOf, datasetPutOf, draftValidationErrors, sqlChanged, type DatasetDraft } from './datasetDraft';
import { ColumnsPane } from './editor/ColumnsPane';
import { WarningBox } from './editor/editorLayout';
import { MetricsPane } from './editor/MetricsPane';
import { SettingsPane } from './editor/SettingsPane';
import { SourcePane } from './editor/SourcePane';

type EditorTab = 'source' | 'metrics' | 'columns' | 'calculated' | 'settings';

const editorTabs: readonly (readonly [EditorTab, string, string])[] = [
  ['source', 'Source', testIds.datasetEditor.tabSource],
  ['metrics', 'Metrics', testIds.datasetEditor.tabMetrics],
  ['columns', 'Columns', testIds.datasetEditor.tabColumns],
  ['calculated', 'Calculated columns', testIds.datasetEditor.tabCalculated],
  ['settings', 'Settings', testIds.datasetEditor.tabSettings],
];

/** Spec 001 section 9: the edit dialog's content is 900 px high (shrunk to fit the window). */
export const editDatasetContentHeightPx = 900;

export interface EditDatasetModalProps {
  datasetId: number;
  onClose: () => void;
  /** Told with the dataset as read again after the save (before the dialog closes). */
  onSaved?: (dataset: Dataset) => void;
}

/** 'Edit Dataset {table name}' (spec 001 sections 2 and 4): the editor of one dataset. */
export function EditDatasetModal({ datasetId, onClose, onSaved }: EditDatasetModalProps): JSX.Element {
  const dataset = useDataset(datasetId);
  if (dataset.data === undefined) {
    return (
      <Modal title="Edit Dataset" width={wideModalWidthPx} testId={testIds.datasetEditor.dialog} onClose={onClose}>
        {dataset.isError ? errorMessage(dataset.error) : 'Loading...'}
      </Modal>
    );
  }
  return <DatasetEditor dataset={dataset.data} onReload={async () => (await dataset.refetch()).data} onClose={onClose} onSaved={onSaved} />;
}

/**
 * The editor of a loaded dataset. Save is disabled while saving, with validation errors, or for a
 * dataset managed externally (with the tooltip); it asks to confirm, saves, reads the dataset
 * again, toasts and closes; a failure re-enables Save and shows 'Error saving dataset'. Once
 * something is edited, a click on the mask no longer closes the dialog.
 */
function DatasetEditor({
  dataset,
  onReload,
  onClose,
  onSaved,
}: {
  dataset: Dataset;
  onReload: () => Promise<Dataset | undefined>;
  onClose: () => void;
  onSaved?: (dataset: Dataset) => void;
}): JSX.Element {
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  const [tab, setTab] = useState<EditorTab>('source');
  const [draft, setDraft] = useState<DatasetDraft>(() => datasetDraftOf(dataset));
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const isManagedExternally = dataset.is_managed_externally;
  const errors = draftValidationErrors(draft);
  const isSaveDisabled = isSaving || errors.length > 0 || isManagedExternally;

  function edit(next: DatasetDraft): void {
    setDraft(next);
    setIsEditing(true);
  }

  async function save(): Promise<void> {
    setIsConfirming(false);
    setIsSaving(true);
    try {
      await saveDataset(dataset.id, datasetPutOf(draft), sqlChanged(dataset, draft));
      const saved = await onReload();
      await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('dataset') });
      addToast('success', datasetSavedMessage);
      if (saved !== undefined) onSaved?.(saved);
      onClose();
    } catch (error) {
      setSaveError(saveErrorText(error));
    } finally {
      setIsSaving(false);
    }
  }

  async function syncColumns(): Promise<void> {
    try {
      await refreshDataset(dataset.id);
      const refreshed = await onReload();
      if (refreshed === undefined) return;
      const sourceColumns = datasetDraftOf(refreshed).columns.filter((column) => !column.isCalculated);
      edit({ ...draft, columns: [...sourceColumns, ...draft.columns.filter((column) => column.isCalculated)] });
    } catch (error) {
      setSaveError(saveErrorText(error));
    }
  }

  return (
    <>
      <Modal
        title={`Edit Dataset ${dataset.table_name}`}
        width={wideModalWidthPx}
        contentHeight={editDatasetContentHeightPx}
        testId={testIds.datasetEditor.dialog}
        isMaskClosable={!isEditing}
        onClose={() => {
          if (!isSaving) onClose();
        }}
        footer={
          <>
            <Button data-testid={testIds.datasetEditor.cancel} onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <span data-testid={testIds.datasetEditor.saveTooltip} title={isManagedExternally ? managedExternallyTooltip : undefined}>
              <Button $variant="primary" data-testid={testIds.datasetEditor.save} disabled={isSaveDisabled} onClick={() => setIsConfirming(true)}>
                Save
              </Button>
            </span>
          </>
        }
      >
        <Tabs role="tablist">
          {editorTabs.map(([id, label, testId]) => (
            <Button key={id} role="tab" aria-selected={tab === id} $variant={tab === id ? 'primary' : 'secondary'} data-testid={testId} onClick={() => setTab(id)}>
              {label}
            </Button>
          ))}
        </Tabs>
        {tab === 'source' && <SourcePane draft={draft} onChange={edit} />}
        {tab === 'metrics' && <MetricsPane metrics={draft.metrics} onChange={(metrics) => edit({ ...draft, metrics })} />}
        {(tab === 'columns' || tab === 'calculated') && (
          <ColumnsPane
            columns={draft.columns}
            showsCalculated={tab === 'calculated'}
            onChange={(columns) => edit({ ...draft, columns })}
            onSync={() => void syncColumns()}
          />
        )}
        {tab === 'settings' && <SettingsPane draft={draft} onChange={edit} />}
        {errors.length > 0 && <Problem data-testid={testIds.datasetEditor.validationError}>{errors.join('. ')}</Problem>}
      </Modal>
      {isConfirming && (
        <Modal
          title="Confirm save"
          testId={testIds.datasetEditor.confirm}
          onClose={() => setIsConfirming(false)}
          footer={
            <>
              <Button onClick={() => setIsConfirming(false)}>Cancel</Button>
              <Button $variant="primary" data-testid={testIds.datasetEditor.confirmOk} onClick={() => void save()}>
                OK
              </Button>
            </>
          }
        >
          <WarningBox role="alert">{confirmSaveWarning}</WarningBox>
          <p>{confirmSaveQuestion}</p>
        </Modal>
      )}
      {saveError !== null && (
        <Modal
          title={datasetSaveErrorTitle}
          testId={testIds.datasetEditor.errorDialog}
          onClose={() => setSaveError(null)}
          footer={
            <Button $variant="primary" data-testid={testIds.datasetEditor.errorDialogOk} onClick={() => setSaveError(null)}>
              OK
            </Button>
          }
        >
          {saveError}
        </Modal>
      )}
    </>
  );
}

const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit}px;
  margin-bottom: ${({ theme }) => theme.gridUnit * 2}px;
`;

const Problem = styled.div`
  margin-top: ${({ theme }) => theme.gridUnit * 2}px;
  color: ${({ theme }) => theme.colors.error.base};
`;
