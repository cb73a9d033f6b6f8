import { useEffect, useState } from 'react';
import { putJson } from '@/api/client';
import type { DashboardColors } from '@/api/generated/DashboardColors';
import { labelColorsOfCharts, subscribeLabelColors, watchChartLabelColors } from '@/features/chart/viz/labelColorRegistry';
import { colorsToSync, labelColorSyncDebounceMs, type DrawnLabelColors } from './dashboardColors';

/** `PUT /api/v1/dashboard/{id}/colors?mark_updated=false`: colours saved without marking the dashboard changed. */
export async function saveDashboardColors(dashboardId: number, colors: DashboardColors): Promise<void> {
  await putJson<unknown>(`/api/v1/dashboard/${dashboardId}/colors?mark_updated=false`, colors);
}

const noCharts: readonly number[] = [];
const nothingDrawn: DrawnLabelColors = new Map();

/**
 * The labels and colours `chartIds` draw, as they draw them (recorded only while `isWatching`).
 * Example: a pie and a bar chart both drawing "boy" give two entries holding "boy".
 */
function useDrawnLabelColors(chartIds: readonly number[], isWatching: boolean): DrawnLabelColors {
  const [drawn, setDrawn] = useState<DrawnLabelColors>(nothingDrawn);
  useEffect(() => {
    if (!isWatching || chartIds.length === 0) return undefined;
    const stopWatching = watchChartLabelColors(chartIds);
    const unsubscribe = subscribeLabelColors(() => setDrawn(labelColorsOfCharts(chartIds)));
    return () => {
      unsubscribe();
      stopWatching();
      setDrawn(nothingDrawn);
    };
  }, [chartIds, isWatching]);
  return drawn;
}

/**
 * The label-colour sync: for editors, the colours that are not in sync (the load rules, and the
 * labels the dashboard's charts draw: `map_label_colors`, `shared_label_colors`) are written back
 * 500 ms after the metadata or the drawn colours last changed (a later change restarts the wait).
 * `onSynced` gets the colours written.
 */
export function useLabelColorSync(
  dashboardId: number | undefined,
  jsonMetadata: string | null,
  canEdit: boolean,
  onSynced: (colors: DashboardColors) => void,
  chartIds: readonly number[] = noCharts,
): void {
  const drawn = useDrawnLabelColors(chartIds, dashboardId !== undefined && canEdit);
  useEffect(() => {
    if (dashboardId === undefined || !canEdit) return undefined;
    const colors = colorsToSync(jsonMetadata, drawn);
    if (colors === null) return undefined;
    const timer = window.setTimeout(() => {
      void saveDashboardColors(dashboardId, colors).then(
        () => onSynced(colors),
        (error: unknown) => console.warn('dashboard colours could not be synced', error),
      );
    }, labelColorSyncDebounceMs);
    return () => window.clearTimeout(timer);
  }, [dashboardId, jsonMetadata, canEdit, onSynced, drawn]);
}
