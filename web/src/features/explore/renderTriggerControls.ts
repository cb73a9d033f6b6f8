import { annotationLayersQueryPart } from '@/features/chart/annotations/annotationLayerEntries';
import type { ControlPanelDefinition } from '@/wasm/controlPanel';
import type { ExploreFormData } from './exploreFormData';

/** The names of the controls that only change the drawing (`renderTrigger`). */
export function renderTriggerControlNames(panel: ControlPanelDefinition | null): ReadonlySet<string> {
  const names = new Set<string>();
  for (const section of panel?.sections ?? []) {
    for (const control of section.controls) {
      if (control.renderTrigger) names.add(control.name);
    }
  }
  return names;
}

/** The form data key carrying the chart's own state (Superset's `ownState`), never a control. */
export const ownStateKey = 'own_state';

/** JSON with object keys sorted, so that two equal form datas give the same text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) => {
    if (nested === null || typeof nested !== 'object' || Array.isArray(nested)) return nested;
    const entries = Object.entries(nested as Record<string, unknown>).sort(([left], [right]) => left.localeCompare(right));
    return Object.fromEntries(entries);
  });
}

/**
 * What the query depends on: every control but the render triggers. `annotation_layers` redraws
 * the chart, but the native layers among them are records the query brings, so they count.
 */
function queryPart(formData: ExploreFormData, renderTriggerNames: ReadonlySet<string>): Record<string, unknown> {
  // The chart's own state (a server-paginated table's page) is the chart's, not a control.
  const part = Object.fromEntries(
    Object.entries(formData).filter(([key, value]) => !renderTriggerNames.has(key) && key !== ownStateKey && value !== undefined),
  );
  if (renderTriggerNames.has('annotation_layers')) part.annotation_layers = annotationLayersQueryPart(formData.annotation_layers);
  return part;
}

/**
 * True when the chart shown no longer answers the controls: a control that is not a render
 * trigger differs from the form data of the last run. Changing `color_scheme` and back is not
 * stale; neither is a formula annotation layer, while a native one is.
 */
export function isQueryStale(runFormData: ExploreFormData, formData: ExploreFormData, renderTriggerNames: ReadonlySet<string>): boolean {
  return canonicalJson(queryPart(runFormData, renderTriggerNames)) !== canonicalJson(queryPart(formData, renderTriggerNames));
}

/**
 * The form data the chart draws with: the last run's, with the current values of the render
 * trigger controls, so those redraw the chart without a new query. A run of another viz type
 * keeps its own values.
 */
export function renderedFormData(
  runFormData: ExploreFormData,
  formData: ExploreFormData,
  renderTriggerNames: ReadonlySet<string>,
): ExploreFormData {
  if (runFormData.viz_type !== formData.viz_type) return runFormData;
  const drawing = Object.fromEntries(Object.entries(formData).filter(([key]) => renderTriggerNames.has(key)));
  return { ...runFormData, ...drawing };
}
