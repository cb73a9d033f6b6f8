import { useCallback, useEffect, useMemo, useState } from 'react';
import { autoRefreshPeriodMs, staggerDelayMs, type RefreshSettings } from './autoRefresh';

export interface AutoRefresh {
  /** Counts the periodic refreshes: each chart re-runs (forced) when it grows, after its delay. */
  autoRefreshNumber: number;
  /** How long a chart waits after a periodic refresh starts; null for immune charts. */
  autoRefreshDelayMs: (chartId: number) => number | null;
}

/**
 * The dashboard's periodic refresh (spec 001 §4): every `max(refreshSeconds × 1000, stagger_time)`
 * ms when staggered (on by default), else every `refreshSeconds`; the charts that refresh
 * (`timed_refresh_immune_slices` left out) are spread evenly over `stagger_time`. Example: 10 s
 * and four charts with the default 5000 ms stagger: each 10 s, charts start at 0, 1250, 2500 and
 * 3750 ms.
 */
export function useAutoRefresh(refreshSeconds: number, settings: RefreshSettings, chartIds: readonly number[]): AutoRefresh {
  const [autoRefreshNumber, setAutoRefreshNumber] = useState(0);
  const periodMs = autoRefreshPeriodMs(refreshSeconds, settings);
  useEffect(() => {
    if (periodMs === null) return undefined;
    const timer = window.setInterval(() => setAutoRefreshNumber((number) => number + 1), periodMs);
    return () => window.clearInterval(timer);
  }, [periodMs]);
  const refreshedChartIds = useMemo(() => chartIds.filter((chartId) => !settings.immuneChartIds.has(chartId)), [chartIds, settings.immuneChartIds]);
  const autoRefreshDelayMs = useCallback(
    (chartId: number): number | null => {
      const index = refreshedChartIds.indexOf(chartId);
      if (settings.immuneChartIds.has(chartId)) return null;
      // A chart the list does not know yet (just added) refreshes first.
      return staggerDelayMs(Math.max(index, 0), refreshedChartIds.length, settings);
    },
    [refreshedChartIds, settings],
  );
  return { autoRefreshNumber, autoRefreshDelayMs };
}
