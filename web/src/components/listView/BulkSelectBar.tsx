import type { JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';

export interface BulkSelectBarProps {
  selectedCount: number;
  onDeselectAll: () => void;
  onDelete: () => void;
  /** Offers "Export" for the picked rows when given. */
  onExport?: () => void;
  onClose: () => void;
  /** Shows the "Add Tag" link (tagging enabled) when given. */
  onAddTag?: () => void;
}

/** The bulk selection bar: "%s Selected", then "Deselect all" and the bulk actions once a row is picked. */
export function BulkSelectBar({ selectedCount, onDeselectAll, onDelete, onExport, onClose, onAddTag }: BulkSelectBarProps): JSX.Element {
  return (
    <Bar data-testid={testIds.listView.bulkBar}>
      <strong data-testid={testIds.listView.selectedCount}>{`${selectedCount} Selected`}</strong>
      {selectedCount > 0 && (
        <>
          <Button $variant="link" data-testid={testIds.listView.deselectAll} onClick={onDeselectAll}>
            Deselect all
          </Button>
          <Button $variant="primary" data-testid={testIds.listView.bulkDelete} onClick={onDelete}>
            Delete
          </Button>
          {onExport !== undefined && (
            <Button $variant="primary" data-testid={testIds.importModal.bulkExport} onClick={onExport}>
              Export
            </Button>
          )}
          {onAddTag !== undefined && (
            <Button $variant="link" data-testid={testIds.tags.addTag} onClick={onAddTag}>
              Add Tag
            </Button>
          )}
        </>
      )}
      <Spacer />
      <Button $variant="link" aria-label="Close bulk select" onClick={onClose}>
        ✕
      </Button>
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  padding: ${({ theme }) => theme.gridUnit * 2}px ${({ theme }) => theme.gridUnit * 4}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.primary.light[4]};
  color: ${({ theme }) => theme.colors.text};
`;

const Spacer = styled.span`
  flex: 1;
`;
