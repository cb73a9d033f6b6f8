import type { JSX } from 'react';
import styled from 'styled-components';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import { Button } from '@/components/Button';
import { copyTextToClipboard } from '@/components/copyTextToClipboard';
import { errorDisplayNameOf, TypedErrorMessage } from '@/components/errorMessage/TypedErrorMessage';
import { useToasts } from '@/components/toastContext';
import { copiedMessage, copyFailedMessage } from '@/features/chart/ViewQueryModal';
import { rowCountText } from '@/features/chart/rowCountText';
import { testIds } from '@/testIds';
import { sqlLabExportCsvPath, type SqlLabResult } from './api';
import { createdObjectNotice } from './createAs';
import { ResultGrid } from './ResultGrid';
import { resultsAsTabSeparatedText, truncationWarning } from './resultText';
import type { RunState } from './runLifecycle';

export interface ResultsPaneProps {
  run: RunState | undefined;
  /** The pane's heading (a table's preview shows the table's name). */
  title?: string;
  testId?: string;
  /** "Create chart" from a successful run's rows; no button when absent. */
  onCreateChart?: () => void;
  /** Whether 'Download to CSV' is offered (the user's `can_export_csv` on `SQLLab`). */
  canDownloadCsv?: boolean;
  /** 'Query in a new tab' of the table or view a CREATE TABLE AS / VIEW AS run created. */
  onQueryInNewTab?: (query: SqlLabQuery) => void;
}

/** The south pane's Results tab: the last run's rows, its error, or its progress. */
export function ResultsPane({
  run,
  title = 'Results',
  testId = testIds.sqlLab.results,
  onCreateChart,
  canDownloadCsv = false,
  onQueryInNewTab,
}: ResultsPaneProps): JSX.Element {
  return (
    <Pane data-testid={testId} aria-label={title}>
      <PaneTitle>{title}</PaneTitle>
      {run === undefined && <Muted>Run a query to see its results here.</Muted>}
      {run?.status === 'pending' && <Muted data-testid={testIds.sqlLab.resultsPending}>Pending…</Muted>}
      {run?.status === 'running' && (
        <>
          <Muted data-testid={testIds.sqlLab.resultsRunning}>Running…</Muted>
          {run.progress > 0 && <RunProgress percent={run.progress} />}
        </>
      )}
      {run?.status === 'fetching' && <Muted data-testid={testIds.sqlLab.resultsFetching}>Fetching results…</Muted>}
      {run?.status === 'stopped' && <Muted data-testid={testIds.sqlLab.resultsStopped}>Query was stopped</Muted>}
      {run?.status === 'failed' && <FailedRun run={run} />}
      {run?.status === 'success' && (
        <SuccessfulRun result={run.result} onCreateChart={onCreateChart} canDownloadCsv={canDownloadCsv} onQueryInNewTab={onQueryInNewTab} />
      )}
    </Pane>
  );
}

/**
 * A failed run: the typed display of the server's error where one exists ('Parameter error' with
 * its suggestions, 'Unable to parse SQL' with the line and a caret, 'Timeout error', the
 * database's error), else the message (spec 002 section 8).
 */
function FailedRun({ run }: { run: Extract<RunState, { status: 'failed' }> }): JSX.Element {
  const { error } = run;
  if (error !== undefined && run.heading === undefined && errorDisplayNameOf(error.error_type, 'sqllab') !== 'unexpected') {
    return (
      <div data-testid={testIds.sqlLab.resultsError}>
        <TypedErrorMessage error={error} source="sqllab" ownerNames={[]} sql={run.sql} />
      </div>
    );
  }
  return (
    <ErrorBox role="alert" data-testid={testIds.sqlLab.resultsError}>
      {run.heading !== undefined && <ErrorHeading>{run.heading}</ErrorHeading>}
      {run.message}
    </ErrorBox>
  );
}

/** The progress the engine reports for a running asynchronous run, as a bar and a percentage. */
function RunProgress({ percent }: { percent: number }): JSX.Element {
  return (
    <ProgressRow data-testid={testIds.sqlLab.resultsProgress}>
      <ProgressBar max={100} value={percent} aria-label="Query progress" />
      <span>{`${percent}%`}</span>
    </ProgressRow>
  );
}

interface SuccessfulRunProps {
  result: SqlLabResult;
  onCreateChart?: () => void;
  canDownloadCsv: boolean;
  onQueryInNewTab?: (query: SqlLabQuery) => void;
}

function SuccessfulRun({ result, onCreateChart, canDownloadCsv, onQueryInNewTab }: SuccessfulRunProps): JSX.Element {
  const { addToast } = useToasts();
  const { meta } = result;
  const createdNotice = createdObjectNotice(meta.query);
  const rows = result.rows.rowCount;
  const warning = truncationWarning(meta.query.limitingFactor, rows);
  const hasColumns = meta.columns.length > 0;

  function copyResults(): void {
    copyTextToClipboard(resultsAsTabSeparatedText(meta.columns, result.rows))
      .then(() => addToast('success', copiedMessage))
      .catch(() => addToast('danger', copyFailedMessage));
  }

  return (
    <>
      {createdNotice !== null && (
        <CreatedNotice role="status" data-testid={testIds.sqlLab.createdNotice}>
          <span>{createdNotice}</span>
          {onQueryInNewTab !== undefined && (
            <Button
              $variant="secondary"
              data-testid={testIds.sqlLab.queryCreatedInNewTab}
              onClick={() => onQueryInNewTab(meta.query)}
            >
              Query in a new tab
            </Button>
          )}
        </CreatedNotice>
      )}
      <Summary>
        <RowCount data-testid={testIds.sqlLab.rowCount}>{rowCountText(rows)}</RowCount>
        {warning !== null && <WarningText data-testid={testIds.sqlLab.truncationWarning}>{warning}</WarningText>}
        {hasColumns && (
          <Actions>
            {onCreateChart !== undefined && (
              <Button $variant="secondary" data-testid={testIds.sqlLab.createChartButton} onClick={onCreateChart}>
                Create chart
              </Button>
            )}
            {canDownloadCsv && (
              <Button as="a" $variant="secondary" data-testid={testIds.sqlLab.downloadCsvButton} href={sqlLabExportCsvPath(meta.query.id)}>
                Download to CSV
              </Button>
            )}
            <Button $variant="secondary" data-testid={testIds.sqlLab.copyResultsButton} onClick={copyResults}>
              Copy to Clipboard
            </Button>
          </Actions>
        )}
      </Summary>
      {hasColumns ? (
        <ResultGrid key={meta.query.id} columns={meta.columns} rows={result.rows} />
      ) : (
        <Muted>The query returned no data</Muted>
      )}
    </>
  );
}

const Pane = styled.section`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-height: 0;
`;

const PaneTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.m}px;
`;

const Summary = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  margin-left: auto;
`;

const CreatedNotice = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
  padding: ${({ theme }) => theme.gridUnit * 2}px ${({ theme }) => theme.gridUnit * 3}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const RowCount = styled.span`
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const WarningText = styled.span`
  color: ${({ theme }) => theme.colors.warning.dark[1]};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ProgressRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const ProgressBar = styled.progress`
  flex: 1;
  max-width: 480px;
  accent-color: ${({ theme }) => theme.colors.primary.base};
`;

const ErrorHeading = styled.strong`
  display: block;
`;

const ErrorBox = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.gridUnit * 3}px;
  border: 1px solid ${({ theme }) => theme.colors.error.base};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  color: ${({ theme }) => theme.colors.error.base};
  white-space: pre-wrap;
`;
