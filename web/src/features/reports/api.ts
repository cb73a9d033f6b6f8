/**
 * Reports and alerts (`/api/v1/report/`, Superset's routes; spec 002 §7): the chart and
 * dashboard headers' report (fetched filtered to the current user's), its writes, and the
 * `/report/list/` page's queries.
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiFetch, getJson, postJson, putJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { IdResult } from '@/api/generated/IdResult';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import type { ListResponse } from '@/api/generated/ListResponse';
import type { ReportExecutionLog } from '@/api/generated/ReportExecutionLog';
import type { ReportSchedule } from '@/api/generated/ReportSchedule';
import type { ReportSchedulePayload } from '@/api/generated/ReportSchedulePayload';
import { queryKeys } from '@/api/queryKeys';
import { useResourcePermission } from '@/api/resourcePermissions';
import { risonString } from '@/api/rison';
import type { ListFilterValue, ListViewState } from '@/components/listView/listViewState';
import { listQuery, risonYesNo, useResourceList } from '@/components/listView/resourceListApi';

export const reportsPath = '/api/v1/report/';

/** `/report/list/`: Alerts & reports. */
export const reportListPagePath = '/report/list/';

/** The chart and dashboard header action that opens the ReportModal (spec 000 §2). */
export const manageEmailReportsLabel = 'Manage email reports';

/** What a report is attached to: the chart or the dashboard whose header opened it. */
export interface ReportTarget {
  kind: 'chart' | 'dashboard';
  id: number;
  /** The chart's or dashboard's name, the new report's default name. */
  name: string;
}

/** Spec 002 §8: the header could not read its reports. */
export const fetchReportsFailedMessage = 'There was an issue fetching reports attached to this dashboard.';
/** Spec 002 §8: the active flag could not be changed. */
export const toggleReportFailedMessage = 'We were unable to active or deactivate this report.';
/** Spec 002 §8: the report could not be deleted. */
export const deleteReportFailedMessage = 'Your report could not be deleted';
/** Superset's toasts after a create, an update and a delete. */
/** The resource's plural in the spec's resource messages ("An error occurred while creating %ss: %s"). */
export const reportsPlural = 'reports';
export const reportCreatedMessage = 'The report has been created';
export const reportUpdatedMessage = 'Report updated';
export function reportDeletedMessage(name: string): string {
  return `Deleted: ${name}`;
}

/**
 * The rison `q` of the header's fetch, as Superset's `fetchUISpecificReport`: the chart or
 * dashboard, its creation method, and reports created by the current user (spec 002 §6).
 */
export function headerReportQuery(target: ReportTarget, userId: number): string {
  const column = target.kind === 'chart' ? 'chart_id' : 'dashboard_id';
  const creationMethod = target.kind === 'chart' ? 'charts' : 'dashboards';
  return `(filters:!((col:${column},opr:eq,value:${target.id}),(col:creation_method,opr:eq,value:${creationMethod}),(col:created_by,opr:rel_o_m,value:${userId})))`;
}

/** The header's report (the first match), null when there is none. */
export function useHeaderReport(target: ReportTarget, userId: number | undefined): UseQueryResult<ReportSchedule | null, ApiError> {
  const q = userId === undefined ? '' : headerReportQuery(target, userId);
  return useQuery({
    queryKey: queryKeys.headerReport(target.kind, target.id),
    queryFn: async ({ signal }) => (await getJson<ListPageResponse<ReportSchedule>>(`${reportsPath}?q=${encodeURIComponent(q)}`, signal)).result[0] ?? null,
    enabled: userId !== undefined,
    retry: false,
  });
}

/** Whether the user may create and change reports (`can_write` on ReportSchedule); null while unknown. */
export function useCanWriteReports(): boolean | null {
  return useResourcePermission('report', 'can_write');
}

/** The payload of a new report on the target, as the header's ReportModal sends it. */
export function newReportPayload(target: ReportTarget, fields: Pick<ReportSchedulePayload, 'name' | 'description' | 'crontab' | 'timezone' | 'report_format'>): ReportSchedulePayload {
  return {
    type: 'Report',
    active: true,
    creation_method: target.kind === 'chart' ? 'charts' : 'dashboards',
    ...(target.kind === 'chart' ? { chart: target.id } : { dashboard: target.id }),
    ...fields,
    extra: {},
    force_screenshot: false,
  };
}

/** Superset's alert conditions (AlertReportModal's `CONDITIONS`): an operator, or `not null`. */
export const alertConditions: readonly { value: string; label: string }[] = [
  { value: '<', label: '< (Smaller than)' },
  { value: '>', label: '> (Larger than)' },
  { value: '<=', label: '<= (Smaller or equal)' },
  { value: '>=', label: '>= (Larger or equal)' },
  { value: '==', label: '== (Is equal)' },
  { value: '!=', label: '!= (Is not equal)' },
  { value: 'not null', label: 'Not null' },
];

/** What the alert form holds, as typed. */
export interface AlertFormFields {
  name: string;
  description: string;
  databaseId: number | null;
  sql: string;
  /** An operator of `alertConditions`, or `not null`. */
  condition: string;
  /** The operator's threshold as typed. */
  threshold: string;
  crontab: string;
  timezone: string;
  /** E-mail addresses, separated by "," or ";" (Superset's email target). */
  recipients: string;
}

/** Why the alert form cannot be saved yet (Superset's "Please enter ..." hints), null when it can. */
export function alertFormProblem(fields: AlertFormFields): string | null {
  if (fields.name.trim() === '') return 'Please enter an alert name';
  if (fields.databaseId === null) return 'Please choose a database';
  if (fields.sql.trim() === '') return 'Please enter a SQL query';
  if (fields.condition === '') return 'Please choose a condition';
  if (fields.condition !== 'not null' && (fields.threshold.trim() === '' || !Number.isFinite(Number(fields.threshold)))) {
    return 'Please enter a threshold value';
  }
  if (fields.recipients.trim() === '') return 'Please enter at least one email recipient';
  return null;
}

/**
 * The payload of a new alert made on `/report/list/`, as Superset's AlertReportModal sends it:
 * `validator_type` `operator` with `{op, threshold}`, or `not null` with `{}`; e-mailed to the
 * recipients typed.
 */
export function newAlertPayload(fields: AlertFormFields): ReportSchedulePayload {
  const isNotNull = fields.condition === 'not null';
  return {
    type: 'Alert',
    active: true,
    creation_method: 'alerts_reports',
    name: fields.name.trim(),
    description: fields.description,
    ...(fields.databaseId === null ? {} : { database: fields.databaseId }),
    sql: fields.sql,
    validator_type: isNotNull ? 'not null' : 'operator',
    validator_config_json: isNotNull ? {} : { op: fields.condition, threshold: Number(fields.threshold) },
    crontab: fields.crontab,
    timezone: fields.timezone,
    report_format: 'PNG',
    recipients: [{ type: 'Email', recipient_config_json: { target: fields.recipients.trim() } }],
    extra: {},
    force_screenshot: false,
  };
}

/** Superset's toast after an alert is added. */
export const alertCreatedMessage = 'Alert created';

export async function createReport(payload: ReportSchedulePayload): Promise<IdResult<ReportSchedule>> {
  return postJson<IdResult<ReportSchedule>>(reportsPath, payload);
}

/** `PUT /api/v1/report/{id}`: the fields sent only (`{active}` alone toggles the report). */
export async function updateReport(reportId: number, payload: ReportSchedulePayload): Promise<IdResult<ReportSchedule>> {
  return putJson<IdResult<ReportSchedule>>(`${reportsPath}${reportId}`, payload);
}

export async function deleteReport(reportId: number): Promise<void> {
  await apiFetch(`${reportsPath}${reportId}`, { method: 'DELETE' });
}

/** The list page's filter ids (as the URL stores them). */
export const reportListFilterIds = { search: 'search', type: 'type', active: 'active' } as const;

function risonFilter(filter: ListFilterValue): string | null {
  switch (filter.id) {
    case reportListFilterIds.search:
      return `(col:name,opr:report_all_text,value:${risonString(filter.value)})`;
    case reportListFilterIds.type:
      return `(col:type,opr:eq,value:${risonString(filter.value)})`;
    case reportListFilterIds.active: {
      const flag = risonYesNo(filter.value);
      return flag === null ? null : `(col:active,opr:eq,value:${flag})`;
    }
    default:
      return null;
  }
}

/** The rison `q` of `GET /api/v1/report/` for a list state. */
export function reportListQuery(state: Pick<ListViewState, 'filters' | 'pageIndex' | 'sortColumn' | 'sortOrder'>, pageSize: number): string {
  return listQuery(state, pageSize, risonFilter);
}

export function useReportList(q: string): UseQueryResult<ListPageResponse<ReportSchedule>, ApiError> {
  return useResourceList<ReportSchedule>('report', q);
}

/** The execution log page of a report or an alert, as Superset's `/{report|alert}/{id}/log`. */
export function executionLogPagePath(report: Pick<ReportSchedule, 'id' | 'type'>): string {
  return `/${report.type === 'Alert' ? 'alert' : 'report'}/${report.id}/log`;
}

export function useReport(reportId: number): UseQueryResult<ReportSchedule, ApiError> {
  return useQuery({
    queryKey: queryKeys.report(reportId),
    queryFn: async ({ signal }) => (await getJson<{ result: ReportSchedule }>(`${reportsPath}${reportId}`, signal)).result,
    retry: false,
  });
}

/** `GET /api/v1/report/{pk}/log/`: the report's runs, the latest first. */
export function useReportLog(reportId: number): UseQueryResult<ListResponse<ReportExecutionLog>, ApiError> {
  return useQuery({
    queryKey: queryKeys.reportLog(reportId),
    queryFn: ({ signal }) => getJson<ListResponse<ReportExecutionLog>>(`${reportsPath}${reportId}/log/`, signal),
    retry: false,
  });
}
