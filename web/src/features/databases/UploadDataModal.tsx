import { useEffect, useState, type JSX } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/api/errors';
import type { UploadProgressInfo } from '@/api/generated/UploadProgressInfo';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { FormError, FormField, FormStack } from '@/components/formFields';
import { LabeledTextField } from '@/components/LabeledTextField';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { fetchUploadProgress, newUploadId, uploadFile, useAllDatabases, type UploadForm } from './api';
import {
  hasUploadExtension,
  invalidExtensionMessage,
  uploadAccept,
  uploadTitles,
  uploadTypeLabels,
  uploadTypes,
  type UploadType,
} from './uploadTypes';

/** How often the dialog asks the server how far a running upload has come. */
export const uploadProgressPollMs = 500;

/** The rows line under the bar once the file is on the server: "Uploading… 8,192 of 200,000 rows". */
export function uploadRowsText(info: UploadProgressInfo | null): string {
  const written = (info?.rows_written ?? 0).toLocaleString('en-US');
  const total = info?.total_rows ?? null;
  return total === null ? `Uploading… ${written} rows` : `Uploading… ${written} of ${total.toLocaleString('en-US')} rows`;
}

/**
 * Polls the server's progress of the upload `uploadId` every `uploadProgressPollMs` while it
 * runs (`null`: none runs). A poll that fails (404 until the server has read the id) is skipped.
 */
function useServerProgress(uploadId: string | null): UploadProgressInfo | null {
  const [latest, setLatest] = useState<{ uploadId: string; info: UploadProgressInfo } | null>(null);
  useEffect(() => {
    if (uploadId === null) return undefined;
    let active = true;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      fetchUploadProgress(uploadId, controller.signal).then(
        (info) => {
          if (active) setLatest({ uploadId, info });
        },
        () => undefined,
      );
    }, uploadProgressPollMs);
    return () => {
      active = false;
      controller.abort();
      window.clearInterval(timer);
    };
  }, [uploadId]);
  return latest !== null && latest.uploadId === uploadId ? latest.info : null;
}

/**
 * The file upload dialog (Superset's `UploadDataModal`): the file type (CSV, Excel or Columnar,
 * each with its extensions), the database (those that allow uploads), the file, the table and
 * the type's options, then the upload's progress: the bytes sent, then the rows the server has
 * written (polled while the request runs).
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
  const [uploadId, setUploadId] = useState<string | null>(null);
  const serverProgress = useServerProgress(uploadId);
  const [failure, setFailure] = useState<string | null>(null);

  const chosenDatabase = databaseId ?? uploadable[0]?.id ?? null;
  const fileError = file !== null && !hasUploadExtension(type, file.name) ? invalidExtensionMessage(type) : null;
  const canUpload = chosenDatabase !== null && file !== null && fileError === null && tableName.trim() !== '' && progress === null;

  const onUpload = async (): Promise<void> => {
    if (chosenDatabase === null || file === null) return;
    setFailure(null);
    setProgress(0);
    const id = newUploadId();
    setUploadId(id);
    try {
      await uploadFile(
        { type, databaseId: chosenDatabase, file, tableName: tableName.trim(), schema, delimiter, sheetName, columnsRead, alreadyExists },
        setProgress,
        id,
      );
      setUploadId(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('dataset') });
      addToast('success', `${uploadTypeLabels[type]} file "${file.name}" uploaded to table "${tableName.trim()}"`);
      onClose();
    } catch (error) {
      setUploadId(null);
      setFailure(errorMessage(error));
      setProgress(null);
    }
  };

  // Once the bytes are sent (or the server has started on them), the server's rows tell the story.
  const onServer =
    progress !== null &&
    (progress >= 1 || serverProgress?.phase === 'reading' || serverProgress?.phase === 'writing');
  const totalRows = serverProgress?.total_rows ?? null;
  const barValue =
    onServer && serverProgress !== null && totalRows !== null && totalRows > 0
      ? Math.min(1, serverProgress.rows_written / totalRows)
      : (progress ?? 0);

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
          <progress data-testid={testIds.uploadModal.progress} max={1} value={barValue} aria-label="Upload progress" />
        )}
        {onServer && (
          <span data-testid={testIds.uploadModal.rows} aria-live="polite">
            {uploadRowsText(serverProgress)}
          </span>
        )}
        {failure !== null && <FormError data-testid={testIds.uploadModal.error}>{failure}</FormError>}
      </FormStack>
    </Modal>
  );
}
