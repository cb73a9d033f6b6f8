import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '@/api/errors';
import { queryKeys } from '@/api/queryKeys';
import { useToasts } from '@/components/toastContext';
import { bulkDelete, type ListResource } from './resourceListApi';

/** "There was an issue deleting the selected %s: %s". */
export function bulkDeleteFailedMessage(noun: string, reason: string): string {
  return `There was an issue deleting the selected ${noun}: ${reason}`;
}

/** Deletes the rows picked on a list page, toasts the server's message and reloads the list. */
export function useBulkDelete(resource: ListResource, noun: string): (rows: readonly { id: number }[]) => Promise<void> {
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  return useCallback(
    async (rows: readonly { id: number }[]) => {
      try {
        const message = await bulkDelete(
          resource,
          rows.map((row) => row.id),
        );
        addToast('success', message);
      } catch (error) {
        addToast('danger', bulkDeleteFailedMessage(noun, error instanceof ApiError ? error.message : String(error)));
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll(resource) });
    },
    [resource, noun, addToast, queryClient],
  );
}
