import { useState, type JSX, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { ApiError, errorMessage } from '@/api/errors';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { FormError, FormField, FormStack } from '@/components/formFields';
import { LabeledTextField } from '@/components/LabeledTextField';
import { createFailedMessage } from '@/components/listView/resourceMessages';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import {
  connectionErrorMessage,
  connectionLooksGoodMessage,
  createDatabase,
  testConnection,
  updateDatabase,
  useAvailableEngines,
  useDatabase,
  validateParameters,
} from './api';
import { CatalogRowsField } from './CatalogRowsField';
import { configOfForm, defaultPorts, emptyForm, formOfDatabase, isFileEngine, showsCatalogRows, type ConnectionForm } from './connectionForm';
import {
  hasParameterErrors,
  noParameterErrors,
  parameterErrorsOf,
  requiredFieldMessage,
  type ParameterErrors,
} from './parameterValidation';

/** The form's text fields. */
type TextKey = { [K in keyof ConnectionForm]: ConnectionForm[K] extends string ? K : never }[keyof ConnectionForm];

/** The form's fields by the parameter names `validate_parameters` uses. */
const parameterOfField: Partial<Record<keyof ConnectionForm, string>> = {
  host: 'host',
  port: 'port',
  database: 'database',
  username: 'username',
  password: 'password',
};

/** The "Connect a database" dialog: engine, parameters or URI, Test connection, settings. */
export function DatabaseConnectionModal({ databaseId, onClose }: { databaseId: number | null; onClose: () => void }): JSX.Element {
  const saved = useDatabase(databaseId);
  if (databaseId === null) return <ConnectionDialog databaseId={null} initial={emptyForm} onClose={onClose} />;
  if (saved.data === undefined) {
    return (
      <Modal title="Edit database" testId={testIds.databaseModal.dialog} onClose={onClose}>
        {saved.isError ? errorMessage(saved.error) : 'Loading...'}
      </Modal>
    );
  }
  return <ConnectionDialog databaseId={databaseId} initial={formOfDatabase(saved.data.result)} onClose={onClose} />;
}

function ConnectionDialog({
  databaseId,
  initial,
  onClose,
}: {
  databaseId: number | null;
  initial: ConnectionForm;
  onClose: () => void;
}): JSX.Element {
  const engines = useAvailableEngines();
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  const [form, setForm] = useState<ConnectionForm>(initial);
  const [parameterErrors, setParameterErrors] = useState<ParameterErrors>(noParameterErrors);
  const [isNameMissing, setIsNameMissing] = useState(false);
  const [testResult, setTestResult] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const change = <K extends keyof ConnectionForm>(key: K, value: ConnectionForm[K]): void => {
    setForm((current) => ({ ...current, [key]: value }));
    if (key === 'databaseName') setIsNameMissing(false);
  };

  /**
   * `validate_parameters` on the form: while typing (a field left) the missing fields and wrong
   * credentials are not said yet; on Connect they are. Answers whether the form is clean.
   */
  const checkParameters = async (isSubmit: boolean): Promise<boolean> => {
    if (form.mode !== 'parameters') return true;
    try {
      await validateParameters(configOfForm(form, databaseId));
      setParameterErrors(noParameterErrors);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) return true;
      const errors = parameterErrorsOf(error.errors, isSubmit);
      setParameterErrors(errors);
      return !hasParameterErrors(errors);
    }
  };

  const onTest = async (): Promise<void> => {
    setIsBusy(true);
    try {
      await testConnection(configOfForm(form, databaseId));
      setTestResult(connectionLooksGoodMessage);
      addToast('success', connectionLooksGoodMessage);
    } catch (error) {
      const firstError = error instanceof ApiError ? error.errors[0] : undefined;
      const text = connectionErrorMessage(firstError?.message ?? errorMessage(error));
      setTestResult(text);
      addToast('danger', text);
    } finally {
      setIsBusy(false);
    }
  };

  const onSave = async (): Promise<void> => {
    setIsBusy(true);
    setSaveError(null);
    const config = configOfForm(form, null);
    try {
      const isClean = await checkParameters(true);
      if (form.databaseName.trim() === '') setIsNameMissing(true);
      if (!isClean || form.databaseName.trim() === '') return;
      if (databaseId === null) await createDatabase(config);
      else await updateDatabase(databaseId, config);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('database') });
      addToast('success', databaseId === null ? 'Database connected' : 'Database settings updated');
      onClose();
    } catch (error) {
      // A new connection that fails says so as Superset's resource hook does.
      setSaveError(databaseId === null ? createFailedMessage('databases', errorMessage(error)) : errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };

  const engineOptions = engines.data?.databases ?? [];
  const fileEngine = isFileEngine(form.engine);
  const fieldError = (key: keyof ConnectionForm): string | undefined => {
    if (key === 'databaseName') return isNameMissing ? requiredFieldMessage : undefined;
    const parameter = parameterOfField[key];
    return parameter === undefined ? undefined : parameterErrors.fields[parameter];
  };
  const textField = (key: TextKey, label: string, testId: string, type: 'text' | 'password' = 'text'): ReactNode => {
    const error = fieldError(key);
    return (
      <LabeledTextField
        label={label}
        type={type}
        testId={testId}
        value={form[key]}
        onChange={(value) => change(key, value as never)}
        onBlur={parameterOfField[key] === undefined ? undefined : () => void checkParameters(false)}
        error={error}
        errorTestId={testIds.databaseModal.fieldError}
      />
    );
  };
  const checkbox = (key: keyof ConnectionForm, label: string, testId: string): ReactNode => (
    <Check>
      <input type="checkbox" data-testid={testId} checked={Boolean(form[key])} onChange={(event) => change(key, event.target.checked as never)} />
      {label}
    </Check>
  );

  return (
    <Modal
      title={databaseId === null ? 'Connect a database' : 'Edit database'}
      testId={testIds.databaseModal.dialog}
      onClose={onClose}
      footer={
        <>
          <Button data-testid={testIds.databaseModal.testConnection} disabled={isBusy} onClick={() => void onTest()}>
            Test connection
          </Button>
          <Button $variant="primary" data-testid={testIds.databaseModal.save} disabled={isBusy} onClick={() => void onSave()}>
            {databaseId === null ? 'Connect' : 'Finish'}
          </Button>
        </>
      }
    >
      <FormStack $minWidth={480}>
        <FormField>
          <span>Supported databases</span>
          <select
            aria-label="Supported databases"
            data-testid={testIds.databaseModal.engine}
            value={form.engine}
            disabled={databaseId !== null}
            onChange={(event) => {
              const engine = event.target.value;
              setForm((current) => ({ ...current, engine, port: defaultPorts[engine] ?? '' }));
            }}
          >
            {engineOptions.map((engine) => (
              <option key={engine.engine} value={engine.engine}>
                {engine.name}
              </option>
            ))}
          </select>
        </FormField>
        <ModeSwitch role="radiogroup" aria-label="Connection method">
          <Check>
            <input type="radio" data-testid={testIds.databaseModal.modeParameters} checked={form.mode === 'parameters'} onChange={() => change('mode', 'parameters')} />
            {fileEngine ? 'File path' : 'Parameters'}
          </Check>
          <Check>
            <input type="radio" data-testid={testIds.databaseModal.modeUri} checked={form.mode === 'uri'} onChange={() => change('mode', 'uri')} />
            SQLAlchemy URI
          </Check>
        </ModeSwitch>
        {textField('databaseName', 'Display name', testIds.databaseModal.databaseName)}
        {form.mode === 'uri' && textField('uri', 'SQLAlchemy URI', testIds.databaseModal.uri)}
        {form.mode === 'parameters' && fileEngine && textField('database', 'Database file path', testIds.databaseModal.database)}
        {form.mode === 'parameters' && !fileEngine && (
          <>
            {textField('host', 'Host', testIds.databaseModal.host)}
            {textField('port', 'Port', testIds.databaseModal.port)}
            {textField('database', 'Database name', testIds.databaseModal.database)}
            {textField('username', 'Username', testIds.databaseModal.username)}
            {textField('password', 'Password', testIds.databaseModal.password, 'password')}
            {checkbox('encryption', 'Use an encrypted connection (SSL)', testIds.databaseModal.encryption)}
          </>
        )}
        <fieldset>
          <legend>Advanced</legend>
          {checkbox('exposeInSqlLab', 'Expose database in SQL Lab', testIds.databaseModal.exposeInSqlLab)}
          {checkbox('allowDml', 'Allow DML', testIds.databaseModal.allowDml)}
          {checkbox('allowRunAsync', 'Asynchronous query execution', testIds.databaseModal.allowRunAsync)}
          {checkbox('allowMultiCatalog', 'Allow changing catalogs', testIds.databaseModal.allowMultiCatalog)}
          {showsCatalogRows(form) && (
            <CatalogRowsField
              rows={form.catalog}
              errors={parameterErrors.catalog}
              onChange={(rows) => change('catalog', rows)}
              onBlur={() => void checkParameters(false)}
            />
          )}
          {checkbox('allowFileUpload', 'Allow file uploads to database', testIds.databaseModal.allowFileUpload)}
          {textField('forceCtasSchema', 'CTAS & CVAS schema', testIds.databaseModal.ctasSchema)}
          {textField('cacheTimeout', 'Chart cache timeout', testIds.databaseModal.cacheTimeout)}
        </fieldset>
        {parameterErrors.description !== null && (
          <FormError data-testid={testIds.databaseModal.errorDescription}>{parameterErrors.description}</FormError>
        )}
        {testResult !== null && <Result data-testid={testIds.databaseModal.testResult}>{testResult}</Result>}
        {saveError !== null && <FormError data-testid={testIds.databaseModal.saveError}>{saveError}</FormError>}
      </FormStack>
    </Modal>
  );
}

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const ModeSwitch = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
`;

const Result = styled.div`
  font-weight: 600;
`;
