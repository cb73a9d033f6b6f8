import { useDashboardDatasets } from './filters/api';

/** Superset's `datasetsStatus` (spec 001 §4 flags): the dashboard's datasets call in flight, answered, or failed. */
export type DatasetsStatus = 'loading' | 'complete' | 'error';

/**
 * Loads the dashboard's datasets (`GET /api/v1/dashboard/{id}/datasets`) as the page opens, as
 * Superset's dashboard page does, and answers the 'datasets loading' flag of that call. The
 * filter configuration reads the same cached answer.
 */
export function useDatasetsStatus(idOrSlug: string): DatasetsStatus {
  const datasets = useDashboardDatasets(idOrSlug, true);
  if (datasets.isError) return 'error';
  return datasets.isPending ? 'loading' : 'complete';
}
