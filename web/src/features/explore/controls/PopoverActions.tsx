import type { JSX } from 'react';
import { Button } from '@/components/Button';
import { Actions } from './controlPopoverParts';

export interface PopoverActionsProps {
  canSave: boolean;
  saveTestId: string;
  onClose: () => void;
  onSave: () => void;
}

/** The Close / Save row of an adhoc control popover. */
export function PopoverActions({ canSave, saveTestId, onClose, onSave }: PopoverActionsProps): JSX.Element {
  return (
    <Actions>
      <Button $variant="secondary" onClick={onClose}>
        Close
      </Button>
      <Button $variant="primary" disabled={!canSave} data-testid={saveTestId} onClick={onSave}>
        Save
      </Button>
    </Actions>
  );
}
