//! SQL Lab state kept on the server: permalinks (`/api/v1/sqllab/permalink`), the query history
//! (`/api/v1/query/`), tab states (`/tabstateview/`), table schemas (`/tableschemaview/`) and
//! the page's bootstrap (`GET /api/v1/sqllab/`).

use serde::{Deserialize, Deserializer, Serialize};
use ts_rs::TS;

use crate::common::UserRef;
use crate::ids::DatabaseId;
use crate::saved_query::SqlTable;
use crate::sqllab::SqlLabQuery;

/// The state a SQL Lab permalink keeps, and what `GET /api/v1/sqllab/permalink/{key}` answers
/// (spec 002 section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct SqlLabPermalinkState {
    pub name: String,
    #[serde(rename = "dbId")]
    pub db_id: DatabaseId,
    #[serde(default)]
    #[ts(optional)]
    pub catalog: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub schema: Option<String>,
    #[serde(default)]
    pub autorun: bool,
    pub sql: String,
    /// A JSON object as text.
    #[serde(default, rename = "templateParams")]
    #[ts(optional)]
    pub template_params: Option<String>,
}

/// The database of a run in the history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct QueryHistoryDatabase {
    pub id: DatabaseId,
    pub database_name: String,
}

/// One run of `GET /api/v1/query/?q=` and `GET /api/v1/query/{pk}` (Superset's `QueryRestApi`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct QueryHistoryItem {
    #[ts(type = "number")]
    pub id: i64,
    pub client_id: String,
    pub database: QueryHistoryDatabase,
    /// pending, running, fetching, success, failed, stopped, timed_out.
    pub status: String,
    pub sql: String,
    pub executed_sql: Option<String>,
    /// The tables the SQL reads, parsed with the database's dialect (none when it does not parse).
    pub sql_tables: Vec<SqlTable>,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    pub tab_name: Option<String>,
    pub sql_editor_id: Option<String>,
    #[ts(type = "number | null")]
    pub rows: Option<i64>,
    #[ts(type = "number | null")]
    pub limit: Option<i64>,
    pub error_message: Option<String>,
    pub tmp_table_name: Option<String>,
    pub tracking_url: Option<String>,
    /// Epoch milliseconds.
    pub start_time: Option<f64>,
    /// Epoch milliseconds.
    pub end_time: Option<f64>,
    pub changed_on: String,
    pub user: Option<UserRef>,
}

/// Reads a field that is present (even as `null`) as `Some`, so an update can clear it.
pub(crate) fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// `POST /tabstateview/`: the client's query editor (`queryEditor`). The client sends its whole
/// editor; the fields below are kept, the others ignored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TabStateNew {
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
    #[serde(default, rename = "dbId")]
    #[ts(optional)]
    pub db_id: Option<DatabaseId>,
    #[serde(default)]
    #[ts(optional)]
    pub catalog: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub schema: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub sql: Option<String>,
    #[serde(default, rename = "queryLimit")]
    #[ts(optional, type = "number")]
    pub query_limit: Option<i64>,
    #[serde(default, rename = "templateParams")]
    #[ts(optional)]
    pub template_params: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub autorun: Option<bool>,
    #[serde(default, rename = "hideLeftBar")]
    #[ts(optional)]
    pub hide_left_bar: Option<bool>,
    /// The saved query the tab came from.
    #[serde(default, rename = "remoteId")]
    #[ts(optional, type = "number | null")]
    pub remote_id: Option<i64>,
}

/// `POST /tabstateview/`: `{"queryEditor": {...}}` (as JSON, or as a form field holding JSON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TabStateCreatePayload {
    #[serde(rename = "queryEditor")]
    pub query_editor: TabStateNew,
}

/// `PUT /tabstateview/{pk}`: the fields to change; a field sent as `null` is cleared.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct TabStateUpdate {
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string | null")]
    pub sql: Option<Option<String>>,
    /// The client id of the tab's latest run.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string | null")]
    pub latest_query_id: Option<Option<String>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number | null")]
    pub saved_query_id: Option<Option<i64>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number | null")]
    pub database_id: Option<Option<i64>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string | null")]
    pub catalog: Option<Option<String>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string | null")]
    pub schema: Option<Option<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub label: Option<String>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number | null")]
    pub query_limit: Option<Option<i64>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string | null")]
    pub template_params: Option<Option<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub hide_left_bar: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub autorun: Option<bool>,
    /// Any JSON object; stored as its text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Record<string, unknown>")]
    pub extra_json: Option<serde_json::Value>,
}

/// `POST /tabstateview/{pk}/migrate_query`: the client id of a run made before the tab existed
/// on the server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct MigrateQueryPayload {
    #[serde(rename = "queryId")]
    pub query_id: String,
}

/// `{"id": n}`: the answer of the calls that create a tab or a table schema.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CreatedId {
    #[ts(type = "number")]
    pub id: i64,
}

/// `POST /tableschemaview/`: a table of SQL Lab's left bar (spec 002 section 3). The client sends
/// its whole table; it is kept as the schema entry's `description`. Posting the same table again
/// (same tab, database, catalog, schema and name) updates that entry and keeps its id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableSchemaNew {
    #[serde(rename = "queryEditorId")]
    #[ts(type = "number | string")]
    pub query_editor_id: serde_json::Value,
    #[serde(rename = "dbId")]
    pub db_id: DatabaseId,
    #[serde(default)]
    #[ts(optional)]
    pub catalog: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub schema: Option<String>,
    pub name: String,
    /// Whether the table is open in the left bar; a new entry starts expanded when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub expanded: Option<bool>,
    /// The client id of the table's data preview run (Superset's `dataPreviewQueryId`).
    #[serde(
        default,
        rename = "dataPreviewQueryId",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional)]
    pub data_preview_query_id: Option<String>,
    /// Whether the table's metadata was read (Superset's `initialized`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub initialized: Option<bool>,
    /// The rest of the client's table (columns, selectStar, ...), kept as sent.
    #[serde(flatten)]
    #[ts(skip)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// `POST /tableschemaview/`: `{"table": {...}}` (as JSON, or as a form field holding JSON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableSchemaCreatePayload {
    pub table: TableSchemaNew,
}

/// `POST /tableschemaview/{pk}/expanded`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct TableSchemaExpanded {
    pub expanded: bool,
}

/// The answer of `POST /tableschemaview/{pk}/expanded`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableSchemaExpandedResponse {
    #[ts(type = "number")]
    pub id: i64,
    pub expanded: bool,
}

/// A table schema entry of a tab (spec 002 section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableSchema {
    #[ts(type = "number")]
    pub id: i64,
    #[ts(type = "number")]
    pub tab_state_id: i64,
    pub database_id: DatabaseId,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    pub table: String,
    /// The table as the client sent it.
    #[ts(type = "Record<string, unknown> | null")]
    pub description: Option<serde_json::Value>,
    pub expanded: bool,
}

/// The saved query a tab came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TabSavedQuery {
    #[ts(type = "number")]
    pub id: i64,
    pub label: String,
}

/// `GET /tabstateview/{pk}`: a tab as the server keeps it (spec 002 section 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TabState {
    #[ts(type = "number")]
    pub id: i64,
    #[ts(type = "number")]
    pub user_id: i64,
    pub label: String,
    pub active: bool,
    pub database_id: Option<DatabaseId>,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    pub sql: Option<String>,
    #[ts(type = "number | null")]
    pub query_limit: Option<i64>,
    pub latest_query: Option<SqlLabQuery>,
    pub autorun: bool,
    pub template_params: Option<String>,
    pub hide_left_bar: bool,
    pub saved_query: Option<TabSavedQuery>,
    pub table_schemas: Vec<TableSchema>,
    #[ts(type = "Record<string, unknown>")]
    pub extra_json: serde_json::Value,
}

/// A tab of the user, by id and label.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TabStateRef {
    #[ts(type = "number")]
    pub id: i64,
    pub label: String,
}

/// `GET /api/v1/sqllab/`: what SQL Lab opens with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SqlLabBootstrap {
    /// Whether tabs are kept on the server (`SQLLAB_BACKEND_PERSISTENCE`).
    pub backend_persistence: bool,
    pub active_tab: Option<TabState>,
    /// Every tab of the user, in creation order.
    pub tab_state_ids: Vec<TabStateRef>,
    /// The latest runs of the user's tabs, by client id.
    pub queries: std::collections::BTreeMap<String, SqlLabQuery>,
    /// SQL Lab's defaults from the server's configuration (spec 002 section 9).
    pub sqllab_config: SqlLabConfig,
}

/// SQL Lab's configured defaults (Superset's `DEFAULT_SQLLAB_LIMIT`, `SQLLAB_DEFAULT_DBID` and
/// `SQLLAB_QUERY_RESULT_TIMEOUT`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SqlLabConfig {
    /// The row limit of a new editor tab.
    #[ts(type = "number")]
    pub default_sqllab_limit: i64,
    /// The database a new tab opens on; none: the lowest database id.
    #[ts(type = "number | null")]
    pub default_database_id: Option<i64>,
    /// Seconds the browser waits for a run's stored results; 0: no limit.
    #[ts(type = "number")]
    pub query_result_timeout_seconds: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tab_update_tells_a_cleared_field_from_a_missing_one() {
        let update: TabStateUpdate =
            serde_json::from_str(r#"{"saved_query_id": null, "sql": "SELECT 1"}"#).unwrap();
        assert_eq!(update.saved_query_id, Some(None));
        assert_eq!(update.sql, Some(Some("SELECT 1".to_owned())));
        assert_eq!(update.latest_query_id, None);
        assert!(serde_json::from_str::<TabStateUpdate>(r#"{"user_id": 3}"#).is_err());
    }
}
