import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { QueryHistoryItem } from '@/api/generated/QueryHistoryItem';
import { Button } from '@/components/Button';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { queryStatusColour, queryStatuses, runDuration, type QueryStatusColour } from './queryStatus';
import { removeTabQuery, useQueryHistory } from './stateApi';

/** Spec 002 section 8's toast when a run cannot be removed from the history. */
export const removeQueryFailedMessage = 'An error occurred while removing query. Please contact your administrator.';

export interface QueryHistoryPaneProps {
  /** The tab whose runs are listed. */
  sqlEditorId: string;
  /** Bumped after each run so the list reloads. */
  refreshNumber: number;
}

/** The south pane's Query history: the tab's runs, newest first, filtered by state and SQL text. */
export function QueryHistoryPane({ sqlEditorId, refreshNumber }: QueryHistoryPaneProps): JSX.Element {
  const [status, setStatus] = useState<string | null>(null);
  const [sqlText, setSqlText] = useState('');
  const history = useQueryHistory({ sqlEditorId, status, sqlText }, refreshNumber);
  const runs = history.data?.result ?? [];
  const { addToast } = useToasts();
  // Runs are removed through the server tab they belong to; a browser-only tab has none.
  const serverTabId = /^\d+$/.test(sqlEditorId) ? Number(sqlEditorId) : null;

  function removeRun(run: QueryHistoryItem): void {
    if (serverTabId === null) return;
    removeTabQuery(serverTabId, run.client_id)
      .then(() => history.refetch())
      .catch(() => addToast('danger', removeQueryFailedMessage));
  }

  return (
    <Pane data-testid={testIds.sqlLab.historyPane} aria-label="Query history">
      <Filters>
        <select
          aria-label="State"
          data-testid={testIds.sqlLab.historyStatusFilter}
          value={status ?? ''}
          onChange={(event) => setStatus(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">All states</option>
          {queryStatuses.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <input
          type="search"
          aria-label="Search SQL"
          placeholder="Search SQL"
          data-testid={testIds.sqlLab.historySqlSearch}
          value={sqlText}
          onChange={(event) => setSqlText(event.target.value)}
        />
      </Filters>
      {history.isError && <ErrorText role="alert">{errorMessage(history.error)}</ErrorText>}
      {history.isSuccess && runs.length === 0 && <Muted>No query history yet...</Muted>}
      {runs.length > 0 && (
        <Table>
          <thead>
            <tr>
              <th>State</th>
              <th>Started</th>
              <th>Duration</th>
              <th>Rows</th>
              <th>SQL</th>
              {serverTabId !== null && <th aria-label="Actions" />}
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <HistoryRow key={run.id} run={run} onRemove={serverTabId === null ? null : () => removeRun(run)} />
            ))}
          </tbody>
        </Table>
      )}
    </Pane>
  );
}

function HistoryRow({ run, onRemove }: { run: QueryHistoryItem; onRemove: (() => void) | null }): JSX.Element {
  const started = run.start_time === null ? '' : new Date(run.start_time).toLocaleString();
  return (
    <tr data-testid={testIds.sqlLab.historyRow} data-status={run.status}>
      <td>
        <StatusLabel $colour={queryStatusColour(run.status)}>{run.status}</StatusLabel>
      </td>
      <td>{started}</td>
      <td>{runDuration(run.start_time, run.end_time)}</td>
      <td>{run.rows ?? ''}</td>
      <SqlCell title={run.error_message ?? run.sql} data-testid={testIds.sqlLab.historySql}>
        {run.sql}
      </SqlCell>
      {onRemove !== null && (
        <td>
          <Button $variant="link" title="Remove query from log" data-testid={testIds.sqlLab.historyRemove} onClick={onRemove}>
            ✕
          </Button>
        </td>
      )}
    </tr>
  );
}

const Pane = styled.section`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-height: 0;
  overflow: auto;
`;

const Filters = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.s}px;

  th,
  td {
    padding: ${({ theme }) => `${theme.gridUnit}px ${theme.gridUnit * 2}px`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    white-space: nowrap;
  }
`;

const StatusLabel = styled.span<{ $colour: QueryStatusColour }>`
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme, $colour }) => theme.colors[$colour].light[2]};
  border: 1px solid ${({ theme, $colour }) => theme.colors[$colour].base};
`;

const SqlCell = styled.td`
  max-width: 480px;
  overflow: hidden;
  text-overflow: ellipsis;
  font-family: ${({ theme }) => theme.monospaceFontFamily};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error.base};
`;
