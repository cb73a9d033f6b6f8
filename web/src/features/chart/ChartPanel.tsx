import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type JSX } from 'react';
import styled, { keyframes } from 'styled-components';
import type { ChartDataArrowResult } from '@/api/chartData';
import { errorMessage } from '@/api/errors';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';
import { FormDataInvalidError } from './api';
import { readChartColumns } from './chartColumns';
import { TableChart } from './viz/table/TableChart';
import { ViewQueryModal } from './ViewQueryModal';

export const noResultsMessage = 'No results were returned for this query';
export const idleMessage = 'Add dimensions or metrics, then click "Update chart".';

export interface ChartPanelProps {
  chartData: UseQueryResult<ChartDataArrowResult[]>;
  hasRun: boolean;
}

function rowCountText(rowCount: number): string {
  return `${rowCount.toLocaleString('en-US')} ${rowCount === 1 ? 'row' : 'rows'}`;
}

/** The chart area: loading, error, empty or the chart, with the row count and "View query". */
export function ChartPanel({ chartData, hasRun }: ChartPanelProps): JSX.Element {
  const [isQueryVisible, setIsQueryVisible] = useState(false);
  const result = chartData.isFetching ? undefined : chartData.data?.[0];
  const columns = useMemo(() => (result === undefined ? [] : readChartColumns(result)), [result]);
  const resultError = result?.meta.error ?? null;

  function renderBody(): JSX.Element {
    if (!hasRun) return <Notice data-testid={testIds.chart.idle}>{idleMessage}</Notice>;
    if (chartData.isFetching || chartData.isPending) {
      return (
        <Notice data-testid={testIds.chart.loading} role="status">
          <Spinner aria-hidden />
          Loading…
        </Notice>
      );
    }
    if (chartData.isError) {
      const messages =
        chartData.error instanceof FormDataInvalidError
          ? chartData.error.controlErrors.map((controlError) => controlError.message)
          : [errorMessage(chartData.error)];
      return (
        <ErrorBox role="alert" data-testid={testIds.chart.error}>
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </ErrorBox>
      );
    }
    if (result === undefined) return <Notice data-testid={testIds.chart.empty}>{noResultsMessage}</Notice>;
    if (resultError !== null) {
      return (
        <ErrorBox role="alert" data-testid={testIds.chart.error}>
          <p>{resultError}</p>
        </ErrorBox>
      );
    }
    if (result.meta.rowcount === 0) return <Notice data-testid={testIds.chart.empty}>{noResultsMessage}</Notice>;
    return <TableChart columns={columns} rowCount={result.table.numRows} />;
  }

  return (
    <Panel data-testid={testIds.chart.panel} aria-label="Chart">
      <Toolbar>
        {result !== undefined && resultError === null && (
          <RowCount data-testid={testIds.chart.rowCount}>{rowCountText(result.meta.rowcount)}</RowCount>
        )}
        <Spacer />
        <Button
          $variant="secondary"
          disabled={result === undefined}
          data-testid={testIds.chart.viewQueryButton}
          onClick={() => setIsQueryVisible(true)}
        >
          View query
        </Button>
      </Toolbar>
      <Body>{renderBody()}</Body>
      {isQueryVisible && result !== undefined && (
        <ViewQueryModal sql={result.meta.query} onClose={() => setIsQueryVisible(false)} />
      )}
    </Panel>
  );
}

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
  padding: ${({ theme }) => theme.gridUnit * 4}px;
  background: ${({ theme }) => theme.colors.surface};
`;

const Toolbar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-height: 32px;
  margin-bottom: ${({ theme }) => theme.gridUnit * 2}px;
`;

const RowCount = styled.span`
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const Spacer = styled.div`
  flex: 1;
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;
`;

const Notice = styled.div`
  display: flex;
  flex: 1;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Spinner = styled.span`
  width: 18px;
  height: 18px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary.base};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const ErrorBox = styled.div`
  padding: ${({ theme }) => theme.gridUnit * 3}px ${({ theme }) => theme.gridUnit * 4}px;
  border: 1px solid ${({ theme }) => theme.colors.error.light[1]};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => (theme.algorithm === 'dark' ? theme.colors.surfaceMuted : theme.colors.error.light[4])};
  color: ${({ theme }) => (theme.algorithm === 'dark' ? theme.colors.error.light[1] : theme.colors.error.dark[1])};

  p {
    margin: 0;
    white-space: pre-wrap;
  }
`;
