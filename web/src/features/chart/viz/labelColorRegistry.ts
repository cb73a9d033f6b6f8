/**
 * The colours dashboard charts give their labels (Superset's `LabelsColorMap`): a dashboard
 * watches its charts, each categorical scale of a watched chart records the colour of every
 * label it draws, and the dashboard reads them to sync `map_label_colors` and
 * `shared_label_colors`. Charts nobody watches (Explore) record nothing.
 */

type Listener = () => void;

const watchedChartIds = new Map<number, number>();
const colorsByChart = new Map<number, Map<string, string>>();
const listeners = new Set<Listener>();
let isNotifyScheduled = false;

/** Listeners hear of new colours once the drawing that recorded them is over (never during a render). */
function scheduleNotify(): void {
  if (isNotifyScheduled) return;
  isNotifyScheduled = true;
  void Promise.resolve().then(() => {
    isNotifyScheduled = false;
    for (const listener of listeners) listener();
  });
}

/**
 * Starts recording the colours of `chartIds`, from scratch; the returned function stops it (and
 * forgets them once no dashboard watches them).
 */
export function watchChartLabelColors(chartIds: readonly number[]): () => void {
  for (const chartId of chartIds) {
    watchedChartIds.set(chartId, (watchedChartIds.get(chartId) ?? 0) + 1);
    colorsByChart.delete(chartId);
  }
  return () => {
    for (const chartId of chartIds) {
      const count = (watchedChartIds.get(chartId) ?? 1) - 1;
      if (count > 0) {
        watchedChartIds.set(chartId, count);
        continue;
      }
      watchedChartIds.delete(chartId);
      colorsByChart.delete(chartId);
    }
  };
}

/** Records that chart `chartId` drew `label` in `color` (ignored unless a dashboard watches the chart). */
export function recordLabelColor(chartId: number, label: string, color: string): void {
  if (!watchedChartIds.has(chartId)) return;
  let colors = colorsByChart.get(chartId);
  if (colors === undefined) {
    colors = new Map();
    colorsByChart.set(chartId, colors);
  }
  if (colors.get(label) === color) return;
  colors.set(label, color);
  scheduleNotify();
}

/** The labels and colours each of `chartIds` has drawn, in the order given (charts with none left out). */
export function labelColorsOfCharts(chartIds: readonly number[]): Map<number, ReadonlyMap<string, string>> {
  const drawn = new Map<number, ReadonlyMap<string, string>>();
  for (const chartId of chartIds) {
    const colors = colorsByChart.get(chartId);
    if (colors !== undefined && colors.size > 0) drawn.set(chartId, new Map(colors));
  }
  return drawn;
}

/** Calls `listener` after charts record new colours; the returned function unsubscribes. */
export function subscribeLabelColors(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
