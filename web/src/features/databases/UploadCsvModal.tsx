import { useState, type JSX } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { uploadCsv, useAllDatabases, type CsvUploadForm } from './api';

/** The "CSV upload" dialog: database (those that allow uploads), file, table, options, progress. */
export function UploadCsvModal({ onClose }: { onClose: () => void }): JSX.Element {
  const databases = useAllDatabases();
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  const uploadable = (databases.data ?? []).filter((database) => database.allow_file_upload);
  const [databaseId, setDatabaseId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [tableName, setTableName] = useState('');
  const [schema, setSchema] = useState('');
  const [delimiter, setDelimiter] = useState(',');
  const [alreadyExists, setAlreadyExists] = useState<CsvUploadForm['alreadyExists']>('fail');
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const chosenDatabase = databaseId ?? uploadable[0]?.id ?? null;
  const canUpload = chosenDatabase !== null && file !== null && tableName.trim() !== '' && progress === null;

  const onUpload = async (): Promise<void> => {
    if (chosenDatabase === null || file === null) return;
    setFailure(null);
    setProgress(0);
    try {
      await uploadCsv({ databaseId: chosenDatabase, file, tableName: tableName.trim(), schema, delimiter, alreadyExists }, setProgress);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('dataset') });
      addToast('success', `CSV file "${file.name}" uploaded to table "${tableName.trim()}"`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      setProgress(null);
    }
  };

  return (
    <Modal
      title="CSV upload"
      testId={testIds.uploadModal.dialog}
      onClose={onClose}
      footer={
        <Button $variant="primary" data-testid={testIds.uploadModal.submit} disabled={!canUpload} onClick={() => void onUpload()}>
          Upload
        </Button>
      }
    >
      <Form>
        <Field>
          <span>Database</span>
          <select
            aria-label="Database"
            data-testid={testIds.uploadModal.database}
            value={chosenDatabase ?? ''}
            onChange={(event) => setDatabaseId(Number(event.target.value))}
          >
            {uploadable.map((database) => (
              <option key={database.id} value={database.id}>
                {database.database_name}
              </option>
            ))}
          </select>
          {databases.isSuccess && uploadable.length === 0 && <span>No database allows file uploads.</span>}
        </Field>
        <Field>
          <span>File</span>
          <input
            type="file"
            accept=".csv,.tsv,.txt,text/csv"
            aria-label="File"
            data-testid={testIds.uploadModal.file}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Field>
        <Field>
          <span>Table name</span>
          <input aria-label="Table name" data-testid={testIds.uploadModal.tableName} value={tableName} onChange={(event) => setTableName(event.target.value)} />
        </Field>
        <Field>
          <span>Schema</span>
          <input aria-label="Schema" data-testid={testIds.uploadModal.schema} value={schema} onChange={(event) => setSchema(event.target.value)} />
        </Field>
        <Field>
          <span>Delimiter</span>
          <select aria-label="Delimiter" data-testid={testIds.uploadModal.delimiter} value={delimiter} onChange={(event) => setDelimiter(event.target.value)}>
            <option value=",">Comma ( , )</option>
            <option value=";">Semicolon ( ; )</option>
            <option value={'\\t'}>Tab ( \t )</option>
            <option value="|">Pipe ( | )</option>
          </select>
        </Field>
        <Field>
          <span>If table already exists</span>
          <select
            aria-label="If table already exists"
            data-testid={testIds.uploadModal.alreadyExists}
            value={alreadyExists}
            onChange={(event) => setAlreadyExists(event.target.value as CsvUploadForm['alreadyExists'])}
          >
            <option value="fail">Fail</option>
            <option value="replace">Replace</option>
            <option value="append">Append</option>
          </select>
        </Field>
        {progress !== null && (
          <progress data-testid={testIds.uploadModal.progress} max={1} value={progress} aria-label="Upload progress" />
        )}
        {failure !== null && <Failure data-testid={testIds.uploadModal.error}>{failure}</Failure>}
      </Form>
    </Modal>
  );
}

const Form = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-width: 420px;
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const Failure = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
`;
