/** Dashboard refresh settings from `json_metadata` (spec 001 §4: stagger refresh, immune charts). */

/** Superset's default `stagger_time`: 5000 ms. */
export const defaultStaggerTimeMs = 5000;

export interface RefreshSettings {
  /** `refresh_frequency`, seconds; 0 for none. */
  refreshSeconds: number;
  /** `stagger_time`, milliseconds. */
  staggerTimeMs: number;
  /** `stagger_refresh`: on by default. */
  isStaggered: boolean;
  /** `timed_refresh_immune_slices`: charts the periodic refresh leaves alone. */
  immuneChartIds: ReadonlySet<number>;
}

function metadataObject(jsonMetadata: string | null): Record<string, unknown> {
  if (jsonMetadata === null || jsonMetadata.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(jsonMetadata);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function nonNegativeNumber(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

export function readRefreshSettings(jsonMetadata: string | null): RefreshSettings {
  const metadata = metadataObject(jsonMetadata);
  const immune = Array.isArray(metadata.timed_refresh_immune_slices) ? metadata.timed_refresh_immune_slices : [];
  return {
    refreshSeconds: nonNegativeNumber(metadata.refresh_frequency, 0),
    staggerTimeMs: nonNegativeNumber(metadata.stagger_time, defaultStaggerTimeMs),
    isStaggered: metadata.stagger_refresh !== false,
    immuneChartIds: new Set(immune.filter((id): id is number => typeof id === 'number' && Number.isInteger(id))),
  };
}

/**
 * The `json_metadata` text that an edit-mode save writes when the refresh interval was set in edit
 * mode: the stored metadata with `refresh_frequency` (seconds) replaced, every other key kept.
 * Example: `{"color_scheme": "d3"}` and 300 give `{"color_scheme":"d3","refresh_frequency":300}`.
 */
export function withRefreshFrequency(jsonMetadata: string | null, refreshSeconds: number): string {
  return JSON.stringify({ ...metadataObject(jsonMetadata), refresh_frequency: refreshSeconds });
}

/**
 * The period of the auto refresh in ms, or null for none: with staggering on, at least the
 * stagger time (the larger of the requested interval and `stagger_time`).
 */
export function autoRefreshPeriodMs(refreshSeconds: number, settings: Pick<RefreshSettings, 'staggerTimeMs' | 'isStaggered'>): number | null {
  if (!(refreshSeconds > 0)) return null;
  const requested = refreshSeconds * 1000;
  return settings.isStaggered ? Math.max(requested, settings.staggerTimeMs) : requested;
}

/**
 * How long chart `index` of `count` waits after a periodic refresh starts: staggered refreshes
 * spread the charts evenly over the stagger time; otherwise all start at once.
 */
export function staggerDelayMs(index: number, count: number, settings: Pick<RefreshSettings, 'staggerTimeMs' | 'isStaggered'>): number {
  if (!settings.isStaggered || count <= 1) return 0;
  return Math.round((index * settings.staggerTimeMs) / count);
}
