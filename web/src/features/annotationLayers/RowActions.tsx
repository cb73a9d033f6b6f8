import type { JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';

/** A list row's Edit and Delete links; `label` names the row for assistive tools. */
export function RowActions({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }): JSX.Element {
  return (
    <Actions>
      <Button $variant="link" aria-label={`Edit ${label}`} data-testid={testIds.annotationLayers.editRow} onClick={onEdit}>
        Edit
      </Button>
      <Button $variant="link" aria-label={`Delete ${label}`} data-testid={testIds.annotationLayers.deleteRow} onClick={onDelete}>
        Delete
      </Button>
    </Actions>
  );
}

const Actions = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
`;
