import type { ChartConfiguration } from '@/api/generated/ChartConfiguration';
import type { GlobalChartConfiguration } from '@/api/generated/GlobalChartConfiguration';
import type { NativeFilterScope } from '@/api/generated/NativeFilterScope';
import { allChartsScope, parseJsonMetadata } from './nativeFilterConfig';

export const crossFilteringScopingLabel = 'Cross-filtering scoping';
export const enableCrossFilteringLabel = 'Enable cross-filtering';
export const crossFilterScopingSaveFailedMessage = 'Failed to save cross-filter scoping';
export const globalScopingLabel = 'All charts/global scoping';
export const customScopingLabel = 'Custom scoping';

/** Where each chart's cross-filters apply: the global scope, and the charts with their own. */
export interface CrossFilterScoping {
  global: NativeFilterScope;
  /** Charts with a custom scope, by chart id. */
  custom: ReadonlyMap<number, NativeFilterScope>;
}

/** The dashboard's cross-filter settings: on or off (`cross_filters_enabled`, on by default) and the scoping. */
export interface CrossFilterSettings {
  isEnabled: boolean;
  scoping: CrossFilterScoping;
}

function isScope(value: unknown): value is NativeFilterScope {
  return typeof value === 'object' && value !== null && Array.isArray((value as NativeFilterScope).rootPath) && Array.isArray((value as NativeFilterScope).excluded);
}

/** Reads `cross_filters_enabled`, `global_chart_configuration` and `chart_configuration`. */
export function readCrossFilterSettings(jsonMetadata: string | null): CrossFilterSettings {
  const metadata = parseJsonMetadata(jsonMetadata);
  const globalScope = (metadata.global_chart_configuration as Partial<GlobalChartConfiguration> | undefined)?.scope;
  const custom = new Map<number, NativeFilterScope>();
  const configuration = metadata.chart_configuration;
  if (typeof configuration === 'object' && configuration !== null) {
    for (const [key, entry] of Object.entries(configuration as Record<string, Partial<ChartConfiguration>>)) {
      const scope = entry.crossFilters?.scope;
      if (isScope(scope)) custom.set(Number(key), scope);
    }
  }
  return {
    isEnabled: metadata.cross_filters_enabled !== false,
    scoping: { global: isScope(globalScope) ? globalScope : allChartsScope, custom },
  };
}

/** The scope of the cross-filters `chartId` emits: its own or the global one, never itself. */
export function crossFilterScopeOf(scoping: CrossFilterScoping, chartId: number): NativeFilterScope {
  const scope = scoping.custom.get(chartId) ?? scoping.global;
  return scope.excluded.includes(chartId) ? scope : { ...scope, excluded: [...scope.excluded, chartId] };
}

/** The charts a scope built by the modal holds (the whole dashboard minus `excluded`). */
export function chartsInScopeOf(scope: NativeFilterScope, chartIds: readonly number[]): number[] {
  return chartIds.filter((chartId) => !scope.excluded.includes(chartId));
}

/**
 * `json_metadata` with the scoping as Superset writes it: `global_chart_configuration` with its
 * charts, and one `chart_configuration` entry per chart, `"global"` or its own scope, each with
 * the charts it reaches besides itself.
 */
export function withCrossFilterScoping(jsonMetadata: string | null, scoping: CrossFilterScoping, chartIds: readonly number[]): string {
  const metadata = parseJsonMetadata(jsonMetadata);
  const globalConfiguration: GlobalChartConfiguration = { scope: scoping.global, chartsInScope: chartsInScopeOf(scoping.global, chartIds) };
  const chartConfiguration: Record<string, ChartConfiguration> = {};
  for (const chartId of chartIds) {
    const custom = scoping.custom.get(chartId);
    chartConfiguration[String(chartId)] = {
      id: chartId,
      crossFilters: {
        scope: custom ?? 'global',
        chartsInScope: chartsInScopeOf(crossFilterScopeOf(scoping, chartId), chartIds),
      },
    };
  }
  return JSON.stringify({ ...metadata, chart_configuration: chartConfiguration, global_chart_configuration: globalConfiguration });
}

/** `json_metadata` with `cross_filters_enabled` set. */
export function withCrossFiltersEnabled(jsonMetadata: string | null, isEnabled: boolean): string {
  return JSON.stringify({ ...parseJsonMetadata(jsonMetadata), cross_filters_enabled: isEnabled });
}
