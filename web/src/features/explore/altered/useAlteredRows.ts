import { useEffect, useMemo, useState } from 'react';
import type { Chart } from '@/api/generated/Chart';
import type { Dataset } from '@/api/generated/Dataset';
import { loadChartDiff, type AlteredRow, type ChartDiff } from '@/wasm/chartDiff';
import type { ControlPanelDefinition } from '@/wasm/controlPanel';
import type { ExploreFormData } from '../exploreFormData';
import { diffControlDescriptions, savedChartFormData } from './chartChanges';

const noRows: AlteredRow[] = [];

/** The core's chart difference functions once loaded; null until then (or when loading failed). */
function useChartDiff(): ChartDiff | null {
  const [chartDiff, setChartDiff] = useState<ChartDiff | null>(null);
  useEffect(() => {
    let isMounted = true;
    loadChartDiff().then(
      (loaded) => {
        if (isMounted) setChartDiff(loaded);
      },
      (error: unknown) => {
        console.warn('chart difference rule failed to load', error);
      },
    );
    return () => {
      isMounted = false;
    };
  }, []);
  return chartDiff;
}

/**
 * The 'Chart changes' rows of the open chart: the controls of `formData` that differ from the
 * saved chart's params, labelled from the viz type's panel. None for a chart not saved yet.
 */
export function useAlteredRows(slice: Chart | null, dataset: Dataset, formData: ExploreFormData, panel: ControlPanelDefinition | null): AlteredRow[] {
  const chartDiff = useChartDiff();
  const savedFormData = useMemo(() => (slice === null ? null : savedChartFormData(slice, dataset)), [slice, dataset]);
  const controls = useMemo(() => diffControlDescriptions(panel), [panel]);
  return useMemo(() => {
    if (chartDiff === null || savedFormData === null) return noRows;
    try {
      return chartDiff.alteredRows(savedFormData, formData, controls);
    } catch (error) {
      console.warn('chart difference failed', error);
      return noRows;
    }
  }, [chartDiff, savedFormData, formData, controls]);
}
