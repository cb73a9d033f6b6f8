/**
 * Where an error display stands. Superset's `ErrorSource`: on a dashboard or in Explore the
 * display speaks of "this visualization" and names the chart owners to contact (spec 001 §6).
 */
export type ErrorSource = 'explore' | 'dashboard' | 'sqllab' | 'crud';

/** A chart's area (Explore or a dashboard slot), not SQL Lab or a list page. */
export function isVisualizationSource(source: ErrorSource): boolean {
  return source === 'explore' || source === 'dashboard';
}
