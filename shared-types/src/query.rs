//! The query context (`POST /api/v1/chart/data` body) and its query objects.
//!
//! Unknown fields are ignored, not refused: Superset clients send fields that vary by version
//! (Superset's own schema excludes unknown keys too).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::form_data::{ColumnRef, MetricRef};

/// The kinds of datasource a chart can query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum DatasourceType {
    Table,
    Query,
    Dataset,
    SlTable,
    SavedQuery,
}

/// `{"id": 3, "type": "table"}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DatasourceRef {
    #[ts(type = "number")]
    pub id: i64,
    #[serde(rename = "type")]
    pub datasource_type: DatasourceType,
}

/// How results are encoded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum ResultFormat {
    #[default]
    Json,
    Csv,
    Xlsx,
    /// Quiver's web client: an Arrow IPC stream per query.
    Arrow,
}

/// What a chart data call returns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ResultType {
    #[default]
    Full,
    Samples,
    Query,
    Results,
    Columns,
    DrillDetail,
    PostProcessed,
    Timegrains,
}

/// The operators of a query object filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[ts(export)]
pub enum FilterOperator {
    #[serde(rename = "==")]
    Equals,
    #[serde(rename = "!=")]
    NotEquals,
    #[serde(rename = ">")]
    GreaterThan,
    #[serde(rename = "<")]
    LessThan,
    #[serde(rename = ">=")]
    GreaterThanOrEquals,
    #[serde(rename = "<=")]
    LessThanOrEquals,
    #[serde(rename = "IN")]
    In,
    #[serde(rename = "NOT IN")]
    NotIn,
    #[serde(rename = "LIKE")]
    Like,
    #[serde(rename = "NOT LIKE")]
    NotLike,
    #[serde(rename = "ILIKE")]
    Ilike,
    #[serde(rename = "IS NULL")]
    IsNull,
    #[serde(rename = "IS NOT NULL")]
    IsNotNull,
    #[serde(rename = "IS TRUE")]
    IsTrue,
    #[serde(rename = "IS FALSE")]
    IsFalse,
    #[serde(rename = "TEMPORAL_RANGE")]
    TemporalRange,
}

/// `{col, op, val}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct QueryObjectFilter {
    pub col: ColumnRef,
    pub op: FilterOperator,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub val: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub grain: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "isExtra")]
    #[ts(optional)]
    pub is_extra: Option<bool>,
}

/// `extras`: free SQL where and having (validated on the server), the time grain and relative
/// anchors.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct QueryExtras {
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "where")]
    #[ts(optional, rename = "where")]
    pub where_sql: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub having: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub time_grain_sqla: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub relative_start: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub relative_end: Option<String>,
}

/// An order-by term: a metric or column, and `true` for ascending.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct OrderByTerm(pub MetricRef, pub bool);

/// One query of a query context.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct QueryObject {
    #[serde(default)]
    pub columns: Vec<ColumnRef>,
    /// `None` asks for raw rows (no aggregation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub metrics: Option<Vec<MetricRef>>,
    #[serde(default)]
    pub filters: Vec<QueryObjectFilter>,
    #[serde(default)]
    pub extras: QueryExtras,
    #[serde(default)]
    pub orderby: Vec<OrderByTerm>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub row_limit: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub row_offset: Option<i64>,
    #[serde(default = "default_order_desc")]
    pub order_desc: bool,
    #[serde(default)]
    pub series_columns: Vec<ColumnRef>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub series_limit: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub series_limit_metric: Option<MetricRef>,
    #[serde(default)]
    pub is_timeseries: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub granularity: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub time_range: Option<String>,
    #[serde(default)]
    pub time_offsets: Vec<String>,
    /// Post-processing rules `{operation, options}`, applied in order.
    #[serde(default)]
    pub post_processing: Vec<Value>,
    #[serde(default)]
    pub annotation_layers: Vec<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub url_params: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub custom_params: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub custom_form_data: Option<Map<String, Value>>,
    /// Superset's row-count query (the table chart's server pagination): the rows the query
    /// would answer are counted, as one row `{"rowcount": N}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub is_rowcount: Option<bool>,
}

fn default_order_desc() -> bool {
    true
}

/// The body of `POST /api/v1/chart/data`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct QueryContext {
    pub datasource: DatasourceRef,
    #[serde(default)]
    pub force: bool,
    pub queries: Vec<QueryObject>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub form_data: Option<Value>,
    #[serde(default)]
    pub result_format: ResultFormat,
    #[serde(default)]
    pub result_type: ResultType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub custom_cache_timeout: Option<i64>,
}
