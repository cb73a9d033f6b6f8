import { useState, type JSX } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/api/errors';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { FormError, FormField, FormStack } from '@/components/formFields';
import { LabeledTextField } from '@/components/LabeledTextField';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { uploadFile, useAllDatabases, type UploadForm } from './api';
import {
  hasUploadExtension,
  invalidExtensionMessage,
  uploadAccept,
  uploadTitles,
  uploadTypeLabels,
  uploadTypes,
  type UploadType,
} from './uploadTypes';

/**
 * The file upload dialog (Superset's `UploadDataModal`): the file type (CSV, Excel or Columnar,
 * each with its extensions), the database (those that allow uploads), the file, the table and
 * the type's options, then the upload's progress.
 */
export function UploadDataModal({ initialType = 'csv', onClose }: { initialType?: UploadType; onClose: () => void }): JSX.Element {
  const databases = useAllDatabases();
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  const uploadable = (databases.data ?? []).filter((database) => database.allow_file_upload);
  const [type, setType] = useState<UploadType>(initialType);
  const [databaseId, setDatabaseId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [tableName, setTableName] = useState('');
  const [schema, setSchema] = useState('');
  const [delimiter, setDelimiter] = useState(',');
  const [sheetName, setSheetName] = useState('');
  const [columnsRead, setColumnsRead] = useState('');
  const [alreadyExists, setAlreadyExists] = useState<UploadForm['alreadyExists']>('fail');
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const chosenDatabase = databaseId ?? uploadable[0]?.id ?? null;
  const fileError = file !== null && !hasUploadExtension(type, file.name) ? invalidExtensionMessage(type) : null;
  const canUpload = chosenDatabase !== null && file !== null && fileError === null && tableName.trim() !== '' && progress === null;

  const onUpload = async (): Promise<void> => {
    if (chosenDatabase === null || file === null) return;
    setFailure(null);
    setProgress(0);
    try {
      await uploadFile(
        { type, databaseId: chosenDatabase, file, tableName: tableName.trim(), schema, delimiter, sheetName, columnsRead, alreadyExists },
        setProgress,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('dataset') });
      addToast('success', `${uploadTypeLabels[type]} file "${file.name}" uploaded to table "${tableName.trim()}"`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      setProgress(null);
    }
  };

  return (
    <Modal
      title={uploadTitles[type]}
      testId={testIds.uploadModal.dialog}
      onClose={onClose}
      footer={
        <Button $variant="primary" data-testid={testIds.uploadModal.submit} disabled={!canUpload} onClick={() => void onUpload()}>
          Upload
        </Button>
      }
    >
      <FormStack>
        <FormField>
          <span>File type</span>
          <select
            aria-label="File type"
            data-testid={testIds.uploadModal.type}
            value={type}
            onChange={(event) => setType(event.target.value as UploadType)}
          >
            {uploadTypes.map((option) => (
              <option key={option} value={option}>
                {uploadTypeLabels[option]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField>
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
        </FormField>
        <FormField>
          <span>File</span>
          <input
            type="file"
            accept={uploadAccept(type)}
            aria-label="File"
            data-testid={testIds.uploadModal.file}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          {fileError !== null && <FormError data-testid={testIds.uploadModal.fileError}>{fileError}</FormError>}
        </FormField>
        <LabeledTextField label="Table name" testId={testIds.uploadModal.tableName} value={tableName} onChange={setTableName} />
        <LabeledTextField label="Schema" testId={testIds.uploadModal.schema} value={schema} onChange={setSchema} />
        {type === 'csv' && (
          <FormField>
            <span>Delimiter</span>
            <select aria-label="Delimiter" data-testid={testIds.uploadModal.delimiter} value={delimiter} onChange={(event) => setDelimiter(event.target.value)}>
              <option value=",">Comma ( , )</option>
              <option value=";">Semicolon ( ; )</option>
              <option value={'\\t'}>Tab ( \t )</option>
              <option value="|">Pipe ( | )</option>
            </select>
          </FormField>
        )}
        {type === 'excel' && (
          <LabeledTextField label="Sheet name" placeholder="The first sheet" testId={testIds.uploadModal.sheetName} value={sheetName} onChange={setSheetName} />
        )}
        <LabeledTextField label="Columns to read" placeholder="Every column" testId={testIds.uploadModal.columnsRead} value={columnsRead} onChange={setColumnsRead} />
        <FormField>
          <span>If table already exists</span>
          <select
            aria-label="If table already exists"
            data-testid={testIds.uploadModal.alreadyExists}
            value={alreadyExists}
            onChange={(event) => setAlreadyExists(event.target.value as UploadForm['alreadyExists'])}
          >
            <option value="fail">Fail</option>
            <option value="replace">Replace</option>
            <option value="append">Append</option>
          </select>
        </FormField>
        {progress !== null && (
          <progress data-testid={testIds.uploadModal.progress} max={1} value={progress} aria-label="Upload progress" />
        )}
        {failure !== null && <FormError data-testid={testIds.uploadModal.error}>{failure}</FormError>}
      </FormStack>
    </Modal>
  );
}
