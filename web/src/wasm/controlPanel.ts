/**
 * The control panel quiver-core describes (`controlPanel(vizType)`, `vizTypes()`), in the shape
 * core-wasm/src/controls/model.rs serializes it. These are not wire types: they cross the Wasm
 * edge only, so they are written here once, next to the functions that return them.
 */

/** What kind of input a control is (model.rs `ControlType`, snake_case). */
export type ControlType =
  | 'metrics'
  | 'metric'
  | 'groupby'
  | 'columns'
  | 'column'
  | 'adhoc_filters'
  | 'orderby'
  | 'select'
  | 'checkbox'
  | 'number'
  | 'text'
  | 'text_area'
  | 'slider'
  | 'bounds'
  | 'color_scheme'
  | 'linear_color_scheme'
  | 'color_picker'
  | 'time_range'
  | 'annotation_layers'
  | 'currency'
  | 'column_config'
  | 'conditional_formatting';

/** A choice of a select: Superset's `[value, label]` pair. */
export type ControlChoice = readonly [value: unknown, label: string];

/** A check on a control's value; quiver-core's `validateFormData` runs it. */
export type ControlValidator =
  | { kind: 'nonEmpty' }
  | { kind: 'integer' }
  | { kind: 'number' }
  | { kind: 'maxValue'; maximum: number };

/** When a control is shown; absent means always. */
export type ControlVisibility =
  | { when: 'isSet'; control: string }
  | { when: 'isNotSet'; control: string }
  | { when: 'isOneOf'; control: string; values: unknown[] }
  | { when: 'isNoneOf'; control: string; values: unknown[] }
  | { when: 'all'; conditions: ControlVisibility[] };

/** One control; `name` is the form data key it writes. */
export interface ControlDefinition {
  name: string;
  type: ControlType;
  label: string;
  description?: string;
  /** The value a new chart starts with; null when the control starts empty. */
  default: unknown;
  choices?: ControlChoice[];
  freeForm: boolean;
  multi: boolean;
  clearable: boolean;
  validators?: ControlValidator[];
  /** Changing the control redraws the chart without a new query. */
  renderTrigger: boolean;
  visibility?: ControlVisibility;
}

export type PanelTab = 'data' | 'customize';

export interface ControlSectionDefinition {
  label: string;
  tab: PanelTab;
  expanded: boolean;
  description?: string;
  controls: ControlDefinition[];
}

export interface ControlPanelDefinition {
  vizType: string;
  sections: ControlSectionDefinition[];
}

/** A chart of the gallery (`vizTypes()`), in gallery order. */
export interface VizTypeMeta {
  key: string;
  name: string;
  category: string;
  tags: string[];
}

/** `pruneFormData`'s answer: the form data and the values it dropped. */
export interface PrunedFormData<F> {
  formData: F;
  dropped: { control: string; value: unknown }[];
}
