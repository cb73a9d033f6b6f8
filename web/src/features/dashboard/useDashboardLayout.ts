import { useEffect, useMemo, useState } from 'react';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { placeMissingCharts } from '@/wasm/dashboardLayout';
import { isLayoutComplete, layoutFromDocument, parsePositionJson, type DashboardLayout } from './dashboardLayout';

interface StoredLayout {
  document: unknown;
  layout: DashboardLayout;
  isComplete: boolean;
}

/**
 * The layout to paint: the stored one when it has a root and every chart; otherwise the core's
 * load rule fills it in (root and grid, missing charts in new rows) once the Wasm core is there.
 */
export function useDashboardLayout(dashboard: Dashboard | undefined, charts: DashboardChart[] | undefined): DashboardLayout | null {
  // Keyed on the layout text, not the dashboard: a metadata-only change (the label-colour sync
  // keeping its colours) must not restart an edit session over a "new" layout.
  const positionJson = dashboard?.position_json;
  const isLoaded = dashboard !== undefined;
  const stored = useMemo<StoredLayout | null>(() => {
    if (!isLoaded || charts === undefined) return null;
    const document = parsePositionJson(positionJson ?? null);
    const layout = layoutFromDocument(document);
    return { document, layout, isComplete: isLayoutComplete(layout, charts) };
  }, [isLoaded, positionJson, charts]);
  const [filled, setFilled] = useState<{ source: StoredLayout; layout: DashboardLayout } | null>(null);

  useEffect(() => {
    if (stored === null || stored.isComplete || charts === undefined) return undefined;
    let isCurrent = true;
    const placements = charts.map((chart) => ({ id: chart.id, name: chart.slice_name }));
    placeMissingCharts(stored.document ?? {}, placements).then(
      (document) => {
        if (isCurrent) setFilled({ source: stored, layout: layoutFromDocument(document) });
      },
      (error: unknown) => console.warn('dashboard layout could not be completed', error),
    );
    return () => {
      isCurrent = false;
    };
  }, [stored, charts]);

  if (stored === null) return null;
  if (stored.isComplete) return stored.layout;
  return filled?.source === stored ? filled.layout : null;
}
