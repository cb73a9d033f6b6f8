import { useState } from 'react';

export interface LegendToggle {
  hiddenLabels: ReadonlySet<string>;
  /** Hides a shown label or shows a hidden one, as a click on an ECharts legend item does. */
  toggle: (label: string) => void;
}

/** The legend items a reader has switched off, for `ChartFrame`'s `hiddenLabels` and `onLegendToggle`. */
export function useLegendToggle(): LegendToggle {
  const [hiddenLabels, setHiddenLabels] = useState<ReadonlySet<string>>(new Set());
  const toggle = (label: string): void =>
    setHiddenLabels((current) => {
      const next = new Set(current);
      if (!next.delete(label)) next.add(label);
      return next;
    });
  return { hiddenLabels, toggle };
}
