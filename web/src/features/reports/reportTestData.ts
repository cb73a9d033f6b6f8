/** Reports as the server answers them, for page tests. */
import type { ReportSchedule } from '@/api/generated/ReportSchedule';

/** A dashboard report named `name`, e-mailed to the admin, last run with success. */
export function report(id: number, name: string, active: boolean): ReportSchedule {
  return {
    id,
    type: 'Report',
    name,
    description: null,
    context_markdown: null,
    active,
    crontab: '0 9 * * 1-5',
    crontab_humanized: 'At 09:00 AM, Monday through Friday',
    timezone: 'Europe/Paris',
    creation_method: 'dashboards',
    report_format: 'PDF',
    chart: null,
    dashboard: { id: 4, dashboard_title: 'Births' },
    database: null,
    sql: null,
    validator_type: null,
    validator_config_json: null,
    grace_period: 14400,
    working_timeout: 3600,
    log_retention: 90,
    force_screenshot: false,
    custom_width: null,
    email_subject: null,
    extra: {},
    recipients: [{ type: 'Email', recipient_config_json: { target: 'admin@localhost' } }],
    owners: [{ id: 1, first_name: 'Superset', last_name: 'Admin' }],
    last_eval_dttm: '2026-11-24T09:00:01.000000',
    last_state: 'Success',
    created_on: '2026-11-20T10:00:00',
    changed_on: '2026-11-20T10:00:00',
    changed_on_delta_humanized: '4 days ago',
    created_by: { id: 1, first_name: 'Superset', last_name: 'Admin' },
    changed_by: null,
  };
}
