import { useState, type JSX } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { createVirtualDataset, exploreDatasetPath, type VirtualDatasetSource } from './datasetApi';

/** Spec 002 section 8's toast when the dataset cannot be made. */
export const createDatasourceFailed = 'An error occurred while creating the data source';

/** Superset's default dataset name: the tab's name and the time, `MM/DD/YYYY HH:mm:ss`. */
export function defaultDatasetName(tabName: string, now: Date): string {
  const two = (value: number): string => String(value).padStart(2, '0');
  const date = `${two(now.getMonth() + 1)}/${two(now.getDate())}/${now.getFullYear()}`;
  const time = `${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}`;
  return `${tabName} ${date} ${time}`;
}

export interface SaveDatasetModalProps {
  /** The query the results came from. */
  source: VirtualDatasetSource;
  tabName: string;
  onClose: () => void;
}

/**
 * "Create chart" from SQL Lab's results: the query becomes a virtual dataset
 * (`POST /api/v1/dataset/`), then Explore opens on it.
 */
export function SaveDatasetModal({ source, tabName, onClose }: SaveDatasetModalProps): JSX.Element {
  const [name, setName] = useState(() => defaultDatasetName(tabName, new Date()));
  const [isSaving, setIsSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  const { addToast } = useToasts();

  function save(): void {
    setIsSaving(true);
    setProblem(null);
    createVirtualDataset(source, name.trim())
      .then((id) => void navigate(exploreDatasetPath(id)))
      .catch((error: unknown) => {
        addToast('danger', createDatasourceFailed);
        setProblem(errorMessage(error));
        setIsSaving(false);
      });
  }

  const footer = (
    <>
      <Button $variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button $variant="primary" data-testid={testIds.sqlLab.saveDatasetSubmit} disabled={name.trim() === '' || isSaving} onClick={save}>
        Save & Explore
      </Button>
    </>
  );

  return (
    <Modal title="Save or Overwrite Dataset" testId={testIds.sqlLab.saveDatasetModal} footer={footer} onClose={onClose}>
      <Choice>
        <input type="radio" checked readOnly aria-label="Save as new" />
        Save as new
      </Choice>
      <Field>
        Dataset name
        <input data-testid={testIds.sqlLab.saveDatasetName} value={name} onChange={(event) => setName(event.target.value)} />
      </Field>
      {problem !== null && <Problem role="alert">{problem}</Problem>}
    </Modal>
  );
}

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  margin-bottom: ${({ theme }) => theme.gridUnit * 2}px;
  font-weight: 600;
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;

  input {
    font: inherit;
    padding: ${({ theme }) => theme.gridUnit * 2}px;
  }
`;

const Problem = styled.p`
  margin: ${({ theme }) => theme.gridUnit * 2}px 0 0;
  color: ${({ theme }) => theme.colors.error.base};
`;
