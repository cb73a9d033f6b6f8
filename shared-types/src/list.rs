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
