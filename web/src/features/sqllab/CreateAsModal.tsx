import { useState, type JSX } from 'react';
import styled from 'styled-components';
import type { CtasMethod } from '@/api/generated/CtasMethod';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { testIds } from '@/testIds';
import { createAsLabels, createAsPlaceholder } from './createAs';

export interface CreateAsModalProps {
  method: CtasMethod;
  onClose: () => void;
  /** Runs the tab's SQL as CREATE TABLE AS / CREATE VIEW AS under this name. */
  onCreate: (tableName: string) => void;
}

/** Superset's CREATE TABLE AS / CREATE VIEW AS dialog: a name, then Create runs the query. */
export function CreateAsModal({ method, onClose, onCreate }: CreateAsModalProps): JSX.Element {
  const [name, setName] = useState('');
  const isNameMissing = name.trim() === '';
  const footer = (
    <>
      <Button $variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button $variant="primary" data-testid={testIds.sqlLab.createAsSubmit} disabled={isNameMissing} onClick={() => onCreate(name.trim())}>
        Create
      </Button>
    </>
  );
  return (
    <Modal title={createAsLabels[method]} testId={testIds.sqlLab.createAsModal} footer={footer} onClose={onClose}>
      <Field>
        Name
        <input
          data-testid={testIds.sqlLab.createAsName}
          placeholder={createAsPlaceholder(method)}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
    </Modal>
  );
}

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  font-weight: 600;

  input {
    font: inherit;
    font-weight: normal;
    padding: ${({ theme }) => theme.gridUnit * 2}px;
  }
`;
