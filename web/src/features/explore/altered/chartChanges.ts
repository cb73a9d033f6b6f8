import type { Chart } from '@/api/generated/Chart';
import type { Dataset } from '@/api/generated/Dataset';
import type { FormData } from '@/api/generated/FormData';
import type { ControlPanelDefinition, ControlType } from '@/wasm/controlPanel';
import type { DiffControlDescription } from '@/wasm/chartDiff';
import { initialExploreFormData, type ExploreFormData } from '../exploreFormData';

/** The table's page size (Superset's `AlteredSliceTag`). */
export const chartChangesPageSize = 50;

/** The Superset control type of each Quiver control type: the core formats values by it. */
const supersetControlTypes: Record<ControlType, string> = {
  metrics: 'MetricsControl',
  metric: 'MetricsControl',
  groupby: 'DndColumnSelect',
  columns: 'DndColumnSelect',
  column: 'DndColumnSelect',
  adhoc_filters: 'AdhocFilterControl',
  orderby: 'SelectControl',
  select: 'SelectControl',
  checkbox: 'CheckboxControl',
  number: 'TextControl',
  text: 'TextControl',
  text_area: 'TextAreaControl',
  slider: 'SliderControl',
  bounds: 'BoundsControl',
  color_scheme: 'ColorSchemeControl',
  linear_color_scheme: 'ColorSchemeControl',
  color_picker: 'ColorPickerControl',
  time_range: 'DateFilterControl',
  annotation_layers: 'AnnotationLayerControl',
  currency: 'CurrencyControl',
  column_config: 'ColumnConfigControl',
  conditional_formatting: 'ConditionalFormattingControl',
};

/** Controls Explore shows outside the viz type's panel, with the label Explore gives them. */
const controlsOutsideThePanel: Record<string, DiffControlDescription> = {
  viz_type: { label: 'Visualization type', type: 'VizTypeControl' },
};

/**
 * The labels and types of the controls the table names: the viz type's panel, keyed by form data
 * key. A control the panel does not describe shows its key.
 */
export function diffControlDescriptions(panel: ControlPanelDefinition | null): Record<string, DiffControlDescription> {
  const descriptions: Record<string, DiffControlDescription> = { ...controlsOutsideThePanel };
  for (const section of panel?.sections ?? []) {
    for (const control of section.controls) {
      descriptions[control.name] = { label: control.label, type: supersetControlTypes[control.type] };
    }
  }
  return descriptions;
}

function parsedParams(params: string | null): Record<string, unknown> {
  if (params === null) return {};
  try {
    const parsed: unknown = JSON.parse(params);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The saved chart's form data as Explore opens it (Superset's `slice.form_data`): its params with
 * the chart's viz type, datasource and id, and the defaults Explore adds to any form data.
 *
 * `{params: '{"metrics": ["count"]}', viz_type: 'table', id: 7, datasource_id: 3}` gives
 * `{metrics: ['count'], viz_type: 'table', datasource: '3__table', slice_id: 7, row_limit: 1000, ...}`.
 */
export function savedChartFormData(slice: Chart, dataset: Dataset): ExploreFormData {
  const datasource = `${slice.datasource_id ?? dataset.id}__${slice.datasource_type ?? 'table'}`;
  const saved: FormData = { ...parsedParams(slice.params), viz_type: slice.viz_type, datasource, slice_id: slice.id };
  return initialExploreFormData(dataset, saved);
}
