import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type JSX } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ReportSchedule } from '@/api/generated/ReportSchedule';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { ConfirmDeleteModal } from '@/components/listView/ConfirmDeleteModal';
import { ListPageLayout } from '@/components/listView/ListPageLayout';
import { ListView, type ListViewColumn, type ListViewFilter } from '@/components/listView/ListView';
import { OwnerAvatars } from '@/components/listView/OwnerAvatars';
import { defaultListPageSize } from '@/components/listView/listViewState';
import { useBulkDelete } from '@/components/listView/useBulkDelete';
import { useListViewUrlState } from '@/components/listView/useListViewUrlState';
import { ownerFromUserRef } from '@/components/OwnersSelect';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { AlertModal } from './AlertModal';
import {
  deleteReport,
  deleteReportFailedMessage,
  executionLogPagePath,
  reportDeletedMessage,
  reportListFilterIds,
  reportListQuery,
  toggleReportFailedMessage,
  updateReport,
  useCanWriteReports,
  useReportList,
} from './api';

export const reportListFailedMessage = 'An error occurred while fetching reports';

/** What a report sends to: its recipients' types ("Email", "Slack"). */
function notificationMethods(report: ReportSchedule): string {
  return [...new Set(report.recipients.map((recipient) => recipient.type))].join(', ');
}

/** A row's schedule, as Superset's list shows it: "At 09:00 AM, only on Monday (UTC)". */
function scheduleText(report: Pick<ReportSchedule, 'crontab_humanized' | 'timezone'>): string {
  return `${report.crontab_humanized} (${report.timezone})`;
}

/** What a report sends: the chart's or dashboard's name. */
function reportSource(report: ReportSchedule): string {
  return report.chart?.slice_name ?? report.dashboard?.dashboard_title ?? '';
}

/** `/report/list/` (Alerts & reports): every report the user sees, searched, filtered, sorted and paged by the server. */
export function ReportListPage(): JSX.Element {
  const pageSize = defaultListPageSize;
  const [state, setState] = useListViewUrlState({ sortColumn: 'name', sortOrder: 'asc' });
  const list = useReportList(reportListQuery(state, pageSize));
  const rows = useMemo(() => list.data?.result ?? [], [list.data]);
  const canWrite = useCanWriteReports() === true;
  const onBulkDelete = useBulkDelete('report', 'reports');
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);
  const [isAddingAlert, setIsAddingAlert] = useState(false);

  useEffect(() => {
    if (list.isError) addToast('danger', reportListFailedMessage);
  }, [list.isError, addToast]);

  async function refresh(): Promise<void> {
    await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('report') });
  }

  async function toggleActive(report: ReportSchedule, active: boolean): Promise<void> {
    try {
      await updateReport(report.id, { active });
    } catch {
      addToast('danger', toggleReportFailedMessage);
    }
    await refresh();
  }

  async function remove(report: ReportSchedule): Promise<void> {
    setDeleting(null);
    try {
      await deleteReport(report.id);
      addToast('success', reportDeletedMessage(report.name));
    } catch {
      addToast('danger', deleteReportFailedMessage);
    }
    await refresh();
  }

  const columns: ListViewColumn<ReportSchedule>[] = [
    { id: 'last_eval_dttm', header: 'Last run', sortKey: 'last_eval_dttm', render: (report) => `${report.last_state}${report.last_eval_dttm === null ? '' : ` (${report.last_eval_dttm.slice(0, 16).replace('T', ' ')})`}` },
    { id: 'name', header: 'Name', sortKey: 'name', render: (report) => report.name },
    { id: 'source', header: 'Chart or dashboard', render: reportSource },
    // Superset's schedule column: the crontab in words and the time zone, not sortable.
    {
      id: 'crontab_humanized',
      header: 'Schedule',
      render: (report) => (
        <span title={report.crontab} data-testid={testIds.reports.rowSchedule}>
          {scheduleText(report)}
        </span>
      ),
    },
    { id: 'recipients', header: 'Notification method', render: notificationMethods },
    // A filter-only column (Superset's hidden columns).
    { id: 'type', header: 'Type', render: () => null, hidden: true },
    { id: 'created_by', header: 'Created by', sortKey: 'created_by.first_name', render: (report) => (report.created_by === null ? '' : ownerFromUserRef(report.created_by).name) },
    { id: 'owners', header: 'Owners', render: (report) => <OwnerAvatars owners={report.owners} /> },
    { id: 'changed_on_delta_humanized', header: 'Modified', sortKey: 'changed_on_delta_humanized', render: (report) => report.changed_on_delta_humanized },
    {
      id: 'active',
      header: 'Active',
      sortKey: 'active',
      render: (report) => (
        <input
          type="checkbox"
          role="switch"
          aria-label={`${report.name} active`}
          data-testid={testIds.reports.rowActive}
          checked={report.active}
          disabled={!canWrite}
          onChange={(event) => void toggleActive(report, event.target.checked)}
        />
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      render: (report: ReportSchedule) => (
        <RowActions>
          <Link to={executionLogPagePath(report)} aria-label={`Execution log of ${report.name}`} data-testid={testIds.reports.rowLog}>
            Execution log
          </Link>
          {canWrite && (
            <Button $variant="link" aria-label={`Delete ${report.name}`} onClick={() => setDeleting(report)}>
              Delete
            </Button>
          )}
        </RowActions>
      ),
    },
  ];
  const filters: ListViewFilter[] = [
    { id: reportListFilterIds.search, columnId: 'name', label: 'Search', kind: 'search' },
    {
      id: reportListFilterIds.type,
      label: 'Type',
      kind: 'select',
      options: [
        { value: 'Report', label: 'Report' },
        { value: 'Alert', label: 'Alert' },
      ],
    },
    {
      id: reportListFilterIds.active,
      label: 'Active',
      kind: 'select',
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    },
  ];

  return (
    <ListPageLayout
      title="Alerts & reports"
      testId={testIds.reports.listPage}
      actions={
        canWrite ? (
          <Button $variant="primary" data-testid={testIds.reports.addAlert} onClick={() => setIsAddingAlert(true)}>
            + Alert
          </Button>
        ) : undefined
      }
    >
      {isAddingAlert && <AlertModal onClose={() => setIsAddingAlert(false)} />}
      {deleting !== null && (
        <ConfirmDeleteModal description={`Are you sure you want to delete ${deleting.name}?`} onConfirm={() => void remove(deleting)} onClose={() => setDeleting(null)} />
      )}
      <Hint>Alerts are added here; reports are created from a chart's or a dashboard's header: "Manage email reports".</Hint>
      <ListView
        columns={columns}
        filters={filters}
        rows={rows}
        count={list.data?.count ?? 0}
        rowKey={(report) => report.id}
        isLoading={list.isPending}
        pageSize={pageSize}
        state={state}
        onStateChange={setState}
        bulkDelete={canWrite ? { noun: 'reports', onDelete: onBulkDelete } : undefined}
      />
    </ListPageLayout>
  );
}

const RowActions = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
`;

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.gridUnit * 3}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
