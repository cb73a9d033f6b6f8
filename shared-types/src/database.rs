//! Database connections as the connection dialog writes and reads them (`/api/v1/database/`),
//! the engines it offers (`/available/`) and CSV uploads.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::ids::DatabaseId;

/// The connection fields of the "parameters" form (instead of a SQLAlchemy URI).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct DatabaseParameters {
    #[serde(default)]
    #[ts(optional)]
    pub host: Option<String>,
    /// A number, or text holding one (the form sends either).
    #[serde(default)]
    #[ts(optional, type = "number | string | null")]
    pub port: Option<Value>,
    /// The database name, or the file path of DuckDB and SQLite.
    #[serde(default)]
    #[ts(optional)]
    pub database: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub username: Option<String>,
    /// Write only: answers show `XXXXXXXXXX` instead.
    #[serde(default)]
    #[ts(optional)]
    pub password: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub query: Option<BTreeMap<String, String>>,
    #[serde(default)]
    #[ts(optional)]
    pub encryption: Option<bool>,
    /// The form's catalog rows as Superset sends them, a name-value map (`{"sales": "sales"}`):
    /// on a PostgreSQL connection each row names a catalog and the database of the same server it
    /// reads, which `validate_parameters` connects to. Kept in the rows' order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Record<string, string>")]
    pub catalog: Option<CatalogRows>,
}

/// Name-value rows in the order of the JSON object (a `BTreeMap` would sort them, and errors
/// point at a row by its index).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CatalogRows(pub Vec<(String, String)>);

impl Serialize for CatalogRows {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for CatalogRows {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct RowsVisitor;
        impl<'de> serde::de::Visitor<'de> for RowsVisitor {
            type Value = CatalogRows;
            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("an object of catalog names and values")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut access: A) -> Result<CatalogRows, A::Error> {
                let mut rows = Vec::new();
                while let Some((name, value)) = access.next_entry::<String, Option<String>>()? {
                    rows.push((name, value.unwrap_or_default()));
                }
                Ok(CatalogRows(rows))
            }
        }
        deserializer.deserialize_map(RowsVisitor)
    }
}

/// `POST /api/v1/database/`, `PUT /api/v1/database/{pk}`, `POST /api/v1/database/test_connection/`
/// and `POST /api/v1/database/validate_parameters/`: a connection either as `sqlalchemy_uri` or
/// as `engine` plus `parameters`, with its settings. Absent fields keep their value on PUT.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct DatabaseConfig {
    #[serde(default)]
    #[ts(optional)]
    pub database_name: Option<String>,
    /// `duckdb`, `sqlite`, `postgresql` or `mysql` (with `parameters`).
    #[serde(default)]
    #[ts(optional)]
    pub engine: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub driver: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub sqlalchemy_uri: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub parameters: Option<DatabaseParameters>,
    /// `sqlalchemy_form` or `dynamic_form`.
    #[serde(default)]
    #[ts(optional)]
    pub configuration_method: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub expose_in_sqllab: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub allow_run_async: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub allow_dml: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub allow_ctas: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub allow_cvas: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub allow_file_upload: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub allow_multi_catalog: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub force_ctas_schema: Option<String>,
    /// Seconds; an empty string means none.
    #[serde(default)]
    #[ts(optional, type = "number | string | null")]
    pub cache_timeout: Option<Value>,
    /// JSON text (Superset's `extra`).
    #[serde(default)]
    #[ts(optional)]
    pub extra: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub impersonate_user: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub masked_encrypted_extra: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub server_cert: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub is_managed_externally: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub external_url: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub uuid: Option<String>,
    /// The database id on `test_connection` of a saved connection (its stored password is used
    /// when the form still shows the mask).
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub id: Option<i64>,
}

/// `GET /api/v1/database/{pk}` and the answers of POST and PUT: the password never appears.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DatabaseDetail {
    pub id: DatabaseId,
    pub uuid: String,
    pub database_name: String,
    pub backend: String,
    pub engine: String,
    /// The URI with its password replaced by `XXXXXXXXXX`.
    pub sqlalchemy_uri: String,
    pub parameters: DatabaseParameters,
    pub configuration_method: String,
    pub expose_in_sqllab: bool,
    pub allow_run_async: bool,
    pub allow_dml: bool,
    pub allow_ctas: bool,
    pub allow_cvas: bool,
    pub allow_file_upload: bool,
    pub allow_multi_catalog: bool,
    pub force_ctas_schema: Option<String>,
    #[ts(type = "number | null")]
    pub cache_timeout: Option<i64>,
    pub extra: String,
    pub is_managed_externally: bool,
    pub external_url: Option<String>,
}

/// `{"id": 1, "result": {...}}` of the database calls.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DatabaseDetailResponse {
    pub id: DatabaseId,
    pub result: DatabaseDetail,
}

/// What an engine supports, for the connection dialog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EngineInformation {
    pub supports_file_upload: bool,
    pub disable_ssh_tunneling: bool,
    pub supports_dynamic_catalog: bool,
    pub supports_oauth2: bool,
}

/// One engine of `GET /api/v1/database/available/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AvailableEngine {
    pub name: String,
    pub engine: String,
    pub available_drivers: Vec<String>,
    pub default_driver: String,
    pub sqlalchemy_uri_placeholder: String,
    pub preferred: bool,
    /// A JSON schema of [`DatabaseParameters`] for this engine: `{type, properties, required}`.
    #[ts(type = "Record<string, unknown>")]
    pub parameters: Value,
    pub engine_information: EngineInformation,
}

/// `GET /api/v1/database/available/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AvailableEngines {
    pub databases: Vec<AvailableEngine>,
}

/// A chart that uses a dataset, in `GET /api/v1/dataset/{pk}/related_objects`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RelatedChart {
    #[ts(type = "number")]
    pub id: i64,
    pub slice_name: String,
    pub viz_type: String,
}

/// A dashboard that shows such a chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RelatedDashboard {
    #[ts(type = "number")]
    pub id: i64,
    pub title: String,
    pub slug: Option<String>,
}

/// `{"count": n, "result": [...]}` of one kind of related object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RelatedList<T> {
    #[ts(type = "number")]
    pub count: i64,
    pub result: Vec<T>,
}

/// `GET /api/v1/dataset/{pk}/related_objects`: what deleting the dataset would break.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DatasetRelatedObjects {
    pub charts: RelatedList<RelatedChart>,
    pub dashboards: RelatedList<RelatedDashboard>,
}

/// The stage of a running upload (`GET /api/v1/database/upload/progress/{upload_id}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum UploadPhase {
    /// The file is arriving.
    Receiving,
    /// The file is checked and its types inferred.
    Reading,
    /// Rows are parsed and inserted, batch after batch.
    Writing,
    /// Committed.
    Done,
    /// Refused; nothing was written.
    Failed,
}

/// How far an upload has come: `{"result": ...}` of
/// `GET /api/v1/database/upload/progress/{upload_id}` (the `upload_id` form field of the upload).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct UploadProgressInfo {
    pub upload_id: String,
    pub phase: UploadPhase,
    /// Rows parsed so far.
    #[ts(type = "number")]
    pub rows_read: u64,
    /// Rows inserted so far (in the upload's transaction: visible once it commits).
    #[ts(type = "number")]
    pub rows_written: u64,
    /// The rows the file holds, once known (CSV and Parquet before writing, Excel once read).
    #[ts(type = "number | null")]
    pub total_rows: Option<u64>,
}
