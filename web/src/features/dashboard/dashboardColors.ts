import type { DashboardColors } from '@/api/generated/DashboardColors';
import type { FormData } from '@/api/generated/FormData';
import { categoricalColors, categoricalSchemes, defaultCategoricalScheme } from '@/features/chart/viz/colorSchemes';
import { parseJsonMetadata } from './filters/nativeFilterConfig';

/** How long the label-colour sync waits after the last change before it saves (spec 001 §4). */
export const labelColorSyncDebounceMs = 500;

/** The colours the charts of a dashboard follow: its scheme (null: each chart's own) and fixed label colours. */
export interface AppliedDashboardColors {
  colorScheme: string | null;
  labelColors: Readonly<Record<string, string>>;
}

function isStringMap(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((color) => typeof color === 'string');
}

function isLabelList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((label) => typeof label === 'string');
}

/** Whether a categorical colour scheme exists. */
function isKnownScheme(name: string): boolean {
  return Object.hasOwn(categoricalSchemes, name);
}

/**
 * The colours the page applies (spec 001 §4 and §5): an unknown colour scheme falls back to the
 * default scheme; label colours that are not a map of label to colour are left out. As in
 * Superset, the shared labels (`shared_label_colors`) take their colour from `map_label_colors`,
 * so every chart draws them alike; the custom `label_colors` win over both.
 */
export function appliedDashboardColors(jsonMetadata: string | null): AppliedDashboardColors {
  const metadata = parseJsonMetadata(jsonMetadata);
  const stored = metadata.color_scheme;
  const colorScheme = typeof stored === 'string' && stored !== '' ? (isKnownScheme(stored) ? stored : defaultCategoricalScheme) : null;
  const customLabelColors = isStringMap(metadata.label_colors) ? metadata.label_colors : {};
  const mapLabelColors = isStringMap(metadata.map_label_colors) ? metadata.map_label_colors : {};
  const sharedLabels = isLabelList(metadata.shared_label_colors) ? metadata.shared_label_colors : [];
  const sharedLabelColors: Record<string, string> = {};
  for (const label of sharedLabels) {
    const color = Object.hasOwn(mapLabelColors, label) ? mapLabelColors[label] : undefined;
    if (color !== undefined) sharedLabelColors[label] = color;
  }
  const labelColors = { ...sharedLabelColors, ...customLabelColors };
  return { colorScheme, labelColors };
}

/** The labels each chart has drawn with their colours, by chart id, in the dashboard's chart order. */
export type DrawnLabelColors = ReadonlyMap<number, ReadonlyMap<string, string>>;

/**
 * The colours the charts drew (Superset's fresh labels colour map): each label's colour in the
 * first chart that drew it, the custom `label_colors` left out (the dashboard applies them itself).
 */
export function freshMapLabelColors(drawn: DrawnLabelColors, customLabelColors: Readonly<Record<string, string>>): Record<string, string> {
  const fresh: Record<string, string> = {};
  for (const colors of drawn.values()) {
    for (const [label, color] of colors) {
      if (!Object.hasOwn(fresh, label) && !Object.hasOwn(customLabelColors, label)) fresh[label] = color;
    }
  }
  return fresh;
}

/** The shared labels: those stored, then every label more than one chart drew, in the order first drawn. */
export function freshSharedLabels(drawn: DrawnLabelColors, stored: readonly string[]): string[] {
  const chartCounts = new Map<string, number>();
  for (const colors of drawn.values()) {
    for (const label of colors.keys()) chartCounts.set(label, (chartCounts.get(label) ?? 0) + 1);
  }
  const duplicates = [...chartCounts].filter(([, count]) => count > 1).map(([label]) => label);
  return [...new Set([...stored, ...duplicates])];
}

/**
 * What the label-colour sync writes back (`PUT .../colors?mark_updated=false`), null when the
 * stored colours are in sync: an unknown scheme becomes the default one (with its colours as the
 * domain); shared label colours in the wrong shape (not a list of labels) reset to empty; labels
 * more than one chart drew join `shared_label_colors`; colours the charts drew that
 * `map_label_colors` lacks or holds otherwise are written into it.
 */
export function colorsToSync(jsonMetadata: string | null, drawn: DrawnLabelColors = new Map()): DashboardColors | null {
  const metadata = parseJsonMetadata(jsonMetadata);
  const changes: DashboardColors = {};
  const scheme = metadata.color_scheme;
  if (typeof scheme === 'string' && scheme !== '' && !isKnownScheme(scheme)) {
    changes.color_scheme = defaultCategoricalScheme;
    changes.color_scheme_domain = [...categoricalColors(defaultCategoricalScheme)];
  }
  const storedShared = isLabelList(metadata.shared_label_colors) ? metadata.shared_label_colors : [];
  if ('shared_label_colors' in metadata && !isLabelList(metadata.shared_label_colors)) {
    changes.shared_label_colors = [];
  }
  const sharedLabels = freshSharedLabels(drawn, storedShared);
  if (sharedLabels.length !== storedShared.length) changes.shared_label_colors = sharedLabels;
  // The colours drawn join the stored map; labels of charts not drawn yet keep theirs.
  const customLabelColors = isStringMap(metadata.label_colors) ? metadata.label_colors : {};
  const storedMap = isStringMap(metadata.map_label_colors) ? metadata.map_label_colors : {};
  const freshMap = freshMapLabelColors(drawn, customLabelColors);
  const isMapSynced = Object.entries(freshMap).every(([label, color]) => storedMap[label] === color);
  if (!isMapSynced) changes.map_label_colors = { ...storedMap, ...freshMap };
  return Object.keys(changes).length === 0 ? null : changes;
}

/** A chart's form data drawn on the dashboard: the dashboard's scheme and label colours win. */
export function withDashboardColors(formData: FormData, colors: AppliedDashboardColors): FormData {
  const hasLabelColors = Object.keys(colors.labelColors).length > 0;
  if (colors.colorScheme === null && !hasLabelColors) return formData;
  const chartLabelColors = (formData as Record<string, unknown>).label_colors;
  const ownLabelColors = isStringMap(chartLabelColors) ? chartLabelColors : {};
  return {
    ...formData,
    ...(colors.colorScheme === null ? {} : { color_scheme: colors.colorScheme }),
    ...(hasLabelColors ? { label_colors: { ...ownLabelColors, ...colors.labelColors } } : {}),
  };
}
