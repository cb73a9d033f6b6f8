/**
 * Superset's chart URLs (its `getExploreUrl`), spec 002 section 2: "Chart export URLs take
 * parameters form_data, force, standalone, csv, query, results and samples".
 *
 * ```text
 * base        /explore/?form_data={...}
 * standalone  /explore/?form_data={...}&standalone=1[&force=1]      the chart alone, no navigation
 * full, json  /superset/explore_json/?form_data={...}[&force=true]   the chart's JSON result
 * csv         /superset/explore_json/?form_data={...}&csv=true       a CSV download
 * query       /superset/explore_json/?form_data={...}&query=true     the SQL
 * results     /superset/explore_json/?form_data={...}&results=true   the rows
 * samples     /superset/explore_json/?form_data={...}&samples=true   the dataset's first rows
 * ```
 */

export type ExploreEndpointType = 'base' | 'standalone' | 'full' | 'json' | 'csv' | 'query' | 'results' | 'samples';

/** Superset's `DashboardStandaloneMode.HideNav`, what a standalone chart URL asks for. */
export const standaloneHideNav = 1;

const exploreJsonEndpoints: readonly ExploreEndpointType[] = ['full', 'json', 'csv', 'query', 'results', 'samples'];

/** The path an endpoint type's URL points at (Superset's `getURIDirectory`). */
export function exploreEndpointPath(endpointType: ExploreEndpointType): string {
  return exploreJsonEndpoints.includes(endpointType) ? '/superset/explore_json/' : '/explore/';
}

export interface ExploreUrlOptions {
  /** Skip the result cache. */
  force?: boolean;
  /** Further query parameters, kept as given. */
  requestParams?: Readonly<Record<string, string>>;
}

/**
 * The URL of a chart's form data for an endpoint type. `label_colors` stays out of the URL, as
 * in Superset; the form data travels as JSON in `form_data`.
 */
export function exploreUrl(
  formData: Readonly<Record<string, unknown>>,
  endpointType: ExploreEndpointType = 'base',
  { force = false, requestParams = {} }: ExploreUrlOptions = {},
): string {
  const search = new URLSearchParams(requestParams);
  if (endpointType === 'standalone') {
    if (force) search.set('force', '1');
    search.set('standalone', String(standaloneHideNav));
  } else if (force && exploreJsonEndpoints.includes(endpointType)) {
    search.set('force', 'true');
  }
  if (endpointType === 'csv' || endpointType === 'query' || endpointType === 'results' || endpointType === 'samples') {
    search.set(endpointType, 'true');
  }
  const urlFormData = Object.fromEntries(Object.entries(formData).filter(([key]) => key !== 'label_colors'));
  search.set('form_data', JSON.stringify(urlFormData));
  return `${exploreEndpointPath(endpointType)}?${search.toString()}`;
}

/** A URL's `form_data` (a JSON object); null when absent or not an object. */
export function urlFormDataParam(text: string | null): Record<string, unknown> | null {
  if (text === null || text.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The loaded form data with a URL's `form_data` laid over it (Superset merges the URL's keys over
 * the chart's); the loaded datasource and chart stay.
 */
export function withUrlFormData<T extends object>(loaded: T, urlFormData: Readonly<Record<string, unknown>> | null): T {
  if (urlFormData === null) return loaded;
  const overrides = Object.fromEntries(Object.entries(urlFormData).filter(([key]) => key !== 'datasource' && key !== 'slice_id'));
  return { ...loaded, ...overrides };
}
