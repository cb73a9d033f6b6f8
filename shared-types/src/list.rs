//! List calls (`GET /api/v1/{resource}/?q=`): the page envelope and the rows of each list.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::common::UserRef;

/// `{"count": n, "ids": [...], "result": [...]}`: one page of a list call; `count` is the
/// number of every matching row, `ids` the ids of this page in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ListPageResponse<T> {
    #[ts(type = "number")]
    pub count: i64,
    #[ts(type = "Array<number>")]
    pub ids: Vec<i64>,
    pub result: Vec<T>,
}

/// A dashboard a chart is on, as the chart list shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ChartListDashboard {
    #[ts(type = "number")]
    pub id: i64,
    pub dashboard_title: String,
}

/// A tag as lists show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TagRef {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    #[serde(rename = "type")]
    pub tag_type: String,
}

/// One row of `GET /api/v1/chart/?q=` (Superset's `ChartRestApi` list columns).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ChartListItem {
    #[ts(type = "number")]
    pub id: i64,
    pub uuid: String,
    pub slice_name: String,
    pub viz_type: String,
    /// `/explore/?slice_id={id}`.
    pub url: String,
    pub slice_url: String,
    pub description: Option<String>,
    #[ts(type = "number | null")]
    pub cache_timeout: Option<i64>,
    pub certified_by: Option<String>,
    pub certification_details: Option<String>,
    pub is_managed_externally: bool,
    #[ts(type = "number | null")]
    pub datasource_id: Option<i64>,
    pub datasource_type: Option<String>,
    /// `schema.table_name` of the dataset, as Superset shows it.
    pub datasource_name_text: Option<String>,
    /// `/explore/?datasource_type=table&datasource_id={id}`.
    pub datasource_url: Option<String>,
    pub params: Option<String>,
    pub changed_on_utc: String,
    pub changed_on_delta_humanized: String,
    pub created_on_delta_humanized: String,
    pub changed_by: Option<UserRef>,
    pub changed_by_name: String,
    pub created_by: Option<UserRef>,
    pub last_saved_at: String,
    pub last_saved_by: Option<UserRef>,
    pub owners: Vec<UserRef>,
    pub dashboards: Vec<ChartListDashboard>,
    pub tags: Vec<TagRef>,
    /// Whether the caller starred the chart.
    pub is_favorite: bool,
}

/// One entry of `GET /api/v1/{chart|dashboard|tag}/favorite_status/?q=!(ids)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FavoriteStatus {
    #[ts(type = "number")]
    pub id: i64,
    pub value: bool,
}

/// One row of `GET /api/v1/dashboard/?q=` (Superset's `DashboardRestApi` list columns).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DashboardListItem {
    #[ts(type = "number")]
    pub id: i64,
    pub uuid: String,
    pub dashboard_title: String,
    pub slug: Option<String>,
    /// `/superset/dashboard/{slug or id}/`.
    pub url: String,
    pub published: bool,
    /// `published` or `draft`.
    pub status: String,
    pub certified_by: Option<String>,
    pub certification_details: Option<String>,
    pub is_managed_externally: bool,
    pub changed_on_utc: String,
    pub changed_on_delta_humanized: String,
    pub created_on_delta_humanized: String,
    pub changed_by: Option<UserRef>,
    pub changed_by_name: String,
    pub created_by: Option<UserRef>,
    pub owners: Vec<UserRef>,
    /// Present only when role-based dashboard access (`DASHBOARD_RBAC`) is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub roles: Option<Vec<ListRole>>,
    pub tags: Vec<TagRef>,
    /// Whether the caller starred the dashboard.
    pub is_favorite: bool,
}

/// A role as the dashboard list shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ListRole {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
}

/// The database of a dataset list row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DatasetListDatabase {
    #[ts(type = "number")]
    pub id: i64,
    pub database_name: String,
}

/// One row of `GET /api/v1/dataset/?q=` (Superset's `DatasetRestApi` list columns).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DatasetListItem {
    #[ts(type = "number")]
    pub id: i64,
    pub uuid: String,
    pub table_name: String,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    /// The SQL of a virtual dataset.
    pub sql: Option<String>,
    /// `physical` or `virtual`.
    pub kind: String,
    /// Always `table`.
    pub datasource_type: String,
    pub database: DatasetListDatabase,
    pub description: Option<String>,
    pub default_endpoint: Option<String>,
    /// `/explore/?datasource_type=table&datasource_id={id}`.
    pub explore_url: String,
    /// The `extra` JSON text (certification, warnings).
    pub extra: Option<String>,
    pub is_managed_externally: bool,
    pub owners: Vec<UserRef>,
    pub changed_by: Option<UserRef>,
    pub changed_by_name: String,
    pub changed_on_utc: String,
    pub changed_on_delta_humanized: String,
}

/// One value of `GET /api/v1/{resource}/related/{column}` (an id) or `/distinct/{column}` (a text).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(untagged)]
pub enum RelatedValue {
    Id(#[ts(type = "number")] i64),
    Text(String),
}

/// One item of a related or distinct answer: `{"text": "Superset Admin", "value": 1}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RelatedItem {
    pub text: String,
    pub value: RelatedValue,
}
