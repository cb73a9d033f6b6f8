import type { JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';

export interface RowActionsProps {
  /** Names the row for assistive tools. */
  label: string;
  onEdit: () => void;
  /** The Delete link's action; or `deleteButton`, a list's own (`useRowDelete`'s). */
  onDelete?: () => void;
  deleteButton?: JSX.Element;
}

/** A list row's Edit and Delete links. */
export function RowActions({ label, onEdit, onDelete, deleteButton }: RowActionsProps): JSX.Element {
  return (
    <Actions>
      <Button $variant="link" aria-label={`Edit ${label}`} data-testid={testIds.annotationLayers.editRow} onClick={onEdit}>
        Edit
      </Button>
      {deleteButton ?? (
        <Button $variant="link" aria-label={`Delete ${label}`} data-testid={testIds.annotationLayers.deleteRow} onClick={onDelete}>
          Delete
        </Button>
      )}
    </Actions>
  );
}

const Actions = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
`;
