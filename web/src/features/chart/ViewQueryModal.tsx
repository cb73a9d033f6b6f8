import type { JSX, MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { copyWithToast } from '@/components/copyWithToast';
import { Modal, wideModalWidthPx } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { sqlLabDatasourceLink } from '@/features/sqllab/requestedQuery';
import { testIds } from '@/testIds';

export { copiedMessage, copyFailedMessage } from '@/components/copyWithToast';

export interface ViewQueryModalProps {
  sql: string;
  /** The chart's datasource key (`3__table`): "View in SQL Lab" opens its database and schema. */
  datasource: string;
  onClose: () => void;
}

/** The chart action "View query": the SQL that ran, with "Copy" and "View in SQL Lab". */
export function ViewQueryModal({ sql, datasource, onClose }: ViewQueryModalProps): JSX.Element {
  const { addToast } = useToasts();
  const navigate = useNavigate();

  // As in Superset, Ctrl or Cmd opens SQL Lab in a new window; a plain click navigates in the app.
  function viewInSqlLab(event: MouseEvent<HTMLButtonElement>): void {
    const link = sqlLabDatasourceLink(datasource, sql);
    if (event.ctrlKey || event.metaKey) {
      window.open(link, '_blank', 'noopener');
      return;
    }
    void navigate(link);
  }

  return (
    <Modal title="View query" width={wideModalWidthPx} isDraggable isResizable testId={testIds.viewQuery.modal} closeButtonTestId={testIds.viewQuery.closeButton} onClose={onClose}>
      <Toolbar>
        <Button $variant="secondary" data-testid={testIds.viewQuery.copyButton} onClick={() => void copyWithToast(sql, addToast)}>
          Copy
        </Button>
        {datasource !== '' && (
          <Button $variant="secondary" data-testid={testIds.viewQuery.sqlLabButton} onClick={viewInSqlLab}>
            View in SQL Lab
          </Button>
        )}
      </Toolbar>
      <Sql data-testid={testIds.viewQuery.sql}>{sql}</Sql>
    </Modal>
  );
}

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  margin-bottom: ${({ theme }) => theme.gridUnit * 2}px;
`;

const Sql = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.gridUnit * 3}px;
  overflow: auto;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-family: ${({ theme }) => theme.monospaceFontFamily};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  white-space: pre-wrap;
`;
