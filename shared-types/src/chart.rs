//! Charts (slices): the stored chart and its create and update payloads.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::common::UserRef;
use crate::ids::ChartId;

/// `GET /api/v1/chart/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Chart {
    pub id: ChartId,
    pub uuid: String,
    pub slice_name: String,
    pub viz_type: String,
    /// The form data, a JSON string.
    pub params: Option<String>,
    /// The query context the chart last saved, a JSON string.
    pub query_context: Option<String>,
    pub description: Option<String>,
    #[ts(type = "number | null")]
    pub cache_timeout: Option<i64>,
    #[ts(type = "number | null")]
    pub datasource_id: Option<i64>,
    pub datasource_type: Option<String>,
    pub owners: Vec<UserRef>,
    pub changed_on: String,
    /// `/explore/?slice_id={id}`.
    pub url: String,
}

/// `POST /api/v1/chart/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct ChartPost {
    pub slice_name: String,
    pub viz_type: String,
    #[ts(type = "number")]
    pub datasource_id: i64,
    pub datasource_type: String,
    #[serde(default)]
    #[ts(optional)]
    pub params: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub query_context: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub description: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub cache_timeout: Option<i64>,
    #[serde(default)]
    #[ts(optional, type = "Array<number>")]
    pub owners: Option<Vec<i64>>,
    #[serde(default)]
    #[ts(optional, type = "Array<number>")]
    pub dashboards: Option<Vec<i64>>,
}

/// `PUT /api/v1/chart/{id}`: only the fields sent change.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct ChartPut {
    #[serde(default)]
    #[ts(optional)]
    pub slice_name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub viz_type: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub datasource_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub datasource_type: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub params: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub query_context: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub description: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub cache_timeout: Option<i64>,
    #[serde(default)]
    #[ts(optional, type = "Array<number>")]
    pub owners: Option<Vec<i64>>,
    #[serde(default)]
    #[ts(optional, type = "Array<number>")]
    pub dashboards: Option<Vec<i64>>,
}

/// `{"id": 1, "result": {...}}`: the answer of create and update calls.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct IdResult<T> {
    #[ts(type = "number")]
    pub id: i64,
    pub result: T,
}
