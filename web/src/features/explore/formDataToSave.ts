import type { ExploreFormData } from './exploreFormData';

/**
 * Controls that only live in the URL for one visit (Superset's TEMPORARY_CONTROLS), and the
 * chart's own state (a server-paginated table's page), which is never saved.
 */
const temporaryControls: readonly string[] = ['url_params', 'own_state'];

/** The time range a kept temporal filter falls back to when saved. */
export const noTimeFilter = 'No filter';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Spec 002 section 4: saving strips the extra adhoc filters (those a dashboard added, `isExtra`)
 * and keeps time-range filters, with the comparator back to 'No filter'.
 *
 * `[{subject: 'gender', isExtra: true}, {operator: 'TEMPORAL_RANGE', comparator: 'Last week', isExtra: true}]`
 * saves as `[{operator: 'TEMPORAL_RANGE', comparator: 'No filter'}]`.
 */
export function filtersToSave(filters: readonly unknown[]): unknown[] {
  const kept: unknown[] = [];
  for (const filter of filters) {
    if (!isRecord(filter) || filter.isExtra !== true) {
      kept.push(filter);
      continue;
    }
    if (filter.operator === 'TEMPORAL_RANGE') {
      const keptFilter: Record<string, unknown> = { ...filter, comparator: noTimeFilter };
      delete keptFilter.isExtra;
      kept.push(keptFilter);
    }
  }
  return kept;
}

/** The form data a chart saves or shares: temporary controls removed, extra filters stripped. */
export function formDataToSave(formData: ExploreFormData): ExploreFormData {
  const saved: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(formData)) {
    if (temporaryControls.includes(key)) continue;
    saved[key] = key.includes('adhoc_filters') && Array.isArray(value) ? filtersToSave(value) : value;
  }
  return saved as ExploreFormData;
}
