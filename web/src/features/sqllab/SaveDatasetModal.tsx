import { useQuery } from '@tanstack/react-query';
import { useState, type JSX } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { DatasetListItem } from '@/api/generated/DatasetListItem';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { useCurrentUser } from '@/features/auth/api';
import { testIds } from '@/testIds';
import {
  createVirtualDataset,
  exploreDatasetPath,
  fetchOverwritableDatasets,
  overwriteDataset,
  overwriteDatasetPayload,
  type VirtualDatasetSource,
} from './datasetApi';

/** Spec 002 section 8's toast when the dataset cannot be made. */
export const createDatasourceFailed = 'An error occurred while creating the data source';

/** Superset's confirmation before a dataset is overwritten. */
export const overwriteConfirmation = 'Are you sure you want to overwrite this dataset?';

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

type SaveMode = 'new' | 'overwrite';

/**
 * "Create chart" from SQL Lab's results: the query becomes a virtual dataset
 * (`POST /api/v1/dataset/`), or overwrites one of the user's datasets after a confirmation
 * (`PUT /api/v1/dataset/{id}?override_columns=true`), then Explore opens on it.
 */
export function SaveDatasetModal({ source, tabName, onClose }: SaveDatasetModalProps): JSX.Element {
  const [mode, setMode] = useState<SaveMode>('new');
  const [name, setName] = useState(() => defaultDatasetName(tabName, new Date()));
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<DatasetListItem | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  const { addToast } = useToasts();
  // Read only to list the datasets to overwrite (the page has it already).
  const currentUser = useCurrentUser(mode === 'overwrite');
  const userId = currentUser.data?.id ?? null;
  const datasets = useQuery({
    queryKey: queryKeys.sqlLabOverwritableDatasets(userId, search),
    queryFn: ({ signal }) => fetchOverwritableDatasets(userId ?? 0, search, signal),
    enabled: mode === 'overwrite' && userId !== null,
  });

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

  function overwrite(): void {
    if (chosen === null) return;
    if (!isConfirming) {
      setIsConfirming(true);
      return;
    }
    setIsSaving(true);
    setProblem(null);
    const { id } = chosen;
    overwriteDataset(id, overwriteDatasetPayload(source, chosen.owners.map((owner) => owner.id)))
      .then(() => void navigate(exploreDatasetPath(id)))
      .catch((error: unknown) => {
        setProblem(errorMessage(error));
        setIsSaving(false);
      });
  }

  const footer =
    mode === 'new' ? (
      <>
        <Button $variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button $variant="primary" data-testid={testIds.sqlLab.saveDatasetSubmit} disabled={name.trim() === '' || isSaving} onClick={save}>
          Save & Explore
        </Button>
      </>
    ) : (
      <>
        {isConfirming ? (
          <Button $variant="secondary" data-testid={testIds.sqlLab.saveDatasetBack} onClick={() => setIsConfirming(false)}>
            Back
          </Button>
        ) : (
          <Button $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        )}
        <Button $variant="primary" data-testid={testIds.sqlLab.saveDatasetOverwrite} disabled={chosen === null || isSaving} onClick={overwrite}>
          Overwrite
        </Button>
      </>
    );

  return (
    <Modal title="Save or Overwrite Dataset" testId={testIds.sqlLab.saveDatasetModal} footer={footer} onClose={onClose}>
      {isConfirming ? (
        <p data-testid={testIds.sqlLab.saveDatasetConfirmation}>{overwriteConfirmation}</p>
      ) : (
        <>
          <Choice>
            <input type="radio" name="save-mode" checked={mode === 'new'} onChange={() => setMode('new')} aria-label="Save as new" />
            Save as new
          </Choice>
          <Field>
            Dataset name
            <input data-testid={testIds.sqlLab.saveDatasetName} value={name} disabled={mode !== 'new'} onChange={(event) => setName(event.target.value)} />
          </Field>
          <Choice>
            <input
              type="radio"
              name="save-mode"
              data-testid={testIds.sqlLab.saveDatasetOverwriteMode}
              checked={mode === 'overwrite'}
              onChange={() => setMode('overwrite')}
              aria-label="Overwrite existing"
            />
            Overwrite existing
          </Choice>
          {mode === 'overwrite' && (
            <>
              <Field>
                <input
                  data-testid={testIds.sqlLab.saveDatasetSearch}
                  placeholder="Select or type dataset name"
                  value={chosen?.table_name ?? search}
                  onChange={(event) => {
                    setChosen(null);
                    setSearch(event.target.value);
                  }}
                />
              </Field>
              <Options role="listbox" aria-label="Datasets to overwrite">
                {(datasets.data ?? []).map((dataset) => (
                  <li
                    key={dataset.id}
                    role="option"
                    aria-selected={chosen?.id === dataset.id}
                    data-testid={testIds.sqlLab.saveDatasetOption}
                    onClick={() => setChosen(dataset)}
                  >
                    {dataset.table_name}
                  </li>
                ))}
              </Options>
            </>
          )}
        </>
      )}
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

const Options = styled.ul`
  margin: ${({ theme }) => theme.gridUnit}px 0 0;
  padding: 0;
  list-style: none;
  max-height: 160px;
  overflow: auto;

  li {
    cursor: pointer;
    padding: ${({ theme }) => theme.gridUnit}px ${({ theme }) => theme.gridUnit * 2}px;
  }

  li[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.primary.light[3]};
  }
`;

const Problem = styled.p`
  margin: ${({ theme }) => theme.gridUnit * 2}px 0 0;
  color: ${({ theme }) => theme.colors.error.base};
`;
