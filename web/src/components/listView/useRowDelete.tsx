import { useQueryClient } from '@tanstack/react-query';
import { useState, type JSX } from 'react';
import { apiFetch } from '@/api/client';
import { errorMessage } from '@/api/errors';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { deletedMessage, deleteFailedMessage, deleteFailedWithErrorMessage } from './resourceMessages';
import type { ListResource } from './resourceListApi';

/**
 * How a failed delete reads (spec 001 section 8): Superset names only the title for charts
 * ("There was an issue deleting: {title}") and adds the server's error for dashboards and saved
 * queries ("There was an issue deleting {title}: {error}").
 */
export type DeleteFailureText = 'title' | 'titleAndError';

/** The row a list offers to delete, by id and by the title the toasts name. */
export interface RowDeleteTarget {
  id: number;
  title: string;
}

export interface RowDelete {
  /** The row's "Delete" action. */
  deleteButton: (target: RowDeleteTarget) => JSX.Element;
  /** The "Please confirm" dialog while a delete waits for "DELETE"; null otherwise. */
  confirmModal: JSX.Element | null;
}

/** `DELETE /api/v1/{resource}/{id}`. */
export async function deleteResource(resource: ListResource, id: number): Promise<void> {
  await apiFetch(`/api/v1/${resource}/${id}`, { method: 'DELETE' });
}

/** One row's delete on a list page: confirm, delete, toast "Deleted: {title}" or the failure, reload the list. */
export function useRowDelete(resource: ListResource, failureText: DeleteFailureText): RowDelete {
  const [pending, setPending] = useState<RowDeleteTarget | null>(null);
  const { addToast } = useToasts();
  const queryClient = useQueryClient();

  async function confirm(target: RowDeleteTarget): Promise<void> {
    setPending(null);
    try {
      await deleteResource(resource, target.id);
      addToast('success', deletedMessage(target.title));
    } catch (error) {
      addToast('danger', failureText === 'title' ? deleteFailedMessage(target.title) : deleteFailedWithErrorMessage(target.title, errorMessage(error)));
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll(resource) });
  }

  const deleteButton = (target: RowDeleteTarget): JSX.Element => (
    <Button $variant="link" aria-label={`Delete ${target.title}`} title="Delete" data-testid={testIds.listView.rowDelete} onClick={() => setPending(target)}>
      Delete
    </Button>
  );
  const confirmModal =
    pending === null ? null : (
      <ConfirmDeleteModal description={`Are you sure you want to delete ${pending.title}?`} onConfirm={() => void confirm(pending)} onClose={() => setPending(null)} />
    );
  return { deleteButton, confirmModal };
}
