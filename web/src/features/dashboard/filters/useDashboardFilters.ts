import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DataMask } from '@/api/generated/DataMask';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { loadNativeFilterRules, type NativeFilterRules } from '@/wasm/nativeFilters';
import { crossFilterScopeOf, type CrossFilterScoping } from './crossFilterScoping';
import { firstItemDefaultFilters, resolveFirstItemMasks } from './firstItemDefaults';
import { emptyDataMask, filterDatasetId, initialDataMasks, isCrossFilterKey, isDataMaskActive, type DataMaskState } from './nativeFilterConfig';

/** The dashboard's filter state: what the filter bar shows and what the charts apply. */
export interface DashboardFilters {
  filters: readonly NativeFilter[];
  /** The masks the charts apply (native filters and cross-filters). */
  applied: DataMaskState;
  /** Native filter values chosen in the bar and not applied yet. */
  pending: DataMaskState;
  hasPendingChanges: boolean;
  setPending: (filterId: string, mask: DataMask) => void;
  /** Applies the pending values. */
  apply: () => void;
  /** Clears every native filter and cross-filter value. */
  clearAll: () => void;
  /** Sets or clears the cross-filter a chart emits. */
  setCrossFilter: (chartId: number, mask: DataMask | null) => void;
  /** Resets the given filters to their defaults (after the configuration changed). */
  resetFilters: (filters: readonly NativeFilter[], deletedIds: readonly string[]) => void;
  /** The merged `extraFormData` of each chart; null until computed. */
  extraFormDataByChart: ReadonlyMap<number, ExtraFormData> | null;
  /** The native filters with a value that apply to each chart, in the bar's order (the charts' filter indicators). */
  appliedFilterIdsByChart: ReadonlyMap<number, readonly string[]>;
  /** Each chart's own state (Superset's `ownState`: a server-paginated table's page, sort and search), by chart id. */
  ownStateByChart: ReadonlyMap<number, ChartOwnState>;
  /** Sets a chart's own state (Superset's `setDataMask({ownState})`): that chart alone queries again with it. */
  setOwnState: (chartId: number, ownState: ChartOwnState) => void;
  /** The data masks as Superset keeps them: the applied masks, each chart's own state in its mask (permalinks, embedding). */
  dataMask: DataMaskState;
}

/** A chart's own state: the renderer's, read back by it from the form data's `own_state`. */
export type ChartOwnState = Readonly<Record<string, unknown>>;

export interface DashboardFiltersInput {
  filters: readonly NativeFilter[];
  /** The layout (`position_json` object); null while it loads. */
  layout: unknown;
  chartIds: readonly number[];
  /** The dataset of each chart: a filter applies only to charts on its dataset. */
  chartDatasetIds: ReadonlyMap<number, number | null>;
  /** Where each chart's cross-filters apply. */
  crossFilterScoping: CrossFilterScoping;
  /** The permalink's data masks; `isReady` waits for them. */
  savedDataMask: Record<string, unknown> | undefined;
  isReady: boolean;
}

/** What the charts apply: each chart's merged `extraFormData` and the native filters with a value among them. */
interface ChartFilters {
  extraFormDataByChart: ReadonlyMap<number, ExtraFormData>;
  appliedFilterIdsByChart: ReadonlyMap<number, readonly string[]>;
}

const noAppliedFilterIds: ReadonlyMap<number, readonly string[]> = new Map();

/**
 * Each chart's `extraFormData`: the masks of the filters whose scope holds it (and, for a filter
 * on a dataset, whose chart is on that dataset), merged in order; and the ids of those native
 * filters whose mask filters something.
 */
function chartFiltersOf(rules: NativeFilterRules, input: DashboardFiltersInput, applied: DataMaskState): ChartFilters {
  const chartIds = [...input.chartIds];
  const masksByChart = new Map<number, ExtraFormData[]>(chartIds.map((chartId) => [chartId, []]));
  const appliedFilterIdsByChart = new Map<number, string[]>();
  const isOnDataset = (chartId: number, datasetId: number | null | undefined): boolean => input.chartDatasetIds.get(chartId) === datasetId;
  for (const filter of input.filters) {
    const mask = applied[filter.id];
    if (mask === undefined) continue;
    // A filter without a dataset (the time range) applies to every chart in its scope.
    const datasetId = filterDatasetId(filter);
    for (const chartId of rules.chartsInScope(input.layout, filter.scope, chartIds)) {
      if (datasetId !== undefined && !isOnDataset(chartId, datasetId)) continue;
      masksByChart.get(chartId)?.push(mask.extraFormData);
      if (isDataMaskActive(mask)) appliedFilterIdsByChart.set(chartId, [...(appliedFilterIdsByChart.get(chartId) ?? []), filter.id]);
    }
  }
  for (const [key, mask] of Object.entries(applied)) {
    // A chart's mask holding no filter (only its own state, from a permalink) filters nothing.
    if (!isCrossFilterKey(key) || Object.keys(mask.extraFormData).length === 0) continue;
    const emitter = Number(key);
    const scope = crossFilterScopeOf(input.crossFilterScoping, emitter);
    for (const chartId of rules.chartsInScope(input.layout, scope, chartIds)) {
      if (isOnDataset(chartId, input.chartDatasetIds.get(emitter))) masksByChart.get(chartId)?.push(mask.extraFormData);
    }
  }
  return {
    extraFormDataByChart: new Map([...masksByChart].map(([chartId, masks]) => [chartId, rules.mergeExtraFormData(masks)])),
    appliedFilterIdsByChart,
  };
}

/** The filter bar's state and the filters each chart applies. */
export function useDashboardFilters(input: DashboardFiltersInput): DashboardFilters {
  const { filters, savedDataMask, isReady } = input;
  const queryClient = useQueryClient();
  const firstItems = useFirstItemMasks(queryClient, filters, isReady);
  // The filter defaults, first values and the permalink's masks, until the user changes something.
  const initial = useMemo(
    () => (isReady && firstItems !== null ? initialDataMasks(filters, savedDataMask, firstItems) : null),
    [isReady, firstItems, filters, savedDataMask],
  );
  const [changed, setChanged] = useState<DataMaskState | null>(null);
  const [pending, setPendingMasks] = useState<DataMaskState>({});
  const [chartFilters, setChartFilters] = useState<ChartFilters | null>(null);
  const applied = changed ?? initial;
  // Own states live beside the filter masks: a page turned changes no chart's filters.
  const savedOwnStates = useMemo(() => ownStatesOf(savedDataMask), [savedDataMask]);
  const [changedOwnStates, setChangedOwnStates] = useState<Readonly<Record<string, ChartOwnState>> | null>(null);
  const ownStates = changedOwnStates ?? savedOwnStates;

  useEffect(() => {
    if (applied === null || input.layout === null) return undefined;
    let isCurrent = true;
    loadNativeFilterRules().then(
      (rules) => {
        if (isCurrent) setChartFilters(chartFiltersOf(rules, input, applied));
      },
      (error: unknown) => console.warn('native filter rules could not be loaded', error),
    );
    return () => {
      isCurrent = false;
    };
    // `input` is rebuilt on every render; its parts are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied, input.filters, input.layout, input.chartIds, input.chartDatasetIds, input.crossFilterScoping]);

  const update = useCallback(
    (change: (current: DataMaskState) => DataMaskState) => setChanged((current) => change(current ?? initial ?? {})),
    [initial],
  );

  const setPending = useCallback((filterId: string, mask: DataMask) => {
    setPendingMasks((current) => ({ ...current, [filterId]: mask }));
  }, []);

  const apply = useCallback(() => {
    update((current) => ({ ...current, ...pending }));
    setPendingMasks({});
  }, [pending, update]);

  const clearAll = useCallback(() => {
    setChanged(Object.fromEntries(filters.map((filter) => [filter.id, emptyDataMask(filter.id)])));
    setPendingMasks({});
  }, [filters]);

  const setCrossFilter = useCallback(
    (chartId: number, mask: DataMask | null) => {
      const key = String(chartId);
      update((current) => {
        const others = withoutKeys(current, [key]);
        return mask === null ? others : { ...others, [key]: { ...mask, id: key } };
      });
    },
    [update],
  );

  const resetFilters = useCallback(
    (saved: readonly NativeFilter[], deletedIds: readonly string[]) => {
      const defaults = Object.fromEntries(saved.map((filter) => [filter.id, { ...filter.defaultDataMask, id: filter.id }]));
      update((current) => ({ ...withoutKeys(current, deletedIds), ...defaults }));
      setPendingMasks({});
      // Filters choosing their first value by default get it once their values are known.
      void resolveFirstItemMasks(queryClient, saved, defaults).then((masks) => {
        if (Object.keys(masks).length > 0) update((current) => ({ ...current, ...masks }));
      });
    },
    [update, queryClient],
  );

  const setOwnState = useCallback(
    (chartId: number, ownState: ChartOwnState) =>
      setChangedOwnStates((current) => ({ ...(current ?? savedOwnStates), [String(chartId)]: ownState })),
    [savedOwnStates],
  );
  const ownStateByChart = useMemo(() => new Map(Object.entries(ownStates).map(([key, ownState]) => [Number(key), ownState])), [ownStates]);
  const dataMask = useMemo(() => withOwnStates(applied ?? {}, ownStates), [applied, ownStates]);

  return useMemo(
    () => ({
      filters,
      applied: applied ?? {},
      pending,
      hasPendingChanges: Object.keys(pending).length > 0,
      setPending,
      apply,
      clearAll,
      setCrossFilter,
      resetFilters,
      extraFormDataByChart: chartFilters?.extraFormDataByChart ?? null,
      appliedFilterIdsByChart: chartFilters?.appliedFilterIdsByChart ?? noAppliedFilterIds,
      ownStateByChart,
      setOwnState,
      dataMask,
    }),
    [filters, applied, pending, setPending, apply, clearAll, setCrossFilter, resetFilters, chartFilters, ownStateByChart, setOwnState, dataMask],
  );
}

/**
 * The first-value masks of the filters with "Select first filter value by default", once
 * resolved (null until then, so that the charts wait for them); `{}` at once when no filter
 * chooses its first value.
 */
function useFirstItemMasks(queryClient: QueryClient, filters: readonly NativeFilter[], isReady: boolean): DataMaskState | null {
  const needsFirstItems = firstItemDefaultFilters(filters).length > 0;
  const [resolved, setResolved] = useState<{ filters: readonly NativeFilter[]; masks: DataMaskState } | null>(null);
  useEffect(() => {
    if (!isReady || !needsFirstItems) return undefined;
    let isCurrent = true;
    const defaults = initialDataMasks(filters, undefined);
    void resolveFirstItemMasks(queryClient, filters, defaults).then((masks) => {
      if (isCurrent) setResolved({ filters, masks });
    });
    return () => {
      isCurrent = false;
    };
  }, [isReady, needsFirstItems, filters, queryClient]);
  if (!needsFirstItems) return noFirstItemMasks;
  return resolved !== null && resolved.filters === filters ? resolved.masks : null;
}

const noFirstItemMasks: DataMaskState = {};

function withoutKeys(masks: DataMaskState, keys: readonly string[]): DataMaskState {
  return Object.fromEntries(Object.entries(masks).filter(([key]) => !keys.includes(key)));
}

/** The own states of the charts' masks (by chart id) in saved data masks (a permalink's). */
export function ownStatesOf(saved: Record<string, unknown> | undefined): Readonly<Record<string, ChartOwnState>> {
  const ownStates: Record<string, ChartOwnState> = {};
  for (const [key, mask] of Object.entries(saved ?? {})) {
    if (!isCrossFilterKey(key) || typeof mask !== 'object' || mask === null) continue;
    const ownState = (mask as { ownState?: unknown }).ownState;
    if (typeof ownState === 'object' && ownState !== null && !Array.isArray(ownState)) ownStates[key] = ownState as ChartOwnState;
  }
  return ownStates;
}

/** The masks with each chart's own state in its mask (an empty mask for a chart without a cross-filter). */
export function withOwnStates(applied: DataMaskState, ownStates: Readonly<Record<string, ChartOwnState>>): DataMaskState {
  const masks: Record<string, DataMask> = { ...applied };
  for (const [key, ownState] of Object.entries(ownStates)) {
    masks[key] = { ...(applied[key] ?? emptyDataMask(key)), ownState: { ...ownState } };
  }
  return masks;
}
