/**
 * The overwrite check of a dashboard save (spec 001 §4, Superset's `CONFIRM_DASHBOARD_DIFF`):
 * before an overwrite, the dashboard is read again; when it changed on the server since the page
 * read it and the save would overwrite differing fields (css, filter scopes), the user confirms
 * first.
 */
import { getJson } from '@/api/client';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { ResultResponse } from '@/api/generated/ResultResponse';

export const confirmOverwriteTitle = 'Confirm overwrite';
export const confirmOverwriteQuestion = 'Are you sure you intend to overwrite the following values?';
export const confirmOverwriteButtonLabel = 'Yes, overwrite changes';
export const cancelOverwriteButtonLabel = 'No';
/** The danger toast while the overwrite waits for its confirmation (spec 001 §5). */
export const confirmOverwriteMessage = 'Please confirm the overwrite values.';
export const lastUpdatedTitle = 'Last Updated %s by %s';
export const newValueTitle = 'new value';

/** The fields compared (Superset's `OVERWRITE_INSPECT_FIELDS`); a dotted path reads into a JSON string field. */
export const overwriteInspectFields = ['css', 'json_metadata.filter_scopes'] as const;

const jsonFields = new Set(['json_metadata', 'position_json']);

/** The fields of a dashboard the overwrite check reads. */
export type OverwrittenFields = Pick<Dashboard, 'css' | 'json_metadata'>;

/** One differing field: its key path and both values as text. */
export interface OverwriteItem {
  keyPath: string;
  oldValue: string;
  newValue: string;
}

/** What the confirmation shows: who changed the dashboard when, and the differing fields. */
export interface OverwriteConfirmation {
  updatedAt: string;
  updatedBy: string;
  items: OverwriteItem[];
}

function parsedJson(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function valueAt(fields: OverwrittenFields, keyPath: string): unknown {
  let value: unknown = fields;
  for (const key of keyPath.split('.')) {
    const next = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    value = jsonFields.has(key) ? parsedJson(next) : next;
  }
  return value;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** The inspected fields whose values differ between the server's dashboard and the save (Superset's `getOverwriteItems`). */
export function overwriteItems(server: OverwrittenFields, next: OverwrittenFields): OverwriteItem[] {
  return overwriteInspectFields
    .map((keyPath) => ({ keyPath, oldValue: valueText(valueAt(server, keyPath)), newValue: valueText(valueAt(next, keyPath)) }))
    .filter(({ oldValue, newValue }) => oldValue !== newValue);
}

/** The full name of the user who last changed the dashboard. */
function changedByName(dashboard: Dashboard): string {
  const user = dashboard.changed_by;
  return user === null ? '' : `${user.first_name} ${user.last_name}`.trim();
}

/**
 * Reads the dashboard again and answers what the user must confirm before `next` overwrites it:
 * null when it did not change on the server since `loaded` was read (same `changed_on`) or when
 * no inspected field differs.
 */
export async function overwriteConfirmation(loaded: Dashboard, next: OverwrittenFields): Promise<OverwriteConfirmation | null> {
  const server = (await getJson<ResultResponse<Dashboard>>(`/api/v1/dashboard/${loaded.id}`)).result;
  if (server.changed_on === loaded.changed_on) return null;
  const items = overwriteItems(server, next);
  if (items.length === 0) return null;
  return { updatedAt: server.changed_on, updatedBy: changedByName(server), items };
}
