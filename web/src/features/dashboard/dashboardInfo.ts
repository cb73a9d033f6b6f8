/**
 * The dashboard as its filters read it (spec 000 §3 "Dashboard info"; Superset's
 * `dashboardInfo`): its id, its parsed `json_metadata` and the server's `common.conf`.
 */
import type { CommonConf } from '@/api/generated/CommonConf';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { DashboardInfo } from '@/api/generated/DashboardInfo';
import type { DashboardMetadata } from '@/api/generated/DashboardMetadata';
import { parseJsonMetadata } from './filters/nativeFilterConfig';

/** `json_metadata` read as the dashboard metadata; empty when absent or unreadable (the server checked it on save). */
export function readDashboardMetadata(jsonMetadata: string | null): DashboardMetadata {
  return parseJsonMetadata(jsonMetadata);
}

/** The dashboard info of a dashboard and the server's conf. */
export function dashboardInfoOf(dashboard: Pick<Dashboard, 'id' | 'json_metadata'>, conf: CommonConf): DashboardInfo {
  return { id: dashboard.id, metadata: readDashboardMetadata(dashboard.json_metadata), common: { conf } };
}
