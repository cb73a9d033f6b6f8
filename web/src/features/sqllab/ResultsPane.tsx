import type { JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { copyTextToClipboard } from '@/components/copyTextToClipboard';
import { useToasts } from '@/components/toastContext';
import { copiedMessage, copyFailedMessage } from '@/features/chart/ViewQueryModal';
import { rowCountText } from '@/features/chart/rowCountText';
import { testIds } from '@/testIds';
import type { SqlLabResult } from './api';
import { isParameterError } from './parameterError';
import { ParameterErrorMessage } from './ParameterErrorMessage';
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
}

/** The south pane's Results tab: the last run's rows, its error, or its progress. */
export function ResultsPane({ run, title = 'Results', testId = testIds.sqlLab.results, onCreateChart }: ResultsPaneProps): JSX.Element {
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
      {run?.status === 'failed' &&
        (isParameterError(run.error) ? (
          <ParameterErrorMessage error={run.error} />
        ) : (
          <ErrorBox role="alert" data-testid={testIds.sqlLab.resultsError}>
            {run.heading !== undefined && <ErrorHeading>{run.heading}</ErrorHeading>}
            {run.message}
          </ErrorBox>
        ))}
      {run?.status === 'success' && <SuccessfulRun result={run.result} onCreateChart={onCreateChart} />}
    </Pane>
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

function SuccessfulRun({ result, onCreateChart }: { result: SqlLabResult; onCreateChart?: () => void }): JSX.Element {
  const { addToast } = useToasts();
  const { meta } = result;
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
