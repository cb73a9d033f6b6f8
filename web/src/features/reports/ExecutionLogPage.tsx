import { type JSX } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import type { ReportExecutionLog } from '@/api/generated/ReportExecutionLog';
import { EmptyState } from '@/components/EmptyState';
import { ListPageLayout } from '@/components/listView/ListPageLayout';
import { testIds } from '@/testIds';
import { reportListPagePath, useReport, useReportLog } from './api';
import { durationText, executionStateLabel, formatLogTime } from './executionLog';

/** Superset's failure text when the log cannot be read. */
export const executionLogFailedMessage = 'An error occurred while fetching log';

/** A run's value: an operator alert's number, a `not null` alert's value, or nothing. */
function runValue(run: ReportExecutionLog): string {
  if (run.value !== null) return String(run.value);
  return run.value_row_json ?? '';
}

const headers = ['State', 'Execution ID', 'Scheduled at (UTC)', 'Start at (UTC)', 'Duration', 'Value', 'Error message'];

/** `/report/{id}/log` and `/alert/{id}/log`: the scheduler's runs of one report or alert, the latest first. */
export function ExecutionLogPage(): JSX.Element {
  const reportId = Number(useParams().reportId);
  const report = useReport(reportId);
  const log = useReportLog(reportId);
  const isAlert = report.data?.type === 'Alert';
  const runs = log.data?.result ?? [];
  const title = report.data === undefined ? 'Execution log' : `${report.data.type} ${report.data.name}`;

  return (
    <ListPageLayout
      title={title}
      testId={testIds.reports.logPage}
      actions={
        <Link to={reportListPagePath} data-testid={testIds.reports.logBack}>
          Back to all
        </Link>
      }
    >
      {log.isError && <ErrorText role="alert">{`${executionLogFailedMessage}: ${log.error.message}`}</ErrorText>}
      {log.isSuccess && runs.length === 0 && <EmptyState title="No data" />}
      {runs.length > 0 && (
        <Table>
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header}>{header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id} data-testid={testIds.reports.logRow}>
                <td title={executionStateLabel(run.state, isAlert)} data-state={run.state}>
                  {`${run.state} · ${executionStateLabel(run.state, isAlert)}`}
                </td>
                <td>{run.uuid}</td>
                <td>{formatLogTime(run.scheduled_dttm)}</td>
                <td>{formatLogTime(run.start_dttm)}</td>
                <td>{durationText(run.start_dttm, run.end_dttm)}</td>
                <td>{runValue(run)}</td>
                <td>{run.error_message ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </ListPageLayout>
  );
}

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.gridUnit * 2}px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.error.base};
`;
