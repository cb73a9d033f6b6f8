import type { DataMask } from '@/api/generated/DataMask';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import type { NativeFilterScope } from '@/api/generated/NativeFilterScope';

/** The data masks of a dashboard: by native filter id, and by chart id for cross-filters. */
export type DataMaskState = Readonly<Record<string, DataMask>>;

export const nativeFilterPrefix = 'NATIVE_FILTER-';
export const dividerPrefix = 'NATIVE_FILTER_DIVIDER-';
export const selectFilterType = 'filter_select';
export const rangeFilterType = 'filter_range';
export const timeRangeFilterType = 'filter_time';
export const timeColumnFilterType = 'filter_timecolumn';
export const timeGrainFilterType = 'filter_timegrain';
/** The filter types the configuration modal offers, in its order, with Superset's names. */
export const filterTypeNames: Readonly<Record<string, string>> = {
  [selectFilterType]: 'Value',
  [rangeFilterType]: 'Numerical range',
  [timeRangeFilterType]: 'Time range',
  [timeColumnFilterType]: 'Time column',
  [timeGrainFilterType]: 'Time grain',
};

/** Whether a filter type is one of the time filters (time range, time column, time grain). */
export function isTimeFilterType(filterType: string): boolean {
  return filterType === timeRangeFilterType || filterType === timeColumnFilterType || filterType === timeGrainFilterType;
}

/** Whether a filter type reads its values from a dataset: all but the time range. */
export function needsDataset(filterType: string): boolean {
  return filterType !== timeRangeFilterType;
}

/** Whether a filter type filters on a column: the value and numerical range filters. */
export function needsColumn(filterType: string): boolean {
  return filterType === selectFilterType || filterType === rangeFilterType;
}

/** The whole dashboard: the scope of a new filter and of cross-filters by default. */
export const allChartsScope: NativeFilterScope = { rootPath: ['ROOT_ID'], excluded: [] };

const emptyExtraFormData: ExtraFormData = {};

/** `json_metadata` as an object; empty when absent or unreadable. */
export function parseJsonMetadata(jsonMetadata: string | null): Record<string, unknown> {
  if (jsonMetadata === null || jsonMetadata.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(jsonMetadata);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The native filters (not dividers) of `json_metadata.native_filter_configuration`. */
export function readNativeFilters(jsonMetadata: string | null): NativeFilter[] {
  const configuration = parseJsonMetadata(jsonMetadata).native_filter_configuration;
  if (!Array.isArray(configuration)) return [];
  return (configuration as NativeFilter[]).filter(
    (filter) => typeof filter.id === 'string' && filter.id.startsWith(nativeFilterPrefix) && filter.type !== 'DIVIDER',
  );
}

/** The filters and dividers of `native_filter_configuration`, in its order: what the bar shows. */
export function readFilterBarItems(jsonMetadata: string | null): NativeFilter[] {
  const configuration = parseJsonMetadata(jsonMetadata).native_filter_configuration;
  if (!Array.isArray(configuration)) return [];
  return (configuration as NativeFilter[]).filter((item) => typeof item.id === 'string' && (isDivider(item) || item.id.startsWith(nativeFilterPrefix)));
}

/** Whether a configuration item is a divider (`type: DIVIDER`, id `NATIVE_FILTER_DIVIDER-`). */
export function isDivider(item: NativeFilter): boolean {
  return item.type === 'DIVIDER' || item.id.startsWith(dividerPrefix);
}

/** A fresh filter id, `NATIVE_FILTER-` and a random suffix. */
export function newNativeFilterId(): string {
  return `${nativeFilterPrefix}${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
}

/** A fresh divider id, `NATIVE_FILTER_DIVIDER-` and a random suffix. */
export function newDividerId(): string {
  return `${dividerPrefix}${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
}

/** The column a filter filters on. */
export function filterColumnName(filter: NativeFilter): string | undefined {
  return filter.targets[0]?.column?.name;
}

export function filterDatasetId(filter: NativeFilter): number | undefined {
  return filter.targets[0]?.datasetId;
}

/**
 * Whether the filter needs a value: "Filter value is required" (`enableEmptyFilter`), or a Value
 * filter choosing its first value by default (`defaultToFirstItem`), as Superset's
 * `checkIsMissingRequiredValue` reads them. Without one, the charts it filters show no rows.
 */
export function isFilterValueRequired(filter: NativeFilter): boolean {
  return filter.controlValues.enableEmptyFilter === true || filter.controlValues.defaultToFirstItem === true;
}

export function isMultipleSelect(filter: NativeFilter): boolean {
  return filter.controlValues.multiSelect !== false;
}

/** An empty data mask for `id`. */
export function emptyDataMask(id: string): DataMask {
  return { id, extraFormData: emptyExtraFormData, filterState: {} };
}

/** Whether a mask filters anything. */
export function isDataMaskActive(mask: DataMask | undefined): boolean {
  const extra = mask?.extraFormData ?? emptyExtraFormData;
  return (
    (extra.filters?.length ?? 0) > 0 ||
    (extra.adhoc_filters?.length ?? 0) > 0 ||
    extra.time_range !== undefined ||
    extra.granularity_sqla !== undefined ||
    extra.time_grain_sqla !== undefined
  );
}

/**
 * The masks a dashboard opens with: each filter's default, or its first value for a filter
 * choosing it by default (`firstItems`), then the permalink's saved masks.
 */
export function initialDataMasks(
  filters: readonly NativeFilter[],
  saved: Record<string, unknown> | undefined,
  firstItems: DataMaskState = {},
): Record<string, DataMask> {
  const masks: Record<string, DataMask> = {};
  for (const filter of filters) {
    masks[filter.id] = { ...(firstItems[filter.id] ?? filter.defaultDataMask), id: filter.id };
  }
  for (const [id, mask] of Object.entries(saved ?? {})) {
    if (typeof mask === 'object' && mask !== null) masks[id] = { ...emptyDataMask(id), ...(mask as Partial<DataMask>), id };
  }
  return masks;
}

/** Whether a data mask key is a cross-filter (a chart id) rather than a native filter. */
export function isCrossFilterKey(key: string): boolean {
  return /^\d+$/.test(key);
}

/** The values of each chart's own cross-filter, by chart id. */
export function crossFilterValuesByChart(applied: DataMaskState): Map<number, readonly unknown[]> {
  const values = new Map<number, readonly unknown[]>();
  for (const [key, mask] of Object.entries(applied)) {
    const value = mask.filterState.value;
    if (isCrossFilterKey(key) && Array.isArray(value)) values.set(Number(key), value as unknown[]);
  }
  return values;
}

/** The dataset id of a `{id}__table` datasource key; null for other keys. */
export function datasetIdOf(datasource: string): number | null {
  const match = /^(\d+)__table$/.exec(datasource);
  return match === null ? null : Number(match[1]);
}
