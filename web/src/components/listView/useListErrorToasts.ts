import { useEffect } from 'react';
import type { ApiError } from '@/api/errors';
import { useResourceInfo, type PermissionResource } from '@/api/resourcePermissions';
import { useToasts } from '@/components/toastContext';
import { infoFetchFailedMessage, listFetchFailedMessage } from './resourceMessages';

/** How a list page names its rows in messages: "chart" and "charts". */
export interface ResourceLabels {
  label: string;
  plural: string;
}

/** Shows a danger toast with `text` each time `error` becomes a new failure. */
export function useErrorToast(error: unknown, text: string | null): void {
  const { addToast } = useToasts();
  useEffect(() => {
    if (error !== null && text !== null) addToast('danger', text);
  }, [error, text, addToast]);
}

/**
 * The danger toasts of a list page (spec 000 section 8): "An error occurred while fetching %s
 * info: %s" when `_info` fails, "An error occurred while fetching %ss: %s" when the list does.
 * `listMessage` replaces the second where the page says something else for some failures.
 */
export function useListErrorToasts(
  resource: PermissionResource,
  labels: ResourceLabels,
  listError: ApiError | null,
  listMessage: (error: ApiError) => string = (error) => listFetchFailedMessage(labels.plural, error.message),
): void {
  const info = useResourceInfo(resource);
  useErrorToast(info.error, info.error === null ? null : infoFetchFailedMessage(labels.label, info.error.message));
  useErrorToast(listError, listError === null ? null : listMessage(listError));
}
