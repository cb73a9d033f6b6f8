import { loadQuiverCore } from './core';

/**
 * quiver-core's chart difference rule (core-wasm `chart_diff`, spec 001 §5): which controls of the
 * current form data differ from the saved chart's, ignoring `filters`, `having` and `where`, with
 * null, "", [] and {} equal. These shapes cross the Wasm edge only, so they are written here once.
 */

/** One altered control: `before` is absent when the saved chart had no such control. */
export interface ControlChange {
  control: string;
  before?: unknown;
  after: unknown;
}

/** One row of the 'Chart changes' table: the control's label and both values as text. */
export interface AlteredRow {
  control: string;
  before: string;
  after: string;
}

/**
 * What the table needs of a control: its label and its Superset control type
 * (`AdhocFilterControl`, `BoundsControl`, `CollectionControl`, `MetricsControl`, ...), which
 * decides how a value is written.
 */
export interface DiffControlDescription {
  label?: string;
  type?: string;
}

/** The chart difference functions of the core, loaded. */
export interface ChartDiff {
  /** The controls of `current` that differ from `original`, in control name order. */
  alteredControls: (original: Record<string, unknown>, current: Record<string, unknown>) => ControlChange[];
  /** The 'Chart changes' rows, labelled and formatted with `controls` (keyed by form data key). */
  alteredRows: (
    original: Record<string, unknown>,
    current: Record<string, unknown>,
    controls: Record<string, DiffControlDescription>,
  ) => AlteredRow[];
}

/** Loads the core and returns its chart difference functions. */
export async function loadChartDiff(): Promise<ChartDiff> {
  await loadQuiverCore();
  const corePackage = await import('./pkg/quiver_core.js');
  return {
    alteredControls: (original, current) => corePackage.alteredControls(original, current),
    alteredRows: (original, current, controls) => corePackage.alteredRows(original, current, controls),
  };
}
