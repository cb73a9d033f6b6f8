import type { JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { copyWithToast } from '@/components/copyWithToast';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';

export const cellContentTitle = 'Cell content';

export interface CellContentModalProps {
  /** The cell's value as the result holds it: what "Copy" copies. */
  value: string;
  /** What the dialog shows: the value, pretty-printed when it is JSON. */
  content: string;
  onClose: () => void;
}

/** Superset's 'Cell content' dialog: a long or structured cell in full, with a copy button. */
export function CellContentModal({ value, content, onClose }: CellContentModalProps): JSX.Element {
  const { addToast } = useToasts();
  return (
    <Modal
      title={cellContentTitle}
      testId={testIds.dataPane.cellContentModal}
      onClose={onClose}
      footer={
        <Button $variant="secondary" aria-label="Copy to clipboard" data-testid={testIds.dataPane.cellContentCopy} onClick={() => void copyWithToast(value, addToast)}>
          Copy
        </Button>
      }
    >
      <Content data-testid={testIds.dataPane.cellContentText}>{content}</Content>
    </Modal>
  );
}

const Content = styled.pre`
  margin: 0;
  font-family: ${({ theme }) => theme.monospaceFontFamily};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  white-space: pre-wrap;
  word-break: break-word;
`;
