import { useState, type JSX, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { testIds } from '@/testIds';

/** The word the user types to confirm a delete (Superset's DeleteModal). */
export const deleteConfirmationWord = 'DELETE';

export interface ConfirmDeleteModalProps {
  /** "Are you sure you want to delete the selected charts?" */
  description: string;
  /** Shown under the description: what the delete breaks (a dataset's charts). */
  details?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Please confirm": the Delete button waits until "DELETE" is typed. */
export function ConfirmDeleteModal({ description, details, onConfirm, onClose }: ConfirmDeleteModalProps): JSX.Element {
  const [typed, setTyped] = useState('');
  const isConfirmed = typed.trim().toUpperCase() === deleteConfirmationWord;
  return (
    <Modal
      title="Please confirm"
      testId={testIds.listView.deleteModal}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button $variant="primary" disabled={!isConfirmed} data-testid={testIds.listView.deleteConfirm} onClick={onConfirm}>
            Delete
          </Button>
        </>
      }
    >
      <p>{description}</p>
      {details}
      <ConfirmInput
        aria-label="Delete confirmation"
        placeholder={`Type "${deleteConfirmationWord}" to confirm`}
        value={typed}
        data-testid={testIds.listView.deleteInput}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && isConfirmed) onConfirm();
        }}
      />
    </Modal>
  );
}

const ConfirmInput = styled.input`
  width: 100%;
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;
