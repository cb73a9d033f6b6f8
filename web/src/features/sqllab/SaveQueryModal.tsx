import { useEffect, useState, type JSX } from 'react';
import type { SavedQuery } from '@/api/generated/SavedQuery';
import type { SavedQueryPayload } from '@/api/generated/SavedQueryPayload';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import type { QueryEditorTab } from './editorTabs';
import { NameAndDescriptionRows } from './QueryFormRows';
import { createSavedQuery, fetchSavedQuery, updateSavedQuery } from './stateApi';

/** Spec 002 section 8's toasts, with Superset's success texts. */
export const saveQueryMessages = {
  saved: 'Your query was saved',
  updated: 'Your query was updated',
  saveFailed: 'Your query could not be saved',
  updateFailed: 'Your query could not be updated',
} as const;

export interface SaveQueryModalProps {
  tab: QueryEditorTab;
  databaseId: number;
  onClose: () => void;
  /** The query was stored: the tab now comes from it. */
  onSaved: (savedQuery: SavedQuery) => void;
}

/** Save (or, for a tab opened from a saved query, update or save as new) with a name and a description. */
export function SaveQueryModal({ tab, databaseId, onClose, onSaved }: SaveQueryModalProps): JSX.Element {
  const [label, setLabel] = useState(tab.name);
  const [description, setDescription] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const { addToast } = useToasts();
  const remoteId = tab.remoteId;

  useEffect(() => {
    if (remoteId === null) return;
    fetchSavedQuery(remoteId)
      .then((saved) => setDescription(saved.description))
      .catch(() => undefined);
  }, [remoteId]);

  const payload: SavedQueryPayload = {
    label: label.trim(),
    description,
    sql: tab.sql,
    db_id: databaseId,
    schema: tab.schema ?? undefined,
    template_parameters: tab.templateParams ?? undefined,
  };

  function store(save: () => Promise<SavedQuery>, success: string, failure: string): void {
    setIsSaving(true);
    save()
      .then((saved) => {
        addToast('success', success);
        onSaved(saved);
      })
      .catch(() => {
        addToast('danger', failure);
        setIsSaving(false);
      });
  }

  const isNameMissing = label.trim() === '';
  const footer = (
    <>
      <Button $variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button
        $variant={remoteId === null ? 'primary' : 'secondary'}
        data-testid={testIds.sqlLab.saveQuerySubmit}
        disabled={isNameMissing || isSaving}
        onClick={() => store(() => createSavedQuery(payload), saveQueryMessages.saved, saveQueryMessages.saveFailed)}
      >
        {remoteId === null ? 'Save' : 'Save as new'}
      </Button>
      {remoteId !== null && (
        <Button
          $variant="primary"
          data-testid={testIds.sqlLab.updateQuerySubmit}
          disabled={isNameMissing || isSaving}
          onClick={() => store(() => updateSavedQuery(remoteId, payload), saveQueryMessages.updated, saveQueryMessages.updateFailed)}
        >
          Update
        </Button>
      )}
    </>
  );

  return (
    <Modal title="Save query" testId={testIds.sqlLab.saveQueryModal} footer={footer} onClose={onClose}>
      <NameAndDescriptionRows
        nameTitle="Name"
        name={label}
        onNameChange={setLabel}
        nameTestId={testIds.sqlLab.saveQueryName}
        description={description}
        onDescriptionChange={setDescription}
        descriptionTestId={testIds.sqlLab.saveQueryDescription}
        descriptionRows={4}
      />
    </Modal>
  );
}
