import { useQueryClient } from '@tanstack/react-query';
import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { FormError, FormField, FormStack, NativeSelect, TextInput } from '@/components/formFields';
import { createFailedMessage } from '@/components/listView/resourceMessages';
import { Modal, wideModalWidthPx } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { useDatabaseList } from '@/features/databaseList/api';
import { testIds } from '@/testIds';
import { alertConditions, alertCreatedMessage, alertFormProblem, createReport, newAlertPayload, reportsPlural, type AlertFormFields } from './api';
import { defaultReportCrontab, timezoneChoices } from './ReportModal';

/** The databases an alert's SQL can run on, by name. */
const alertDatabasesQuery = '(order_column:database_name,order_direction:asc,page:0,page_size:100)';

export interface AlertModalProps {
  onClose: () => void;
}

/**
 * "+ Alert" on `/report/list/` (Superset's AlertReportModal for an alert): its name and
 * description, the SQL and database of its check, the condition that triggers it (an operator
 * and a threshold, or "Not null"), the schedule and the e-mail recipients.
 */
export function AlertModal({ onClose }: AlertModalProps): JSX.Element {
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  const databases = useDatabaseList(alertDatabasesQuery);
  const [fields, setFields] = useState<AlertFormFields>({
    name: '',
    description: '',
    databaseId: null,
    sql: '',
    condition: '>',
    threshold: '',
    crontab: defaultReportCrontab,
    timezone: 'UTC',
    recipients: '',
  });
  const [isSaving, setIsSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const problem = alertFormProblem(fields);

  function change<Key extends keyof AlertFormFields>(key: Key, value: AlertFormFields[Key]): void {
    setFields((current) => ({ ...current, [key]: value }));
  }

  function save(): void {
    setIsSaving(true);
    setSaveError(null);
    createReport(newAlertPayload(fields))
      .then(async () => {
        addToast('success', alertCreatedMessage);
        await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('report') });
        onClose();
      })
      // An alert is a report schedule (`POST /api/v1/report/`): "An error occurred while creating reports: %s".
      .catch((error: unknown) => setSaveError(createFailedMessage(reportsPlural, errorMessage(error))))
      .finally(() => setIsSaving(false));
  }

  const footer = (
    <>
      <Button $variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button $variant="primary" disabled={isSaving || problem !== null} title={problem ?? undefined} data-testid={testIds.reports.alertSave} onClick={save}>
        Add
      </Button>
    </>
  );

  return (
    <Modal title="Add alert" testId={testIds.reports.alertModal} width={wideModalWidthPx} onClose={onClose} footer={footer}>
      <FormStack>
        <Section>General information</Section>
        <FormField>
          Alert name
          <TextInput aria-label="Alert name" placeholder="Enter alert name" data-testid={testIds.reports.alertName} value={fields.name} onChange={(event) => change('name', event.target.value)} />
        </FormField>
        <FormField>
          Description
          <TextInput aria-label="Description" placeholder="Include description to be sent with alert" value={fields.description} onChange={(event) => change('description', event.target.value)} />
        </FormField>
        <Section>Alert condition</Section>
        <FormField>
          Database
          <NativeSelect
            aria-label="Database"
            data-testid={testIds.reports.alertDatabase}
            value={fields.databaseId ?? ''}
            onChange={(event) => change('databaseId', event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">Select database</option>
            {(databases.data?.result ?? []).map((database) => (
              <option key={database.id} value={database.id}>
                {database.database_name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField>
          SQL Query
          <SqlInput aria-label="SQL Query" data-testid={testIds.reports.alertSql} rows={4} value={fields.sql} onChange={(event) => change('sql', event.target.value)} />
          <Muted>The result of this query must be a value capable of numeric interpretation e.g. 1, 1.0, or "1" (compatible with Python's float() function).</Muted>
        </FormField>
        <ConditionRow>
          <FormField>
            Trigger Alert If...
            <NativeSelect aria-label="Condition" data-testid={testIds.reports.alertCondition} value={fields.condition} onChange={(event) => change('condition', event.target.value)}>
              {alertConditions.map((condition) => (
                <option key={condition.value} value={condition.value}>
                  {condition.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField>
            Value
            <TextInput
              aria-label="Value"
              type="number"
              placeholder="Value"
              data-testid={testIds.reports.alertThreshold}
              disabled={fields.condition === 'not null'}
              value={fields.condition === 'not null' ? '' : fields.threshold}
              onChange={(event) => change('threshold', event.target.value)}
            />
          </FormField>
        </ConditionRow>
        <Section>Schedule</Section>
        <FormField>
          Schedule
          <TextInput aria-label="Schedule" data-testid={testIds.reports.alertCrontab} value={fields.crontab} onChange={(event) => change('crontab', event.target.value)} />
          <Muted>A CRON expression: minute, hour, day of month, month, day of week.</Muted>
        </FormField>
        <FormField>
          Timezone
          <NativeSelect aria-label="Timezone" value={fields.timezone} onChange={(event) => change('timezone', event.target.value)}>
            {timezoneChoices().map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <Section>Notification method</Section>
        <FormField>
          Email recipients
          <TextInput aria-label="Email recipients" placeholder="Enter email" data-testid={testIds.reports.alertRecipients} value={fields.recipients} onChange={(event) => change('recipients', event.target.value)} />
          <Muted>Recipients are separated by &quot;,&quot; or &quot;;&quot;</Muted>
        </FormField>
        {saveError !== null && (
          <FormError role="alert" data-testid={testIds.reports.error}>
            {saveError}
          </FormError>
        )}
      </FormStack>
    </Modal>
  );
}

const Section = styled.h4`
  margin: ${({ theme }) => theme.gridUnit * 2}px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.m}px;
`;

const ConditionRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const SqlInput = styled.textarea`
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  font-family: ${({ theme }) => theme.monospaceFontFamily};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
