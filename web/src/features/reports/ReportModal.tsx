import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { ReportSchedule } from '@/api/generated/ReportSchedule';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { NativeSelect, TextInput } from '@/components/formFields';
import { ConfirmDeleteModal } from '@/components/listView/ConfirmDeleteModal';
import { createFailedMessage } from '@/components/listView/resourceMessages';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { useCurrentUser } from '@/features/auth/api';
import { testIds } from '@/testIds';
import {
  createReport,
  deleteReport,
  deleteReportFailedMessage,
  fetchReportsFailedMessage,
  newReportPayload,
  reportCreatedMessage,
  reportDeletedMessage,
  reportsPlural,
  reportUpdatedMessage,
  toggleReportFailedMessage,
  updateReport,
  useHeaderReport,
  type ReportTarget,
} from './api';

/** Superset's new report schedule: weekly, Mondays at noon. */
export const defaultReportCrontab = '0 12 * * 1';

/** The formats a report of a chart or a dashboard can be sent in (Superset's labels). */
export function reportFormatOptions(kind: ReportTarget['kind']): readonly { value: string; label: string }[] {
  if (kind === 'chart') {
    return [
      { value: 'PNG', label: 'Image (PNG) embedded in email' },
      { value: 'CSV', label: 'Formatted CSV attached in email' },
      { value: 'TEXT', label: 'Text embedded in email' },
    ];
  }
  return [
    { value: 'PNG', label: 'Image (PNG) embedded in email' },
    { value: 'PDF', label: 'PDF attached in email' },
  ];
}

/** The time zones offered: the browser's list, with UTC first. */
export function timezoneChoices(): readonly string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
}

export interface ReportModalProps {
  target: ReportTarget;
  onClose: () => void;
}

/**
 * "Manage email reports" of a chart or dashboard header: the user's report on it (spec 002 §4:
 * added, edited, activated or deactivated, deleted), fetched filtered to reports they created.
 * Without one the form schedules a new report.
 */
export function ReportModal({ target, onClose }: ReportModalProps): JSX.Element {
  const currentUser = useCurrentUser();
  const report = useHeaderReport(target, currentUser.data?.id);
  const { addToast } = useToasts();

  useEffect(() => {
    if (report.isError) addToast('danger', fetchReportsFailedMessage);
  }, [report.isError, addToast]);

  if (report.data === undefined) {
    return (
      <Modal title="Manage email reports" testId={testIds.reports.modal} onClose={onClose}>
        {report.isError ? fetchReportsFailedMessage : 'Loading...'}
      </Modal>
    );
  }
  return <ReportForm key={report.data?.id ?? 'new'} target={target} report={report.data} onClose={onClose} />;
}

function ReportForm({ target, report, onClose }: { target: ReportTarget; report: ReportSchedule | null; onClose: () => void }): JSX.Element {
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  const [name, setName] = useState(report?.name ?? `Weekly Report for ${target.name}`);
  const [description, setDescription] = useState(report?.description ?? '');
  const [crontab, setCrontab] = useState(report?.crontab ?? defaultReportCrontab);
  const [timezone, setTimezone] = useState(report?.timezone ?? 'UTC');
  const [reportFormat, setReportFormat] = useState(report?.report_format ?? 'PNG');
  const [isActive, setIsActive] = useState(report?.active ?? true);
  const [isSaving, setIsSaving] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  async function refreshReports(): Promise<void> {
    await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('report') });
  }

  function save(): void {
    setIsSaving(true);
    setSaveError(null);
    const fields = { name, description, crontab, timezone, report_format: reportFormat };
    const saving = report === null ? createReport(newReportPayload(target, fields)) : updateReport(report.id, fields);
    saving
      .then(async () => {
        addToast('success', report === null ? reportCreatedMessage : reportUpdatedMessage);
        await refreshReports();
        onClose();
      })
      // Spec 000 section 8: a failed create says "An error occurred while creating %ss: %s"
      // (resource "report"); a failed update keeps the server's message.
      .catch((error: unknown) => setSaveError(report === null ? createFailedMessage(reportsPlural, errorMessage(error)) : errorMessage(error)))
      .finally(() => setIsSaving(false));
  }

  function toggleActive(active: boolean): void {
    if (report === null) return;
    setIsActive(active);
    updateReport(report.id, { active })
      .then(refreshReports)
      .catch(() => {
        setIsActive(!active);
        addToast('danger', toggleReportFailedMessage);
      });
  }

  function remove(): void {
    if (report === null) return;
    setIsConfirmingDelete(false);
    deleteReport(report.id)
      .then(async () => {
        addToast('success', reportDeletedMessage(report.name));
        await refreshReports();
        onClose();
      })
      .catch(() => addToast('danger', deleteReportFailedMessage));
  }

  const footer = (
    <>
      {report !== null && (
        <DeleteButton $variant="link" data-testid={testIds.reports.delete} onClick={() => setIsConfirmingDelete(true)}>
          Delete email report
        </DeleteButton>
      )}
      <Button $variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button $variant="primary" disabled={isSaving || name.trim() === ''} data-testid={testIds.reports.save} onClick={save}>
        {report === null ? 'Add' : 'Save'}
      </Button>
    </>
  );

  return (
    <Modal title={report === null ? 'Schedule a new email report' : 'Edit email report'} testId={testIds.reports.modal} onClose={onClose} footer={footer}>
      {report !== null && (
        <CheckField>
          <input type="checkbox" role="switch" aria-label="Email reports active" data-testid={testIds.reports.activeToggle} checked={isActive} onChange={(event) => toggleActive(event.target.checked)} />
          Email reports active
        </CheckField>
      )}
      <Field>
        Report name
        <TextInput aria-label="Report name" data-testid={testIds.reports.name} value={name} onChange={(event) => setName(event.target.value)} />
      </Field>
      <Field>
        Description
        <TextInput aria-label="Description" data-testid={testIds.reports.description} value={description} onChange={(event) => setDescription(event.target.value)} />
      </Field>
      <Field>
        Schedule
        <TextInput aria-label="Schedule" data-testid={testIds.reports.crontab} value={crontab} onChange={(event) => setCrontab(event.target.value)} />
        <Muted>A CRON expression: minute, hour, day of month, month, day of week.</Muted>
      </Field>
      <Field>
        Timezone
        <NativeSelect aria-label="Timezone" value={timezone} onChange={(event) => setTimezone(event.target.value)}>
          {timezoneChoices().map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field>
        Message content
        <NativeSelect aria-label="Message content" data-testid={testIds.reports.format} value={reportFormat} onChange={(event) => setReportFormat(event.target.value)}>
          {reportFormatOptions(target.kind).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {saveError !== null && (
        <ErrorText role="alert" data-testid={testIds.reports.error}>
          {saveError}
        </ErrorText>
      )}
      {isConfirmingDelete && report !== null && (
        <ConfirmDeleteModal description={`This action will permanently delete ${report.name}.`} onConfirm={remove} onClose={() => setIsConfirmingDelete(false)} />
      )}
    </Modal>
  );
}

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  margin-bottom: ${({ theme }) => theme.gridUnit * 3}px;
`;

const CheckField = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  margin-bottom: ${({ theme }) => theme.gridUnit * 3}px;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error.base};
`;

const DeleteButton = styled(Button)`
  margin-right: auto;
`;
