//! Explore: the page's initial state (`GET /api/v1/explore/`), the form data cache
//! (`/api/v1/explore/form_data`), permalinks (`/api/v1/explore/permalink`) and resolved time
//! ranges (`/api/v1/time_range/`).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::chart::Chart;
use crate::dataset::Dataset;
use crate::form_data::FormData;
use crate::query::DatasourceType;

/// The Explore page's initial state: the dataset with its columns and metrics, the form data,
/// and the saved chart when one is open.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExploreResponse {
    pub dataset: Dataset,
    pub form_data: FormData,
    /// The saved chart behind `slice_id` (or the cached state's chart).
    pub slice: Option<Chart>,
    /// Why the state came from elsewhere than asked (an expired cache key, for example).
    pub message: Option<String>,
}

/// `POST /api/v1/explore/form_data` and `PUT /api/v1/explore/form_data/{key}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct FormDataCachePost {
    #[ts(type = "number")]
    pub datasource_id: i64,
    pub datasource_type: DatasourceType,
    #[serde(default)]
    #[ts(optional, type = "number | null")]
    pub chart_id: Option<i64>,
    /// The form data, a JSON string (as Superset sends it).
    pub form_data: String,
}

/// `POST /api/v1/explore/form_data`: 201 with the key.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FormDataKeyResponse {
    pub key: String,
}

/// `PUT /api/v1/explore/form_data/{key}`: the message and the key.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FormDataUpdateResponse {
    pub message: String,
    pub key: String,
}

/// `GET /api/v1/explore/form_data/{key}`: the stored form data, a JSON string.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FormDataCacheResponse {
    pub form_data: String,
}

/// The state a permalink keeps: the form data and the page's URL parameters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct ExplorePermalinkState {
    #[serde(rename = "formData")]
    #[ts(type = "Record<string, unknown>")]
    pub form_data: Value,
    /// `[["key", "value"], ...]`.
    #[serde(rename = "urlParams", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub url_params: Option<Vec<(String, String)>>,
}

/// `POST /api/v1/explore/permalink`: 201 with the key and the absolute URL.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PermalinkResponse {
    pub key: String,
    pub url: String,
}

/// `GET /api/v1/explore/permalink/{key}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExplorePermalinkValue {
    #[serde(rename = "chartId")]
    #[ts(type = "number | null")]
    pub chart_id: Option<i64>,
    #[serde(rename = "datasourceId")]
    #[ts(type = "number")]
    pub datasource_id: i64,
    #[serde(rename = "datasourceType")]
    pub datasource_type: DatasourceType,
    /// `"{id}__{type}"`.
    pub datasource: String,
    pub state: ExplorePermalinkState,
}

/// `GET /api/v1/time_range/?q=...`: one time range resolved to ISO date-times
/// (`2024-06-08T00:00:00`), with an empty text for an unbounded side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ResolvedTimeRange {
    pub since: String,
    pub until: String,
    /// The range as asked (`Last week`).
    #[serde(rename = "timeRange")]
    pub time_range: String,
}
