import type { JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { testIds } from '@/testIds';
import { unsavedChangesMessage, type PendingLeave } from './useUnsavedChangesGuard';

export const unsavedChangesTitle = 'Unsaved changes';
export const discardChangesLabel = 'Discard';
export const leavePageLabel = 'Leave page';
export const keepEditingLabel = 'Keep editing';

export interface UnsavedChangesModalProps {
  pendingLeave: PendingLeave;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'You have unsaved changes.': the edits are discarded (or the page left) only when confirmed. */
export function UnsavedChangesModal({ pendingLeave, onConfirm, onCancel }: UnsavedChangesModalProps): JSX.Element {
  return (
    <Modal
      title={unsavedChangesTitle}
      isMaskClosable={false}
      testId={testIds.dashboardEdit.unsavedChangesModal}
      onClose={onCancel}
      footer={
        <>
          <Button $variant="secondary" data-testid={testIds.dashboardEdit.unsavedChangesStayButton} onClick={onCancel}>
            {keepEditingLabel}
          </Button>
          <Button $variant="primary" data-testid={testIds.dashboardEdit.unsavedChangesLeaveButton} onClick={onConfirm}>
            {pendingLeave === 'discard' ? discardChangesLabel : leavePageLabel}
          </Button>
        </>
      }
    >
      <Message>{unsavedChangesMessage}</Message>
    </Modal>
  );
}

const Message = styled.p`
  margin: 0;
`;
