//! Shapes shared by every resource.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ids::UserId;

/// `{"result": ...}`: the envelope of single-object answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ResultResponse<T> {
    pub result: T,
}

/// `{"count": n, "result": [...]}`: the envelope of list answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ListResponse<T> {
    #[ts(type = "number")]
    pub count: i64,
    pub result: Vec<T>,
}

/// An owner or author as lists show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct UserRef {
    pub id: UserId,
    pub first_name: String,
    pub last_name: String,
}

/// `{"message": "..."}`: the answer of calls that only report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MessageResponse {
    pub message: String,
}

/// `GET /health`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct HealthResponse {
    pub status: String,
    pub version: String,
}

/// `GET /api/v1/{resource}/_info?q=(keys:!(...))`: what the current user may do with a resource
/// and how its list may be filtered. Each key is present when asked for (all when `keys` is absent).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct InfoResponse {
    /// The permissions the user holds on the resource's view (`can_read`, `can_write`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub permissions: Option<Vec<String>>,
    /// The list filters of each searchable column, by column name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub filters: Option<std::collections::BTreeMap<String, Vec<InfoFilter>>>,
}

/// One filter operator of a list column: `{"name": "Starts with", "operator": "sw"}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct InfoFilter {
    pub name: String,
    pub operator: String,
}

/// `GET /api/v1/common/conf/`: the server settings the browser follows, under the names of
/// Superset's bootstrap `common.conf`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CommonConf {
    /// Seconds a chart query may run (`query_timeout_seconds`); the client stops waiting for chart
    /// data after this many seconds × 1000 (spec 000 section 9).
    #[serde(rename = "SUPERSET_WEBSERVER_TIMEOUT")]
    #[ts(type = "number")]
    pub superset_webserver_timeout: u64,
    /// Superset's `ESCAPE_MARKDOWN_HTML` feature flag (`escape_markdown_html`): on, HTML in
    /// markdown shows as text; off, it renders sanitized.
    #[serde(rename = "ESCAPE_MARKDOWN_HTML")]
    pub escape_markdown_html: bool,
    /// Superset's `SLACK_ENABLE_AVATARS` feature flag (`slack_enable_avatars`): on, owner avatars
    /// load from `GET /api/v1/user/{id}/avatar.png`; off, owners show as initials.
    #[serde(rename = "SLACK_ENABLE_AVATARS")]
    pub slack_enable_avatars: bool,
    /// Superset's `DASHBOARD_RBAC` feature flag (`dashboard_rbac`): on, dashboards carry the
    /// roles they are shared with, and saving needs admin or owner besides `can_write`.
    #[serde(rename = "DASHBOARD_RBAC")]
    pub dashboard_rbac: bool,
    /// Superset's `CONFIRM_DASHBOARD_DIFF` feature flag (`confirm_dashboard_diff`): on, an
    /// overwrite of a dashboard changed on the server since it was read asks to confirm the
    /// differing fields first.
    #[serde(rename = "CONFIRM_DASHBOARD_DIFF")]
    pub confirm_dashboard_diff: bool,
}
