//! Reports and alerts (`/api/v1/report/`): scheduled deliveries of a chart or a dashboard
//! (spec 002 §3 Report, §7), with the columns of Superset 6's `ReportScheduleRestApi`.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::common::UserRef;
use crate::ids::{ChartId, DashboardId, DatabaseId};

/// A report's recipient: Superset's `{type, recipient_config_json: {target}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct ReportRecipient {
    /// `Email`, `Slack` or `SlackV2`.
    #[serde(rename = "type")]
    pub recipient_type: String,
    pub recipient_config_json: ReportRecipientConfig,
}

/// Where a recipient's delivery goes: e-mail addresses or Slack channels, comma-separated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct ReportRecipientConfig {
    pub target: String,
    #[serde(default, rename = "ccTarget", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cc_target: Option<String>,
    #[serde(default, rename = "bccTarget", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub bcc_target: Option<String>,
}

/// The chart a report sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReportChartRef {
    pub id: ChartId,
    pub slice_name: String,
    pub viz_type: String,
}

/// The dashboard a report sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReportDashboardRef {
    pub id: DashboardId,
    pub dashboard_title: String,
}

/// The database an alert's SQL runs on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReportDatabaseRef {
    pub id: DatabaseId,
    pub database_name: String,
}

/// A report schedule as `GET /api/v1/report/{pk}` shows it and each row of
/// `GET /api/v1/report/?q=` (Superset's show and list columns together).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReportSchedule {
    #[ts(type = "number")]
    pub id: i64,
    /// `Report` or `Alert`.
    #[serde(rename = "type")]
    pub report_type: String,
    pub name: String,
    pub description: Option<String>,
    pub context_markdown: Option<String>,
    pub active: bool,
    pub crontab: String,
    /// The crontab in words, as Superset's cron-descriptor: "At 09:00 AM, only on Monday".
    pub crontab_humanized: String,
    pub timezone: String,
    /// `charts`, `dashboards` or `alerts_reports`.
    pub creation_method: String,
    /// `PNG`, `CSV`, `TEXT` or `PDF`.
    pub report_format: String,
    pub chart: Option<ReportChartRef>,
    pub dashboard: Option<ReportDashboardRef>,
    pub database: Option<ReportDatabaseRef>,
    pub sql: Option<String>,
    pub validator_type: Option<String>,
    /// `{"op": ">", "threshold": 10}` for an alert's operator validator.
    #[ts(type = "Record<string, unknown> | null")]
    pub validator_config_json: Option<Value>,
    #[ts(type = "number")]
    pub grace_period: i64,
    #[ts(type = "number")]
    pub working_timeout: i64,
    #[ts(type = "number")]
    pub log_retention: i64,
    pub force_screenshot: bool,
    #[ts(type = "number | null")]
    pub custom_width: Option<i64>,
    pub email_subject: Option<String>,
    #[ts(type = "Record<string, unknown>")]
    pub extra: Value,
    pub recipients: Vec<ReportRecipient>,
    pub owners: Vec<UserRef>,
    /// When the scheduler last ran it, ISO date-time; `null` before the first run.
    pub last_eval_dttm: Option<String>,
    /// `Not triggered`, `Working`, `Success`, `Error` or `On Grace`.
    pub last_state: String,
    pub created_on: String,
    pub changed_on: String,
    pub changed_on_delta_humanized: String,
    pub created_by: Option<UserRef>,
    pub changed_by: Option<UserRef>,
}

/// `POST /api/v1/report/` and `PUT /api/v1/report/{pk}` (Superset's add and edit columns). On
/// create `type`, `name` and `crontab` are required; a PUT changes only the fields it sends, so
/// `{"active": false}` alone deactivates a report.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct ReportSchedulePayload {
    #[serde(default, rename = "type")]
    #[ts(optional)]
    pub report_type: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub description: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub context_markdown: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub active: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub crontab: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub timezone: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub creation_method: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub report_format: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub chart: Option<ChartId>,
    #[serde(default)]
    #[ts(optional)]
    pub dashboard: Option<DashboardId>,
    #[serde(default)]
    #[ts(optional)]
    pub database: Option<DatabaseId>,
    #[serde(default)]
    #[ts(optional)]
    pub sql: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub validator_type: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "Record<string, unknown>")]
    pub validator_config_json: Option<Value>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub grace_period: Option<i64>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub working_timeout: Option<i64>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub log_retention: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub force_screenshot: Option<bool>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub custom_width: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub email_subject: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "Record<string, unknown>")]
    pub extra: Option<Value>,
    #[serde(default)]
    #[ts(optional)]
    pub recipients: Option<Vec<ReportRecipient>>,
    #[serde(default)]
    #[ts(optional, type = "Array<number>")]
    pub owners: Option<Vec<i64>>,
}

/// One execution of a report (`GET /api/v1/report/{pk}/log/`): Superset's execution log row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReportExecutionLog {
    #[ts(type = "number")]
    pub id: i64,
    pub uuid: String,
    pub scheduled_dttm: String,
    pub start_dttm: Option<String>,
    pub end_dttm: Option<String>,
    pub value: Option<f64>,
    pub value_row_json: Option<String>,
    /// `Success`, `Error`, `Working`, ...
    pub state: String,
    pub error_message: Option<String>,
}
