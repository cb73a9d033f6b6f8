/**
 * The shape of `./pkg/quiver_core.js` (wasm-bindgen `--target web` output of core-wasm) while the
 * package is not built. Once it exists, its own `quiver_core.d.ts` takes precedence.
 */
declare module '*/pkg/quiver_core.js' {
  import type { ChartFormData } from '@/api/generated/ChartFormData';
  import type { ControlPanelDefinition } from '@/api/generated/ControlPanelDefinition';
  import type { DroppedValue } from '@/api/generated/DroppedValue';
  import type { VizTypeMeta } from '@/api/generated/VizTypeMeta';
  import type { FieldError } from '@/api/generated/FieldError';
  import type { FormData } from '@/api/generated/FormData';
  import type { ExtraFormData } from '@/api/generated/ExtraFormData';
  import type { MetricRef } from '@/api/generated/MetricRef';
  import type { NativeFilterScope } from '@/api/generated/NativeFilterScope';
  import type { QueryContext } from '@/api/generated/QueryContext';
  import type { QueryObject } from '@/api/generated/QueryObject';

  export default function init(moduleOrPath?: unknown): Promise<unknown>;
  export function buildQueryContext(formData: ChartFormData): QueryContext;
  export function validateFormData(formData: ChartFormData): FieldError[];
  export function metricLabel(metric: MetricRef): string;
  export function controlPanel(vizType: string): ControlPanelDefinition;
  export function vizTypes(): VizTypeMeta[];
  export function pruneFormData(
    formData: ChartFormData,
    datasource: { columns?: { column_name: string }[]; metrics?: { metric_name: string }[] },
  ): { formData: FormData; dropped: DroppedValue[] };
  export function carryOverFormData(formData: ChartFormData, newVizType: string): FormData;
  export function applyPostProcessing(ipcBytes: Uint8Array, rules: unknown[]): Uint8Array;
  export function joinTimeOffsets(
    mainIpc: Uint8Array,
    offsetResults: { offset: string; ipcBytes: Uint8Array }[],
    join: { metric_labels: string[]; temporal_labels: string[] },
  ): Uint8Array;
  export function reaggregate(ipcBytes: Uint8Array, request: unknown): Uint8Array;
  export function planReaggregation(cached: QueryObject, wanted: QueryObject, cachedRowCount: number): unknown;
  export function placeMissingCharts(layout: unknown, charts: { id: number; name?: string }[]): unknown;
  export function applyDrop(layout: unknown, drop: unknown, filterScopeIds: string[]): { layout: unknown; changed: boolean; warnings: string[] };
  export function deleteComponent(layout: unknown, id: string): unknown;
  export function chartsInScope(layout: unknown, scope: NativeFilterScope, chartIds: number[]): number[];
  export function selectExtraFormData(
    column: string,
    values: unknown[],
    isInverseSelection: boolean,
    isValueRequired: boolean,
  ): ExtraFormData;
  export function rangeExtraFormData(column: string, min?: number | null, max?: number | null): ExtraFormData;
  export function mergeExtraFormData(masks: ExtraFormData[]): ExtraFormData;
  export function alteredControls(
    original: Record<string, unknown>,
    current: Record<string, unknown>,
  ): { control: string; before?: unknown; after: unknown }[];
  export function alteredRows(
    original: Record<string, unknown>,
    current: Record<string, unknown>,
    controls: Record<string, { label?: string; type?: string }>,
  ): { control: string; before: string; after: string }[];
  /** Throws an `InvalidListFilterConfig` error naming the first filter id that is not a column id. */
  export function checkListFilterConfig(filterIds: string[], columnIds: string[]): void;
  export function resizeComponent(layout: unknown, id: string, width?: number | null, height?: number | null): unknown;
  export class LayoutHistory {
    constructor(layout: unknown);
    push(layout: unknown): void;
    undo(): boolean;
    redo(): boolean;
    present(): unknown;
    readonly undoLength: number;
    readonly redoLength: number;
    readonly isUndoHistoryExceeded: boolean;
    clear(): void;
    free(): void;
  }
  export function initSync(module: { module: BufferSource | WebAssembly.Module }): unknown;
  export function defaultFormData(datasource: string): FormData;
  export class LruCache {
    constructor(capacity: number, maxBytes?: number | null);
    get(key: string): unknown;
    has(key: string): boolean;
    set(key: string, value: unknown, bytes?: number | null): boolean;
    delete(key: string): boolean;
    clear(): void;
    readonly size: number;
    readonly usedBytes: number;
    free(): void;
  }
}
