//! The files of a Superset v1 bundle, key for key as Superset 6 writes them. Reading ignores keys
//! Quiver does not keep (Superset adds some over versions) but refuses wrong types.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The version every file of a bundle carries.
pub const BUNDLE_VERSION: &str = "1.0.0";

/// What Superset writes in place of a password in an exported URI.
pub const PASSWORD_MASK: &str = "XXXXXXXXXX";

/// `metadata.yaml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BundleMetadata {
    pub version: String,
    /// `Dashboard`, `Slice`, `SqlaTable`, `Database` or `SavedQuery`.
    #[serde(rename = "type")]
    pub kind: String,
    pub timestamp: String,
}

fn default_true() -> bool {
    true
}

fn empty_object() -> Value {
    Value::Object(serde_json::Map::new())
}

fn default_version() -> String {
    BUNDLE_VERSION.to_owned()
}

/// `databases/{name}.yaml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DatabaseConfig {
    pub database_name: String,
    pub sqlalchemy_uri: String,
    #[serde(default)]
    pub cache_timeout: Option<i64>,
    #[serde(default = "default_true")]
    pub expose_in_sqllab: bool,
    #[serde(default)]
    pub allow_run_async: bool,
    #[serde(default)]
    pub allow_ctas: bool,
    #[serde(default)]
    pub allow_cvas: bool,
    #[serde(default)]
    pub allow_dml: bool,
    #[serde(default)]
    pub allow_file_upload: bool,
    /// A mapping (Superset's `extra` JSON read as YAML).
    #[serde(default = "empty_object")]
    pub extra: Value,
    #[serde(default)]
    pub impersonate_user: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub configuration_method: Option<String>,
    pub uuid: uuid::Uuid,
    #[serde(default = "default_version")]
    pub version: String,
    /// Accepted on import (Superset reads a `password` key too); never written.
    #[serde(default, skip_serializing)]
    pub password: Option<String>,
    /// An SSH tunnel's settings; accepted and not kept (Quiver does not open tunnels).
    #[serde(default, skip_serializing)]
    pub ssh_tunnel: Option<Value>,
}

/// A column of a dataset file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ColumnConfig {
    pub column_name: String,
    #[serde(default)]
    pub verbose_name: Option<String>,
    #[serde(default)]
    pub is_dttm: bool,
    #[serde(default = "default_true")]
    pub is_active: bool,
    #[serde(rename = "type", default)]
    pub column_type: Option<String>,
    #[serde(default)]
    pub advanced_data_type: Option<String>,
    #[serde(default = "default_true")]
    pub groupby: bool,
    #[serde(default = "default_true")]
    pub filterable: bool,
    #[serde(default)]
    pub expression: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub python_date_format: Option<String>,
    #[serde(default)]
    pub datetime_format: Option<String>,
    /// A mapping, a JSON string or null.
    #[serde(default)]
    pub extra: Option<Value>,
}

/// A metric of a dataset file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MetricConfig {
    pub metric_name: String,
    #[serde(default)]
    pub verbose_name: Option<String>,
    #[serde(default)]
    pub metric_type: Option<String>,
    pub expression: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub d3format: Option<String>,
    #[serde(default)]
    pub currency: Option<Value>,
    #[serde(default)]
    pub extra: Option<Value>,
    #[serde(default)]
    pub warning_text: Option<String>,
}

/// `datasets/{database}/{table}_{id}.yaml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DatasetConfig {
    pub table_name: String,
    #[serde(default)]
    pub main_dttm_col: Option<String>,
    #[serde(default)]
    pub currency_code_column: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub default_endpoint: Option<String>,
    #[serde(default)]
    pub offset: i64,
    #[serde(default)]
    pub cache_timeout: Option<i64>,
    #[serde(default)]
    pub catalog: Option<String>,
    #[serde(default)]
    pub schema: Option<String>,
    #[serde(default)]
    pub sql: Option<String>,
    #[serde(default)]
    pub params: Option<Value>,
    #[serde(default)]
    pub template_params: Option<Value>,
    #[serde(default = "default_true")]
    pub filter_select_enabled: bool,
    #[serde(default)]
    pub fetch_values_predicate: Option<String>,
    #[serde(default)]
    pub extra: Option<Value>,
    #[serde(default)]
    pub normalize_columns: bool,
    #[serde(default)]
    pub always_filter_main_dttm: bool,
    #[serde(default)]
    pub folders: Option<Value>,
    pub uuid: uuid::Uuid,
    #[serde(default)]
    pub metrics: Vec<MetricConfig>,
    #[serde(default)]
    pub columns: Vec<ColumnConfig>,
    #[serde(default = "default_version")]
    pub version: String,
    pub database_uuid: uuid::Uuid,
}

/// `charts/{name}_{id}.yaml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChartConfig {
    pub slice_name: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub certified_by: Option<String>,
    #[serde(default)]
    pub certification_details: Option<String>,
    pub viz_type: String,
    /// The chart's form data, a mapping.
    #[serde(default = "empty_object")]
    pub params: Value,
    /// The last query context, as a JSON string.
    #[serde(default)]
    pub query_context: Option<String>,
    #[serde(default)]
    pub cache_timeout: Option<i64>,
    pub uuid: uuid::Uuid,
    #[serde(default = "default_version")]
    pub version: String,
    pub dataset_uuid: uuid::Uuid,
}

/// `dashboards/{title}_{id}.yaml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DashboardConfig {
    pub dashboard_title: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub css: Option<String>,
    #[serde(default)]
    pub slug: Option<String>,
    #[serde(default)]
    pub certified_by: Option<String>,
    #[serde(default)]
    pub certification_details: Option<String>,
    #[serde(default)]
    pub published: bool,
    pub uuid: uuid::Uuid,
    /// The layout (`position_json`), a mapping.
    #[serde(default = "empty_object")]
    pub position: Value,
    /// `json_metadata`, a mapping.
    #[serde(default = "empty_object")]
    pub metadata: Value,
    #[serde(default = "default_version")]
    pub version: String,
}

/// `queries/{database}/{schema}/{label}.yaml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedQueryConfig {
    #[serde(default)]
    pub catalog: Option<String>,
    #[serde(default)]
    pub schema: Option<String>,
    #[serde(default)]
    pub label: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub sql: String,
    #[serde(default)]
    pub template_parameters: Option<Value>,
    pub uuid: uuid::Uuid,
    #[serde(default = "default_version")]
    pub version: String,
    pub database_uuid: uuid::Uuid,
}

/// A value kept as JSON text in the store: a string stays as it is, anything else is written as
/// JSON; null is none.
pub fn json_text(value: &Option<Value>) -> Option<String> {
    match value {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(text.clone()),
        Some(other) => Some(other.to_string()),
    }
}

/// JSON text from the store as a value for a bundle: a mapping or list when it parses as one,
/// otherwise the text.
pub fn json_value(text: &Option<String>) -> Option<Value> {
    let text = text.as_deref()?;
    match serde_json::from_str::<Value>(text) {
        Ok(value @ (Value::Object(_) | Value::Array(_))) => Some(value),
        _ => Some(Value::String(text.to_owned())),
    }
}
