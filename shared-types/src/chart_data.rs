//! The answer of `POST /api/v1/chart/data`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::error::ErrorItem;

/// Superset's generic column types, sent as numbers in `coltypes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, TS)]
#[ts(export, type = "0 | 1 | 2 | 3")]
pub enum GenericDataType {
    Numeric = 0,
    String = 1,
    Temporal = 2,
    Boolean = 3,
}

impl Serialize for GenericDataType {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(*self as u8)
    }
}

impl<'de> Deserialize<'de> for GenericDataType {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match u8::deserialize(deserializer)? {
            0 => Ok(GenericDataType::Numeric),
            1 => Ok(GenericDataType::String),
            2 => Ok(GenericDataType::Temporal),
            3 => Ok(GenericDataType::Boolean),
            other => Err(serde::de::Error::custom(format!(
                "unknown generic data type {other}"
            ))),
        }
    }
}

/// Status of one query's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum QueryStatus {
    Success,
    Failed,
}

/// A filter the query applied, or rejected with a reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AppliedFilter {
    pub column: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub reason: Option<String>,
}

/// Everything about one query's result but the rows. The Arrow format carries this as JSON in
/// the stream's schema metadata (key `quiver:result`), the JSON format flattens it next to `data`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ChartDataResultMeta {
    pub colnames: Vec<String>,
    pub coltypes: Vec<GenericDataType>,
    #[ts(type = "number")]
    pub rowcount: i64,
    #[ts(type = "number")]
    pub sql_rowcount: i64,
    pub is_cached: bool,
    pub cached_dttm: Option<String>,
    pub cache_key: Option<String>,
    #[ts(type = "number | null")]
    pub cache_timeout: Option<i64>,
    /// The SQL that ran.
    pub query: String,
    pub status: QueryStatus,
    pub stacktrace: Option<String>,
    /// Resolved time range start, epoch milliseconds.
    #[ts(type = "number | null")]
    pub from_dttm: Option<i64>,
    #[ts(type = "number | null")]
    pub to_dttm: Option<i64>,
    pub applied_filters: Vec<AppliedFilter>,
    pub rejected_filters: Vec<AppliedFilter>,
    pub error: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<ErrorItem>,
    pub annotation_data: Map<String, Value>,
    pub label_map: Map<String, Value>,
}

/// One query's result in JSON: the rows as records, timestamps as epoch milliseconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ChartDataResult {
    #[serde(flatten)]
    pub meta: ChartDataResultMeta,
    pub data: Vec<Map<String, Value>>,
}

/// `{"result": [...]}`, one entry per query object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ChartDataResponse {
    pub result: Vec<ChartDataResult>,
}

/// Where an async job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum AsyncJobStatus {
    Pending,
    Running,
    Done,
    Error,
}

/// The 202 answer when async queries are on, and each event of the job's channel
/// (`GET /api/v1/async_event/`, the websocket). Events carry their stream `id`
/// (`"{epoch ms}-{sequence}"`); the 202 answer has none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AsyncJobResponse {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<String>,
    pub channel_id: String,
    pub job_id: String,
    pub user_id: Option<String>,
    pub status: AsyncJobStatus,
    #[serde(default)]
    pub errors: Vec<ErrorItem>,
    pub result_url: Option<String>,
}

/// `GET /api/v1/async_event/`: the events after `last_id`, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AsyncEventsResponse {
    pub result: Vec<AsyncJobResponse>,
}
