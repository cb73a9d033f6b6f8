import type { ChartFormData } from '@/api/generated/ChartFormData';
import type { FieldError } from '@/api/generated/FieldError';
import type { FormData } from '@/api/generated/FormData';
import type { MetricRef } from '@/api/generated/MetricRef';
import type { QueryContext } from '@/api/generated/QueryContext';
import type { QueryObject } from '@/api/generated/QueryObject';
import type { ControlPanelDefinition, PrunedFormData, VizTypeMeta } from './controlPanel';

/** The columns and metrics `pruneFormData` checks control values against (a dataset fits). */
export interface DatasourceColumnsAndMetrics {
  columns?: { column_name: string }[];
  metrics?: { metric_name: string }[];
}

/** The functions of quiver-core (wasm-bindgen package) that the web app calls. */
export interface QuiverCore {
  buildQueryContext: (formData: ChartFormData) => QueryContext;
  validateFormData: (formData: ChartFormData) => FieldError[];
  /** The spec's default form data of a new chart on `datasource` (`"3__table"`). */
  defaultFormData: (datasource: string) => FormData & Record<string, unknown>;
  metricLabel: (metric: MetricRef) => string;
  /** The control panel of a viz type; throws `InvalidInput` for a viz type Quiver does not ship. */
  controlPanel: (vizType: string) => ControlPanelDefinition;
  /** The charts Quiver ships, in gallery order. */
  vizTypes: () => VizTypeMeta[];
  /** The form data without choices and columns/metrics the datasource does not have. */
  pruneFormData: <F extends FormData>(formData: F, datasource: DatasourceColumnsAndMetrics) => PrunedFormData<F>;
  /** The form data switched to another viz type, keeping the compatible controls. */
  carryOverFormData: <F extends FormData>(formData: F, newVizType: string) => F;
  /**
   * The re-aggregation request answering the query object `wanted` from the result of `cached`
   * (which had `cachedRowCount` rows), or null when the server must answer. The request is for
   * `reaggregate` only: its shape is the core's.
   */
  planReaggregation: (cached: QueryObject, wanted: QueryObject, cachedRowCount: number) => unknown;
}

let coreLoad: Promise<QuiverCore> | null = null;
let loadedCore: QuiverCore | null = null;

async function importAndInitialize(): Promise<QuiverCore> {
  const corePackage = await import('./pkg/quiver_core.js');
  await corePackage.default();
  const core: QuiverCore = {
    buildQueryContext: corePackage.buildQueryContext,
    validateFormData: corePackage.validateFormData,
    defaultFormData: (datasource) => corePackage.defaultFormData(datasource),
    metricLabel: corePackage.metricLabel,
    controlPanel: (vizType) => corePackage.controlPanel(vizType),
    vizTypes: corePackage.vizTypes,
    pruneFormData: <F extends FormData>(formData: F, datasource: DatasourceColumnsAndMetrics) =>
      corePackage.pruneFormData(formData, datasource) as PrunedFormData<F>,
    carryOverFormData: <F extends FormData>(formData: F, newVizType: string) => corePackage.carryOverFormData(formData, newVizType) as F,
    planReaggregation: corePackage.planReaggregation,
  };
  loadedCore = core;
  return core;
}

/** Loads and initializes the Wasm core once; a failed load is retried on the next call. */
export function loadQuiverCore(): Promise<QuiverCore> {
  coreLoad ??= importAndInitialize().catch((error: unknown) => {
    coreLoad = null;
    throw error;
  });
  return coreLoad;
}

/** The core if it has finished loading, for synchronous uses such as labels; else null. */
export function loadedQuiverCore(): QuiverCore | null {
  return loadedCore;
}

/** Starts loading the core in the background, so that the first Run does not wait for it. */
export function preloadQuiverCore(): void {
  loadQuiverCore().catch((error: unknown) => {
    console.warn('quiver core preload failed', error);
  });
}

/** Wasm errors arrive as JsError (an Error) or as a plain value; both become an Error. */
function asError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  return new Error(typeof thrown === 'string' ? thrown : 'The Quiver core failed');
}

function callCore<T>(call: () => T): T {
  try {
    return call();
  } catch (thrown) {
    throw asError(thrown);
  }
}

export async function buildQueryContext(formData: ChartFormData): Promise<QueryContext> {
  const core = await loadQuiverCore();
  return callCore(() => core.buildQueryContext(formData));
}

export async function validateFormData(formData: ChartFormData): Promise<FieldError[]> {
  const core = await loadQuiverCore();
  return callCore(() => core.validateFormData(formData));
}
