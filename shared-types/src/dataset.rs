//! Datasets and the databases they live in, as the API shows them.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::chart_data::GenericDataType;
use crate::common::UserRef;
use crate::ids::{DatabaseId, DatasetId};

/// A database as nested in other objects.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DatabaseRef {
    pub id: DatabaseId,
    pub database_name: String,
    pub backend: String,
    /// The editor offers a catalog only when this is set (spec 001 section 3).
    pub allow_multi_catalog: bool,
}

/// A dataset column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DatasetColumn {
    #[ts(type = "number")]
    pub id: i64,
    pub column_name: String,
    pub verbose_name: Option<String>,
    pub description: Option<String>,
    /// The engine's type name, `VARCHAR`, `BIGINT`, ...
    #[serde(rename = "type")]
    pub column_type: Option<String>,
    pub type_generic: Option<GenericDataType>,
    pub is_dttm: bool,
    pub is_active: bool,
    pub groupby: bool,
    pub filterable: bool,
    /// A calculated column's SQL expression.
    pub expression: Option<String>,
    pub python_date_format: Option<String>,
    pub advanced_data_type: Option<String>,
    /// JSON text: `certification` (`certified_by`, `details`) and `warning_markdown`.
    pub extra: Option<String>,
    /// `extra.warning_markdown` (Superset's column property of that name): Explore shows a
    /// warning icon with this markdown as its tooltip; null when the column has no warning.
    pub warning_markdown: Option<String>,
    pub uuid: Option<String>,
}

/// A saved metric of a dataset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DatasetMetric {
    #[ts(type = "number")]
    pub id: i64,
    pub metric_name: String,
    pub verbose_name: Option<String>,
    pub description: Option<String>,
    pub expression: String,
    pub metric_type: Option<String>,
    pub d3format: Option<String>,
    pub currency: Option<Value>,
    pub warning_text: Option<String>,
    /// JSON text: `certification` (`certified_by`, `details`) and `warning_markdown`.
    pub extra: Option<String>,
    /// Who certified the metric, read from `extra.certification.certified_by` (Superset's
    /// `certified_by` property); null when not certified.
    pub certified_by: Option<String>,
    /// `extra.certification.details`, shown under the certifier's name.
    pub certification_details: Option<String>,
    pub uuid: Option<String>,
}

/// `GET /api/v1/dataset/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Dataset {
    pub id: DatasetId,
    pub table_name: String,
    pub schema: Option<String>,
    pub catalog: Option<String>,
    pub database: DatabaseRef,
    /// The SQL of a virtual dataset.
    pub sql: Option<String>,
    /// `physical` or `virtual`.
    pub kind: String,
    pub description: Option<String>,
    pub main_dttm_col: Option<String>,
    #[ts(type = "number | null")]
    pub cache_timeout: Option<i64>,
    pub is_managed_externally: bool,
    pub external_url: Option<String>,
    pub owners: Vec<UserRef>,
    pub columns: Vec<DatasetColumn>,
    pub metrics: Vec<DatasetMetric>,
    pub uuid: Option<String>,
    pub changed_on: Option<String>,
    pub created_on: Option<String>,
    pub filter_select_enabled: bool,
    pub fetch_values_predicate: Option<String>,
    pub normalize_columns: bool,
    pub always_filter_main_dttm: bool,
    /// Hours added to the dataset's times.
    #[ts(type = "number")]
    pub offset: i64,
    pub default_endpoint: Option<String>,
    pub is_sqllab_view: bool,
    /// JSON text.
    pub template_params: Option<String>,
    /// JSON text: `certification` (`certified_by`, `details`) and `warning_markdown`.
    pub extra: Option<String>,
    /// `table`.
    pub datasource_type: String,
    /// `/tablemodelview/edit/{id}`, as Superset answers it.
    pub url: String,
}

/// `POST /api/v1/dataset/`: a physical dataset over a table, or a virtual one over `sql`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct DatasetPost {
    /// The database id.
    #[ts(type = "number")]
    pub database: i64,
    #[serde(default)]
    #[ts(optional)]
    pub catalog: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub schema: Option<String>,
    pub table_name: String,
    #[serde(default)]
    #[ts(optional)]
    pub sql: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "Array<number>")]
    pub owners: Option<Vec<i64>>,
    /// SQL Lab's "Create chart" sends these with a virtual dataset (spec 002 section 7).
    #[serde(default)]
    #[ts(optional)]
    pub is_managed_externally: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub external_url: Option<String>,
    /// Template parameters as JSON text.
    #[serde(default)]
    #[ts(optional)]
    pub template_params: Option<String>,
    /// The columns as the client knows them (SQL Lab's result columns). The source's columns are
    /// stored, as Superset's metadata sync does; a given column of the same name sets `is_dttm`.
    #[serde(default)]
    #[ts(optional)]
    pub columns: Option<Vec<DatasetColumnPut>>,
}

/// `POST /api/v1/dataset/get_or_create/`: the dataset of a table, created when missing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct DatasetGetOrCreate {
    pub table_name: String,
    #[ts(type = "number")]
    pub database_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub catalog: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub schema: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub template_params: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub always_filter_main_dttm: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub normalize_columns: Option<bool>,
}

/// The answer of `POST /api/v1/dataset/get_or_create/`: `{"result": {"table_id": n}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DatasetTableId {
    #[ts(type = "number")]
    pub table_id: i64,
}

/// A column in `PUT /api/v1/dataset/{pk}`: `id` names an existing column (when numeric); a column
/// without one is new (a calculated column when it has an `expression`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct DatasetColumnPut {
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub id: Option<i64>,
    pub column_name: String,
    #[serde(default, rename = "type")]
    #[ts(optional)]
    pub column_type: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub advanced_data_type: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub verbose_name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub description: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub expression: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub filterable: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub groupby: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub is_active: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub is_dttm: Option<bool>,
    /// An empty value becomes null.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub python_date_format: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub uuid: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub extra: Option<String>,
    /// Read-only fields a client may echo back: ignored.
    #[serde(default)]
    #[ts(optional, type = "unknown")]
    pub type_generic: Option<Value>,
}

/// A metric in `PUT /api/v1/dataset/{pk}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct DatasetMetricPut {
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub id: Option<i64>,
    pub metric_name: String,
    pub expression: String,
    #[serde(default)]
    #[ts(optional)]
    pub metric_type: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub verbose_name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub description: Option<String>,
    /// An empty value becomes null.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub d3format: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "unknown")]
    pub currency: Option<Value>,
    #[serde(default)]
    #[ts(optional)]
    pub warning_text: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub uuid: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub extra: Option<String>,
}

/// `PUT /api/v1/dataset/{pk}` (spec 001 §3): absent fields keep their value; `columns` and
/// `metrics`, when given, are the whole new lists.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct DatasetPut {
    #[serde(default)]
    #[ts(optional)]
    pub table_name: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub database_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub sql: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub filter_select_enabled: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub fetch_values_predicate: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub catalog: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub schema: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub description: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub main_dttm_col: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub normalize_columns: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub always_filter_main_dttm: Option<bool>,
    /// Hours; a whole number.
    #[serde(default)]
    #[ts(optional, type = "number | string | null")]
    pub offset: Option<Value>,
    #[serde(default)]
    #[ts(optional)]
    pub default_endpoint: Option<String>,
    /// Seconds; a whole number, an empty value becomes null.
    #[serde(default)]
    #[ts(optional, type = "number | string | null")]
    pub cache_timeout: Option<Value>,
    #[serde(default)]
    #[ts(optional)]
    pub is_sqllab_view: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub template_params: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub extra: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub is_managed_externally: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub external_url: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "Array<number>")]
    pub owners: Option<Vec<i64>>,
    #[serde(default)]
    #[ts(optional)]
    pub columns: Option<Vec<DatasetColumnPut>>,
    #[serde(default)]
    #[ts(optional)]
    pub metrics: Option<Vec<DatasetMetricPut>>,
}
