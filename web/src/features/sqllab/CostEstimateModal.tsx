import { useQuery } from '@tanstack/react-query';
import type { JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { SqlLabEstimatePayload } from '@/api/generated/SqlLabEstimatePayload';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { testIds } from '@/testIds';
import { estimateQueryCost } from './api';

export interface CostEstimateModalProps {
  /** What to estimate: the tab's database, schema, SQL and template parameters at the click. */
  payload: SqlLabEstimatePayload;
  onClose: () => void;
}

/** The labels of every statement's figures, in first-seen order. */
export function estimateColumns(rows: ReadonlyArray<Partial<Record<string, string>>>): string[] {
  const labels: string[] = [];
  for (const row of rows) {
    for (const label of Object.keys(row)) {
      if (!labels.includes(label)) labels.push(label);
    }
  }
  return labels;
}

/**
 * 'Query cost estimate': the engine's planner figures for each statement of the tab's SQL, never
 * running it; the request starts when the dialog opens, and a failure is shown in its place.
 */
export function CostEstimateModal({ payload, onClose }: CostEstimateModalProps): JSX.Element {
  const estimate = useQuery({
    queryKey: ['sqllab-estimate', payload],
    queryFn: () => estimateQueryCost(payload),
    retry: false,
    gcTime: 0,
  });
  const rows = estimate.data ?? [];
  const columns = estimateColumns(rows);
  const footer = (
    <Button $variant="secondary" onClick={onClose}>
      Close
    </Button>
  );

  return (
    <Modal title="Query cost estimate" testId={testIds.sqlLab.estimateModal} footer={footer} width={600} onClose={onClose}>
      {estimate.isPending && <Muted role="status">Estimating the cost…</Muted>}
      {estimate.isError && (
        <ErrorText role="alert" data-testid={testIds.sqlLab.estimateError}>
          {errorMessage(estimate.error)}
        </ErrorText>
      )}
      {estimate.isSuccess && columns.length === 0 && <Muted>The planner gave no figures for these statements.</Muted>}
      {estimate.isSuccess && columns.length > 0 && (
        <Table data-testid={testIds.sqlLab.estimateTable}>
          <thead>
            <tr>
              {rows.length > 1 && <th scope="col">Statement</th>}
              {columns.map((label) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {rows.length > 1 && <td>{index + 1}</td>}
                {columns.map((label) => (
                  <td key={label} data-label={label}>
                    {row[label] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Modal>
  );
}

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error.base};
  white-space: pre-wrap;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;

  th,
  td {
    padding: ${({ theme }) => theme.gridUnit * 2}px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }

  td[data-label] {
    font-variant-numeric: tabular-nums;
  }
`;
