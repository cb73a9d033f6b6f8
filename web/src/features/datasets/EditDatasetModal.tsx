import { useState, type JSX } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { Dataset } from '@/api/generated/Dataset';
import type { DatasetColumnPut } from '@/api/generated/DatasetColumnPut';
import type { DatasetMetricPut } from '@/api/generated/DatasetMetricPut';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { Modal, wideModalWidthPx } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import {
  confirmSaveWarning,
  datasetSavedMessage,
  datasetSaveErrorTitle,
  emptyToNull,
  integerError,
  managedExternallyTooltip,
  refreshDataset,
  saveDataset,
  useDataset,
} from './api';

type EditorTab = 'settings' | 'metrics' | 'columns' | 'calculated';

interface EditorState {
  description: string;
  cacheTimeout: string;
  metrics: DatasetMetricPut[];
  /** Columns of the source. */
  columns: DatasetColumnPut[];
  /** Columns defined by a SQL expression. */
  calculated: DatasetColumnPut[];
}

function editorStateOf(dataset: Dataset): EditorState {
  return {
    description: dataset.description ?? '',
    cacheTimeout: dataset.cache_timeout === null ? '' : String(dataset.cache_timeout),
    metrics: dataset.metrics.map((metric) => ({
      id: metric.id,
      metric_name: metric.metric_name,
      expression: metric.expression,
      metric_type: metric.metric_type ?? undefined,
      verbose_name: metric.verbose_name ?? undefined,
      description: metric.description ?? undefined,
      d3format: metric.d3format ?? undefined,
      currency: metric.currency ?? undefined,
      warning_text: metric.warning_text ?? undefined,
      uuid: metric.uuid ?? undefined,
      extra: metric.extra ?? undefined,
    })),
    ...splitColumns(
      dataset.columns.map((column) => ({
      id: column.id,
      column_name: column.column_name,
      type: column.type ?? undefined,
      advanced_data_type: column.advanced_data_type ?? undefined,
      verbose_name: column.verbose_name ?? undefined,
      description: column.description ?? undefined,
      expression: column.expression ?? undefined,
      filterable: column.filterable,
      groupby: column.groupby,
      is_active: column.is_active,
      is_dttm: column.is_dttm,
      python_date_format: column.python_date_format ?? undefined,
      uuid: column.uuid ?? undefined,
      extra: column.extra ?? undefined,
      })),
    ),
  };
}

function splitColumns(columns: DatasetColumnPut[]): { columns: DatasetColumnPut[]; calculated: DatasetColumnPut[] } {
  const isCalculated = (column: DatasetColumnPut): boolean => (column.expression ?? '').trim() !== '';
  return { columns: columns.filter((column) => !isCalculated(column)), calculated: columns.filter(isCalculated) };
}

/** The validation errors of the editor, in the spec's words. */
function validationErrors(state: EditorState): string[] {
  const errors: string[] = [];
  const timeoutError = integerError(state.cacheTimeout);
  if (timeoutError !== null) errors.push(`Cache timeout ${timeoutError}`);
  state.metrics.forEach((metric, index) => {
    if (metric.metric_name.trim() === '') errors.push(`Metric ${index + 1} needs a name`);
    if (metric.expression.trim() === '') errors.push(`Metric ${index + 1} needs a SQL expression`);
  });
  state.calculated.forEach((column, index) => {
    if (column.column_name.trim() === '') errors.push(`Calculated column ${index + 1} needs a name`);
    if ((column.expression ?? '').trim() === '') errors.push(`Calculated column ${index + 1} needs a SQL expression`);
  });
  return errors;
}

export interface EditDatasetModalProps {
  datasetId: number;
  onClose: () => void;
  /** Told once the dataset is saved (before the dialog closes): Explore reads it again. */
  onSaved?: () => void;
}

/** 'Edit Dataset {table name}': settings, metrics, columns and calculated columns; a confirm step. */
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

/** The editor of a loaded dataset: its state starts from the dataset and is saved as a whole. */
function DatasetEditor({
  dataset,
  onReload,
  onClose,
  onSaved,
}: {
  dataset: Dataset;
  onReload: () => Promise<Dataset | undefined>;
  onClose: () => void;
  onSaved?: () => void;
}): JSX.Element {
  const datasetId = dataset.id;
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  const [tab, setTab] = useState<EditorTab>('settings');
  const [state, setState] = useState<EditorState>(() => editorStateOf(dataset));
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const title = `Edit Dataset ${dataset.table_name}`;
  const isManagedExternally = dataset.is_managed_externally;
  const errors = validationErrors(state);
  const isSaveDisabled = isSaving || errors.length > 0 || isManagedExternally;

  const updateMetric = (index: number, change: Partial<DatasetMetricPut>): void =>
    setState({ ...state, metrics: state.metrics.map((metric, at) => (at === index ? { ...metric, ...change } : metric)) });
  const updateColumn = (index: number, change: Partial<DatasetColumnPut>): void =>
    setState({ ...state, columns: state.columns.map((column, at) => (at === index ? { ...column, ...change } : column)) });
  const updateCalculated = (index: number, change: Partial<DatasetColumnPut>): void =>
    setState({ ...state, calculated: state.calculated.map((column, at) => (at === index ? { ...column, ...change } : column)) });

  const onConfirm = async (): Promise<void> => {
    setIsSaving(true);
    setSaveError(null);
    try {
      await saveDataset(
        datasetId,
        {
          description: state.description,
          cache_timeout: emptyToNull(state.cacheTimeout),
          metrics: state.metrics.map((metric) => ({ ...metric, d3format: emptyToNull(metric.d3format) ?? undefined })),
          columns: [...state.columns, ...state.calculated].map((column) => ({
            ...column,
            python_date_format: emptyToNull(column.python_date_format) ?? undefined,
          })),
        },
        false,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.datasetDetail(datasetId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('dataset') });
      addToast('success', datasetSavedMessage);
      onSaved?.();
      onClose();
    } catch (error) {
      setSaveError(`${datasetSaveErrorTitle}: ${errorMessage(error)}`);
      setIsConfirming(false);
    } finally {
      setIsSaving(false);
    }
  };

  const onSync = async (): Promise<void> => {
    try {
      await refreshDataset(datasetId);
      const refreshed = await onReload();
      if (refreshed !== undefined) setState({ ...state, columns: editorStateOf(refreshed).columns });
    } catch (error) {
      setSaveError(errorMessage(error));
    }
  };

  if (isConfirming) {
    return (
      <Modal
        title="Confirm save"
        testId={testIds.datasetEditor.confirm}
        onClose={() => setIsConfirming(false)}
        footer={
          <Button $variant="primary" data-testid={testIds.datasetEditor.confirmOk} disabled={isSaving} onClick={() => void onConfirm()}>
            OK
          </Button>
        }
      >
        {confirmSaveWarning}
      </Modal>
    );
  }


  return (
    <Modal
      title={title} width={wideModalWidthPx}
      testId={testIds.datasetEditor.dialog}
      onClose={() => {
        if (!isSaving) onClose();
      }}
      footer={
        <>
          <Button onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <span title={isManagedExternally ? managedExternallyTooltip : undefined}>
            <Button $variant="primary" data-testid={testIds.datasetEditor.save} disabled={isSaveDisabled} onClick={() => setIsConfirming(true)}>
              Save
            </Button>
          </span>
        </>
      }
    >
      <Tabs role="tablist">
        {(
          [
            ['settings', 'Settings', testIds.datasetEditor.tabSettings],
            ['metrics', 'Metrics', testIds.datasetEditor.tabMetrics],
            ['columns', 'Columns', testIds.datasetEditor.tabColumns],
            ['calculated', 'Calculated columns', testIds.datasetEditor.tabCalculated],
          ] as const
        ).map(([id, label, testId]) => (
          <Button key={id} role="tab" aria-selected={tab === id} $variant={tab === id ? 'primary' : 'secondary'} data-testid={testId} onClick={() => setTab(id)}>
            {label}
          </Button>
        ))}
      </Tabs>
      {tab === 'settings' && (
        <Section>
          <Field>
            <span>Description</span>
            <textarea data-testid={testIds.datasetEditor.description} value={state.description} onChange={(event) => setState({ ...state, description: event.target.value })} />
          </Field>
          <Field>
            <span>Cache timeout</span>
            <input data-testid={testIds.datasetEditor.cacheTimeout} value={state.cacheTimeout} onChange={(event) => setState({ ...state, cacheTimeout: event.target.value })} />
          </Field>
        </Section>
      )}
      {tab === 'metrics' && (
        <Section>
          {state.metrics.map((metric, index) => (
            <Row key={metric.id ?? `new-${index}`} data-testid={testIds.datasetEditor.metricRow}>
              <input aria-label="Metric name" data-testid={testIds.datasetEditor.metricName} value={metric.metric_name} onChange={(event) => updateMetric(index, { metric_name: event.target.value })} />
              <input aria-label="Label" data-testid={testIds.datasetEditor.metricVerboseName} value={metric.verbose_name ?? ''} onChange={(event) => updateMetric(index, { verbose_name: event.target.value })} />
              <input aria-label="SQL expression" data-testid={testIds.datasetEditor.metricExpression} value={metric.expression} onChange={(event) => updateMetric(index, { expression: event.target.value })} />
              <input aria-label="D3 format" data-testid={testIds.datasetEditor.metricD3format} value={metric.d3format ?? ''} onChange={(event) => updateMetric(index, { d3format: event.target.value })} />
              <Button $variant="link" aria-label="Delete metric" onClick={() => setState({ ...state, metrics: state.metrics.filter((_, at) => at !== index) })}>
                ✕
              </Button>
            </Row>
          ))}
          <Button
            data-testid={testIds.datasetEditor.addMetric}
            onClick={() => setState({ ...state, metrics: [...state.metrics, { metric_name: '', expression: '' }] })}
          >
            + Add item
          </Button>
        </Section>
      )}
      {tab === 'columns' && (
        <Section>
          {state.columns.map((column, index) => (
            <Row key={column.id ?? `column-${index}`} data-testid={testIds.datasetEditor.columnRow}>
              <strong>{column.column_name}</strong>
              <span>{column.type ?? ''}</span>
              <input aria-label="Label" data-testid={testIds.datasetEditor.columnVerboseName} value={column.verbose_name ?? ''} onChange={(event) => updateColumn(index, { verbose_name: event.target.value })} />
              <label>
                <input type="checkbox" checked={column.is_dttm ?? false} onChange={(event) => updateColumn(index, { is_dttm: event.target.checked })} /> Is temporal
              </label>
            </Row>
          ))}
          <Button data-testid={testIds.datasetEditor.syncColumns} onClick={() => void onSync()}>
            Sync columns from source
          </Button>
        </Section>
      )}
      {tab === 'calculated' && (
        <Section>
          {state.calculated.map((column, index) => (
            <Row key={column.id ?? `calculated-${index}`}>
              <input aria-label="Column name" data-testid={testIds.datasetEditor.calculatedName} value={column.column_name} onChange={(event) => updateCalculated(index, { column_name: event.target.value })} />
              <input aria-label="SQL expression" data-testid={testIds.datasetEditor.calculatedExpression} value={column.expression ?? ''} onChange={(event) => updateCalculated(index, { expression: event.target.value })} />
            </Row>
          ))}
          <Button
            data-testid={testIds.datasetEditor.addCalculatedColumn}
            onClick={() => setState({ ...state, calculated: [...state.calculated, { column_name: '', expression: '' }] })}
          >
            + Add item
          </Button>
        </Section>
      )}
      {errors.length > 0 && <Problem data-testid={testIds.datasetEditor.validationError}>{errors.join('. ')}</Problem>}
      {saveError !== null && <Problem role="alert">{saveError}</Problem>}
    </Modal>
  );
}

const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit}px;
  margin-bottom: ${({ theme }) => theme.gridUnit * 2}px;
`;

const Section = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-width: 640px;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const Problem = styled.div`
  margin-top: ${({ theme }) => theme.gridUnit * 2}px;
  color: ${({ theme }) => theme.colors.error.base};
`;
