import { useEffect } from 'react';
import { putJson } from '@/api/client';
import type { DashboardColors } from '@/api/generated/DashboardColors';
import { colorsToSync, labelColorSyncDebounceMs } from './dashboardColors';

/** `PUT /api/v1/dashboard/{id}/colors?mark_updated=false`: colours saved without marking the dashboard changed. */
export async function saveDashboardColors(dashboardId: number, colors: DashboardColors): Promise<void> {
  await putJson<unknown>(`/api/v1/dashboard/${dashboardId}/colors?mark_updated=false`, colors);
}

/**
 * The label-colour sync: for editors, the colours that do not follow the load rules are written
 * back 500 ms after the metadata last changed (a later change restarts the wait). `onSynced`
 * gets the colours written.
 */
export function useLabelColorSync(
  dashboardId: number | undefined,
  jsonMetadata: string | null,
  canEdit: boolean,
  onSynced: (colors: DashboardColors) => void,
): void {
  useEffect(() => {
    if (dashboardId === undefined || !canEdit) return undefined;
    const colors = colorsToSync(jsonMetadata);
    if (colors === null) return undefined;
    const timer = window.setTimeout(() => {
      void saveDashboardColors(dashboardId, colors).then(
        () => onSynced(colors),
        (error: unknown) => console.warn('dashboard colours could not be synced', error),
      );
    }, labelColorSyncDebounceMs);
    return () => window.clearTimeout(timer);
  }, [dashboardId, jsonMetadata, canEdit, onSynced]);
}
