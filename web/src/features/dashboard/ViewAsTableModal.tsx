import type { JSX } from 'react';
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
  onClose: () => void;
}

/** The dashboard chart menu's "View as table": Explore's Results grid (count, search, copy) in a dialog. */
export function ViewAsTableModal({ chartName, results, onClose }: ViewAsTableModalProps): JSX.Element {
  return (
    <Modal
      title={viewAsTableTitle(chartName)}
      testId={testIds.dashboard.viewAsTableModal}
      width={1000}
      onClose={onClose}
      footer={
        <Button $variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
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
