import type { JSX } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import type { ChartResultsState } from '@/features/explore/dataPane/chartResultsState';
import { ResultsPane } from '@/features/explore/dataPane/ResultsPane';
import { testIds } from '@/testIds';

/** Superset's title of the dashboard chart's "View as table" dialog. */
export function viewAsTableTitle(chartName: string): string {
  return `Chart Data: ${chartName}`;
}

export interface ViewAsTableModalProps {
  chartName: string;
  /** The chart's own results (with the dashboard's filters): the rows it draws, not fetched again. */
  results: ChartResultsState;
  /** Where "Edit chart" goes: the chart in Explore. */
  explorePath: string;
  onClose: () => void;
}

/**
 * The dashboard chart menu's "View as table": Explore's Results grid (count, search, copy) in a
 * dialog, with Superset's "Edit chart" and "Close".
 */
export function ViewAsTableModal({ chartName, results, explorePath, onClose }: ViewAsTableModalProps): JSX.Element {
  const navigate = useNavigate();
  const footer = (
    <>
      <Button $variant="secondary" onClick={() => void navigate(explorePath)}>
        Edit chart
      </Button>
      <Button $variant="primary" onClick={onClose}>
        Close
      </Button>
    </>
  );
  return (
    <Modal title={viewAsTableTitle(chartName)} testId={testIds.dashboard.viewAsTableModal} width={1000} onClose={onClose} footer={footer}>
      <TableArea>
        <ResultsPane state={results} />
      </TableArea>
    </Modal>
  );
}

/** A fixed height: the grid's header stays while its virtualised rows scroll. */
const TableArea = styled.div`
  display: flex;
  flex-direction: column;
  height: min(520px, 60vh);
`;
