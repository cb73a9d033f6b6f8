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
 * default scheme; label colours that are not a map of label to colour are left out.
 */
export function appliedDashboardColors(jsonMetadata: string | null): AppliedDashboardColors {
  const metadata = parseJsonMetadata(jsonMetadata);
  const stored = metadata.color_scheme;
  const colorScheme = typeof stored === 'string' && stored !== '' ? (isKnownScheme(stored) ? stored : defaultCategoricalScheme) : null;
  const labelColors = isStringMap(metadata.label_colors) ? metadata.label_colors : {};
  return { colorScheme, labelColors };
}

/**
 * What the label-colour sync writes back (`PUT .../colors?mark_updated=false`), null when the
 * stored colours follow the load rules: an unknown scheme becomes the default one (with its
 * colours as the domain), and shared label colours in the wrong shape (not a list of labels)
 * reset to empty.
 */
export function colorsToSync(jsonMetadata: string | null): DashboardColors | null {
  const metadata = parseJsonMetadata(jsonMetadata);
  const changes: DashboardColors = {};
  const scheme = metadata.color_scheme;
  if (typeof scheme === 'string' && scheme !== '' && !isKnownScheme(scheme)) {
    changes.color_scheme = defaultCategoricalScheme;
    changes.color_scheme_domain = [...categoricalColors(defaultCategoricalScheme)];
  }
  if ('shared_label_colors' in metadata && !isLabelList(metadata.shared_label_colors)) {
    changes.shared_label_colors = [];
  }
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
