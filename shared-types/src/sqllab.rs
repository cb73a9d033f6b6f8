//! SQL Lab: running SQL (`/api/v1/sqllab/execute/`, `/api/v1/query/stop`,
//! `/api/v1/sqllab/format_sql/`) and browsing databases, schemas and tables for the left bar.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::chart_data::GenericDataType;
use crate::common::UserRef;
use crate::dataset::DatabaseRef;
use crate::error::ErrorItem;
use crate::ids::DatabaseId;

/// How a CTAS run creates its object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "UPPERCASE")]
#[ts(export)]
pub enum CtasMethod {
    #[default]
    Table,
    View,
}

/// `POST /api/v1/sqllab/execute/` (spec 002 section 7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct SqlLabExecutePayload {
    pub database_id: DatabaseId,
    pub sql: String,
    /// The run's id chosen by the client (11 random characters); the server picks one if absent.
    #[serde(default)]
    #[ts(optional)]
    pub client_id: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub catalog: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub schema: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub sql_editor_id: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub tab: Option<String>,
    #[serde(default, rename = "runAsync")]
    #[ts(optional)]
    pub run_async: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub json: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub select_as_cta: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub ctas_method: Option<CtasMethod>,
    #[serde(default)]
    #[ts(optional)]
    pub tmp_table_name: Option<String>,
    /// Template parameters, a JSON object as text.
    #[serde(default, rename = "templateParams")]
    #[ts(optional)]
    pub template_params: Option<String>,
    #[serde(default, rename = "queryLimit")]
    #[ts(optional, type = "number")]
    pub query_limit: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub expand_data: Option<bool>,
    /// A table's data preview (the left bar's `SELECT *`): recorded in no editor, so it stays out
    /// of every tab's history, and marked `isDataPreview` in the query dict.
    #[serde(default, rename = "isDataPreview")]
    #[ts(optional)]
    pub is_data_preview: Option<bool>,
}

/// One result column of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SqlLabColumn {
    pub column_name: String,
    pub name: String,
    /// The column's SQL type (`BIGINT`, `VARCHAR`, `TIMESTAMP`, ...).
    #[serde(rename = "type")]
    pub column_type: String,
    pub type_generic: GenericDataType,
    pub is_dttm: bool,
}

/// A run as the client sees it (Superset's query dict; spec 002 section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SqlLabQuery {
    /// The client id.
    pub id: String,
    /// The stored id.
    #[serde(rename = "queryId")]
    #[ts(type = "number")]
    pub query_id: i64,
    #[serde(rename = "serverId")]
    #[ts(type = "number")]
    pub server_id: i64,
    #[serde(rename = "dbId")]
    pub db_id: DatabaseId,
    pub db: String,
    /// pending, running, fetching, success, failed, stopped, timed_out.
    pub state: String,
    pub sql: String,
    #[serde(rename = "executedSql")]
    pub executed_sql: Option<String>,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    pub tab: Option<String>,
    #[serde(rename = "sqlEditorId")]
    pub sql_editor_id: Option<String>,
    #[ts(type = "number | null")]
    pub limit: Option<i64>,
    /// QUERY, DROPDOWN, QUERY_AND_DROPDOWN, NOT_LIMITED or UNKNOWN.
    #[serde(rename = "limitingFactor")]
    pub limiting_factor: String,
    #[ts(type = "number")]
    pub progress: i64,
    #[ts(type = "number | null")]
    pub rows: Option<i64>,
    #[serde(rename = "errorMessage")]
    pub error_message: Option<String>,
    pub ctas: bool,
    #[serde(rename = "ctas_method")]
    pub ctas_method: String,
    #[serde(rename = "tempTable")]
    pub temp_table: Option<String>,
    #[serde(rename = "tempSchema")]
    pub temp_schema: Option<String>,
    #[serde(rename = "resultsKey")]
    pub results_key: Option<String>,
    /// The engine's page about the run. None of Quiver's engines (DuckDB, PostgreSQL, MySQL,
    /// SQLite) gives one, so it is null; Superset fills it for Presto, Trino, Hive and the like.
    #[serde(rename = "trackingUrl")]
    pub tracking_url: Option<String>,
    /// Where the run opens in SQL Lab (`/sqllab/?queryId={id}`, Superset's query link).
    pub link: String,
    /// Whether this answer's rows were read back from the kept results (`GET
    /// /api/v1/sqllab/results/`) rather than produced by the run in this answer.
    pub cached: bool,
    /// A table's data preview run (kept out of the editors' histories).
    #[serde(rename = "isDataPreview")]
    pub is_data_preview: bool,
    /// The SIP-40 errors of a failed run (`[{message, error_type, level, extra}]`), else empty.
    pub errors: Vec<ErrorItem>,
    /// Epoch milliseconds.
    #[serde(rename = "startDttm")]
    pub start_dttm: Option<f64>,
    /// Epoch milliseconds.
    #[serde(rename = "endDttm")]
    pub end_dttm: Option<f64>,
    pub changed_on: String,
    #[serde(rename = "userId")]
    #[ts(type = "number | null")]
    pub user_id: Option<i64>,
}

/// Everything about a synchronous run but its rows. The Arrow answer carries it as JSON in the
/// stream's schema metadata (key `quiver:result`); the JSON answer flattens it next to `data`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SqlLabResultMeta {
    /// The run's final state: success or stopped.
    pub status: String,
    #[ts(type = "number")]
    pub query_id: i64,
    pub columns: Vec<SqlLabColumn>,
    pub selected_columns: Vec<SqlLabColumn>,
    pub expanded_columns: Vec<SqlLabColumn>,
    pub query: SqlLabQuery,
}

/// The JSON answer of a synchronous run: the last statement's rows, at most the run's limit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SqlLabExecuteResponse {
    #[serde(flatten)]
    pub meta: SqlLabResultMeta,
    /// Rows as records; temporal values as ISO-8601 text.
    #[ts(type = "Array<Record<string, unknown>>")]
    pub data: Vec<serde_json::Map<String, serde_json::Value>>,
}

/// The answer of an asynchronous run (`runAsync: true` on a database that allows it): HTTP 202
/// with the run as recorded, `pending`. Its progress is read from `GET /api/v1/query/updated_since`
/// and, once it succeeded, its rows from `GET /api/v1/sqllab/results/?q=(key:...)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SqlLabAsyncResponse {
    pub query: SqlLabQuery,
}

/// `GET /api/v1/query/updated_since?q=(last_updated_ms:...)`: the user's runs changed since then.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct QueryUpdatedSinceResponse {
    pub result: Vec<SqlLabQuery>,
}

/// `POST /api/v1/query/stop`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct QueryStopPayload {
    pub client_id: String,
}

/// `POST /api/v1/sqllab/format_sql/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FormatSqlPayload {
    pub sql: String,
    /// The database whose dialect to format for (optional).
    #[serde(default)]
    #[ts(optional)]
    pub database_id: Option<DatabaseId>,
}

/// `POST /api/v1/sqllab/estimate/` (spec 002 section 7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct SqlLabEstimatePayload {
    pub database_id: DatabaseId,
    pub sql: String,
    #[serde(default)]
    #[ts(optional)]
    pub catalog: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub schema: Option<String>,
    /// Template parameters, a JSON object as text.
    #[serde(default)]
    #[ts(optional)]
    pub template_params: Option<String>,
}

/// The cost estimate: one row of labelled figures per statement, in statement order
/// (`{"Start-up cost": "0.00", "Total cost": "1.05", ...}`), as Superset's formatter sends them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SqlLabEstimateResponse {
    pub result: Vec<std::collections::BTreeMap<String, String>>,
}

/// A database as SQL Lab's picker and the database list page list it (`GET /api/v1/database/`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DatabaseListItem {
    pub id: DatabaseId,
    pub database_name: String,
    pub backend: String,
    pub expose_in_sqllab: bool,
    pub allow_run_async: bool,
    pub allow_dml: bool,
    pub allow_multi_catalog: bool,
    // The database list page's columns (issue #8).
    pub uuid: String,
    pub allow_file_upload: bool,
    pub allow_ctas: bool,
    pub allow_cvas: bool,
    /// Whether SQL Lab offers "Estimate cost" (the engine plans with figures).
    pub allows_cost_estimate: bool,
    /// The database's extra settings, JSON text (spec 002 section 3).
    pub extra: String,
    /// `"disable_data_preview": true` in `extra`: SQL Lab runs no data preview of its tables.
    pub disable_data_preview: bool,
    pub changed_on: String,
    pub changed_on_delta_humanized: String,
    pub created_by: Option<UserRef>,
    pub changed_by: Option<UserRef>,
}

/// `GET /api/v1/dataset/{pk}?q=(keys:!(none),columns:!(name,schema,database.id,select_star))`:
/// what SQL Lab opens a dataset's query with (spec 002 section 7). The server answers the
/// dataset cut to the columns asked for; a dotted name keeps its whole top field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DatasetQuerySource {
    /// Superset's dataset name: `schema.table_name`, or the table name alone.
    pub name: String,
    pub schema: Option<String>,
    pub database: DatabaseRef,
    /// `SELECT *\nFROM schema.table\nLIMIT 100`, quoted for the engine; null for an engine SQL
    /// Lab does not know.
    pub select_star: Option<String>,
}

/// A table or view of a schema (`GET /api/v1/database/{pk}/tables/`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableOption {
    pub value: String,
    /// `table` or `view`.
    #[serde(rename = "type")]
    pub table_type: String,
    pub extra: Option<serde_json::Value>,
}

/// One column of `GET /api/v1/database/{pk}/table_metadata/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableMetadataColumn {
    pub name: String,
    #[serde(rename = "type")]
    pub column_type: String,
    #[serde(rename = "longType")]
    pub long_type: String,
    /// `pk` when the column is in the primary key.
    pub keys: Vec<String>,
    pub comment: Option<String>,
}

/// The primary key of a table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TablePrimaryKey {
    pub constrained_columns: Vec<String>,
    pub name: Option<String>,
}

/// `GET /api/v1/database/{pk}/table_metadata/?name=&schema=`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableMetadata {
    pub name: String,
    pub schema: Option<String>,
    pub columns: Vec<TableMetadataColumn>,
    #[serde(rename = "selectStar")]
    pub select_star: String,
    #[serde(rename = "primaryKey")]
    pub primary_key: TablePrimaryKey,
    #[serde(rename = "foreignKeys")]
    pub foreign_keys: Vec<TableForeignKey>,
    pub indexes: Vec<TableIndex>,
}

/// An index of a table (primary-key indexes excluded), in Superset's shape: SQLAlchemy's
/// `get_indexes` entry with `type` set to `index`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableIndex {
    pub name: Option<String>,
    pub column_names: Vec<String>,
    pub unique: bool,
    /// Always `index`.
    #[serde(rename = "type")]
    pub key_type: String,
    /// Engine-specific options; empty on the four engines Quiver reads.
    #[ts(type = "Record<string, unknown>")]
    pub options: serde_json::Value,
}

/// A foreign key of a table, in Superset's shape: SQLAlchemy's `get_foreign_keys` entry whose
/// `constrained_columns` Superset renames to `column_names`, with `type` set to `fk`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableForeignKey {
    /// The constraint's name; `None` on SQLite, whose catalogue does not keep it.
    pub name: Option<String>,
    pub column_names: Vec<String>,
    /// The referred table's schema; `None` on SQLite (one schema per file).
    pub referred_schema: Option<String>,
    pub referred_table: String,
    pub referred_columns: Vec<String>,
    /// Always `fk`.
    #[serde(rename = "type")]
    pub key_type: String,
    /// Engine-specific options (SQLAlchemy's `ondelete`, `onupdate`); empty on the four engines
    /// Quiver reads.
    #[ts(type = "Record<string, unknown>")]
    pub options: serde_json::Value,
}
