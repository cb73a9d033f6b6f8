/**
 * Editing one entry of `annotation_layers` (Superset's annotation layer popover): the form's
 * state, its checks, and the entry it saves, with Superset's keys and defaults.
 */
import type { AnnotationLayerEntry } from '@/api/generated/AnnotationLayerEntry';
import { annotationTypes, lineSourceType, nativeSourceType, type AnnotationStyle } from '@/features/chart/annotations/annotationLayerEntries';
import { formulaProblem } from '@/features/chart/annotations/formulaExpression';

/**
 * The types Quiver's form offers: a formula, events and intervals of a saved annotation layer, or
 * a time series from a saved line chart.
 */
export type EditableAnnotationType =
  | typeof annotationTypes.formula
  | typeof annotationTypes.event
  | typeof annotationTypes.interval
  | typeof annotationTypes.timeSeries;

export const annotationTypeLabels: Readonly<Record<EditableAnnotationType, string>> = {
  FORMULA: 'Formula',
  EVENT: 'Event',
  INTERVAL: 'Interval',
  TIME_SERIES: 'Time series',
};

/** Superset's label of the `NATIVE` source. */
export const nativeSourceLabel = 'Superset annotation';

/** Superset's label of the `line` source (a time series from a saved line chart). */
export const lineSourceLabel = 'Line Chart';

export const annotationStyleLabels: Readonly<Record<AnnotationStyle, string>> = {
  solid: 'Solid',
  dashed: 'Dashed',
  longDashed: 'Long dashed',
  dotted: 'Dotted',
};

/** Superset's opacity choices: '' is the type's default. */
export const annotationOpacityChoices: readonly (readonly [value: string, label: string])[] = [
  ['', 'Default'],
  ['opacityLow', '0.2'],
  ['opacityMedium', '0.5'],
  ['opacityHigh', '0.8'],
];

export const nameRequiredMessage = 'Name is required';
export const duplicateNameMessage = 'An annotation layer with this name already exists';
export const formulaRequiredMessage = 'Formula is required';
export const layerRequiredMessage = 'Choose an annotation layer';
export const chartRequiredMessage = 'Choose a chart';

/** The form's state. `value` is the formula text, or the picked layer's id as text. */
export interface AnnotationLayerDraft {
  name: string;
  annotationType: EditableAnnotationType;
  value: string;
  show: boolean;
  showLabel: boolean;
  /** null picks the next colour of the chart's scheme. */
  color: string | null;
  opacity: string;
  style: AnnotationStyle;
  width: number;
  /** A time series' dots at its points (Superset's `showMarkers`). */
  showMarkers: boolean;
  /** The entry being edited, so that keys this form does not show are kept. */
  original: AnnotationLayerEntry | null;
}

function editableType(annotationType: string): EditableAnnotationType {
  switch (annotationType) {
    case annotationTypes.event:
    case annotationTypes.interval:
    case annotationTypes.timeSeries:
      return annotationType;
    default:
      return annotationTypes.formula;
  }
}

/** What a type's `value` is: a formula's text, a saved layer's id or a saved chart's id. */
function valueKind(annotationType: EditableAnnotationType): 'formula' | 'layer' | 'chart' {
  if (annotationType === annotationTypes.formula) return 'formula';
  return annotationType === annotationTypes.timeSeries ? 'chart' : 'layer';
}

function editableStyle(style: string | undefined): AnnotationStyle {
  return style === 'dashed' || style === 'longDashed' || style === 'dotted' ? style : 'solid';
}

/** A new layer with Superset's defaults: a shown, solid formula of width 1 in the automatic colour. */
export function newAnnotationLayerDraft(): AnnotationLayerDraft {
  return {
    name: '',
    annotationType: annotationTypes.formula,
    value: '',
    show: true,
    showLabel: false,
    color: null,
    opacity: '',
    style: 'solid',
    width: 1,
    showMarkers: false,
    original: null,
  };
}

export function draftFromEntry(entry: AnnotationLayerEntry): AnnotationLayerDraft {
  return {
    name: entry.name,
    annotationType: editableType(entry.annotationType),
    value: String(entry.value),
    show: entry.show,
    showLabel: entry.showLabel === true,
    color: entry.color ?? null,
    opacity: entry.opacity ?? '',
    style: editableStyle(entry.style),
    width: entry.width ?? 1,
    showMarkers: entry.showMarkers === true,
    original: entry,
  };
}

/** Another type: a formula, a layer id and a chart id mean different things, so the value starts over. */
export function withAnnotationType(draft: AnnotationLayerDraft, annotationType: EditableAnnotationType): AnnotationLayerDraft {
  const isSameKind = valueKind(draft.annotationType) === valueKind(annotationType);
  return { ...draft, annotationType, value: isSameKind ? draft.value : '' };
}

/** What keeps the form from saving, in the order the fields show; empty when it can save. */
export function draftProblems(draft: AnnotationLayerDraft, otherNames: readonly string[]): string[] {
  const problems: string[] = [];
  const name = draft.name.trim();
  if (name === '') problems.push(nameRequiredMessage);
  else if (otherNames.includes(name)) problems.push(duplicateNameMessage);
  if (draft.annotationType === annotationTypes.formula) {
    if (draft.value.trim() === '') problems.push(formulaRequiredMessage);
    else {
      const problem = formulaProblem(draft.value);
      if (problem !== null) problems.push(problem);
    }
  } else if (!/^\d+$/.test(draft.value)) {
    problems.push(valueKind(draft.annotationType) === 'chart' ? chartRequiredMessage : layerRequiredMessage);
  }
  return problems;
}

/**
 * The entry the form saves, with Superset's keys: a formula has source "" and its text as value,
 * an event or interval source NATIVE and the layer's id, a time series source `line` and the
 * chart's id. Keys the form does not edit (overrides,
 * columns of chart sources) keep the original's values.
 */
export function entryFromDraft(draft: AnnotationLayerDraft): AnnotationLayerEntry {
  const isFormula = draft.annotationType === annotationTypes.formula;
  const original = draft.original;
  return {
    name: draft.name.trim(),
    annotationType: draft.annotationType,
    sourceType: sourceTypeOf(draft.annotationType),
    color: draft.color,
    opacity: draft.opacity,
    style: draft.style,
    width: draft.width,
    showMarkers: draft.showMarkers,
    hideLine: original?.hideLine ?? false,
    value: isFormula ? draft.value.trim() : Number(draft.value),
    overrides: original?.overrides ?? {},
    show: draft.show,
    showLabel: draft.showLabel,
    titleColumn: original?.titleColumn ?? '',
    descriptionColumns: original?.descriptionColumns ?? [],
    timeColumn: original?.timeColumn ?? '',
    intervalEndColumn: original?.intervalEndColumn ?? '',
  };
}

/** Superset's `sourceType`: none for a formula, `line` for a time series, `NATIVE` for events and intervals. */
function sourceTypeOf(annotationType: EditableAnnotationType): string {
  const kind = valueKind(annotationType);
  if (kind === 'formula') return '';
  return kind === 'chart' ? lineSourceType : nativeSourceType;
}

/** The layers with `entry` in place of the one at `index`, or added last when `index` is null. */
export function withAnnotationLayer(layers: readonly unknown[], index: number | null, entry: AnnotationLayerEntry): unknown[] {
  if (index === null || index < 0 || index >= layers.length) return [...layers, entry];
  return layers.map((layer, position) => (position === index ? entry : layer));
}

export function withoutAnnotationLayer(layers: readonly unknown[], index: number): unknown[] {
  return layers.filter((_layer, position) => position !== index);
}
