import type { JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { copyTextToClipboard } from '@/components/copyTextToClipboard';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';

export const copiedMessage = 'Copied to clipboard!';
export const copyFailedMessage = 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!';

/** The chart action "View query": the SQL that ran, with a copy button. */
export function ViewQueryModal({ sql, onClose }: { sql: string; onClose: () => void }): JSX.Element {
  const { addToast } = useToasts();

  async function copySql(): Promise<void> {
    try {
      await copyTextToClipboard(sql);
      addToast('success', copiedMessage);
    } catch {
      addToast('danger', copyFailedMessage);
    }
  }

  return (
    <Modal title="View query" testId={testIds.viewQuery.modal} closeButtonTestId={testIds.viewQuery.closeButton} onClose={onClose}>
      <Toolbar>
        <Button $variant="secondary" data-testid={testIds.viewQuery.copyButton} onClick={() => void copySql()}>
          Copy
        </Button>
      </Toolbar>
      <Sql data-testid={testIds.viewQuery.sql}>{sql}</Sql>
    </Modal>
  );
}

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
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
