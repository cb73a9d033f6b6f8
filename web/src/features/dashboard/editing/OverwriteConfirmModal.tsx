import type { JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { Modal, wideModalWidthPx } from '@/components/Modal';
import { testIds } from '@/testIds';
import {
  cancelOverwriteButtonLabel,
  confirmOverwriteButtonLabel,
  confirmOverwriteQuestion,
  confirmOverwriteTitle,
  lastUpdatedTitle,
  newValueTitle,
  type OverwriteConfirmation,
} from './overwriteConfirm';

export interface OverwriteConfirmModalProps {
  confirmation: OverwriteConfirmation;
  isSaving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The fields an overwrite would change on a dashboard changed since it was read: the server's value beside the new one. */
export function OverwriteConfirmModal({ confirmation, isSaving, onConfirm, onCancel }: OverwriteConfirmModalProps): JSX.Element {
  const updated = lastUpdatedTitle.replace('%s', confirmation.updatedAt).replace('%s', confirmation.updatedBy);
  return (
    <Modal
      title={confirmOverwriteTitle}
      width={wideModalWidthPx}
      isMaskClosable={false}
      testId={testIds.dashboardEdit.overwriteConfirmModal}
      onClose={onCancel}
      footer={
        <>
          <Button $variant="secondary" data-testid={testIds.dashboardEdit.overwriteCancelButton} onClick={onCancel}>
            {cancelOverwriteButtonLabel}
          </Button>
          <Button $variant="primary" disabled={isSaving} data-testid={testIds.dashboardEdit.overwriteConfirmButton} onClick={onConfirm}>
            {confirmOverwriteButtonLabel}
          </Button>
        </>
      }
    >
      <Question>{confirmOverwriteQuestion}</Question>
      {confirmation.items.map((item) => (
        <Item key={item.keyPath} data-testid={testIds.dashboardEdit.overwriteConfirmItem} data-key-path={item.keyPath}>
          <KeyPath>{item.keyPath}</KeyPath>
          <Sides>
            <Side>
              <SideTitle>{updated}</SideTitle>
              <Value data-side="old">{item.oldValue}</Value>
            </Side>
            <Side>
              <SideTitle>{newValueTitle}</SideTitle>
              <Value data-side="new">{item.newValue}</Value>
            </Side>
          </Sides>
        </Item>
      ))}
    </Modal>
  );
}

const Question = styled.h2`
  margin: 0 0 ${({ theme }) => theme.gridUnit * 3}px;
  font-size: ${({ theme }) => theme.fontSizes.l}px;
`;

const Item = styled.section`
  margin-bottom: ${({ theme }) => theme.gridUnit * 3}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const KeyPath = styled.h3`
  margin: 0;
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit}px`};
  font-size: ${({ theme }) => theme.fontSizes.m}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Sides = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
`;

const Side = styled.div`
  min-width: 0;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
`;

const SideTitle = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Value = styled.pre`
  margin: 0;
  font-size: 11px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
