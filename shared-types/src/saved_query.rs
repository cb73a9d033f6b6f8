//! Saved queries (`/api/v1/saved_query/`): what SQL Lab's Save button stores, and how they are
//! listed and shown (Superset's `SavedQueryRestApi` columns).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::common::UserRef;
use crate::ids::DatabaseId;
use crate::list::TagRef;

/// `POST /api/v1/saved_query/` and `PUT /api/v1/saved_query/{pk}` (Superset's add and edit
/// columns). A PUT changes only the fields it sends.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct SavedQueryPayload {
    #[serde(default)]
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
    pub label: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub description: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub sql: Option<String>,
    /// A JSON object as text.
    #[serde(default)]
    #[ts(optional)]
    pub template_parameters: Option<String>,
    /// A JSON object as text.
    #[serde(default)]
    #[ts(optional)]
    pub extra_json: Option<String>,
}

/// A table a statement reads, as Superset's `sql_tables` lists it (`Table`: table, schema,
/// catalog); the schema and catalog are those the SQL names, `null` when it names none.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SqlTable {
    pub table: String,
    pub schema: Option<String>,
    pub catalog: Option<String>,
}

/// The database of a saved query.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SavedQueryDatabase {
    pub id: DatabaseId,
    pub database_name: String,
}

/// A saved query as `GET /api/v1/saved_query/{pk}` and the list show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SavedQuery {
    #[ts(type = "number")]
    pub id: i64,
    pub uuid: String,
    pub label: String,
    pub description: String,
    pub sql: String,
    pub db_id: Option<DatabaseId>,
    pub database: Option<SavedQueryDatabase>,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    pub template_parameters: Option<String>,
    pub extra_json: String,
    /// The tables the SQL reads, parsed with the database's dialect (none when it does not parse).
    pub sql_tables: Vec<SqlTable>,
    #[ts(type = "number | null")]
    pub rows: Option<i64>,
    pub last_run_delta_humanized: Option<String>,
    pub created_on: String,
    pub changed_on: String,
    pub changed_on_delta_humanized: String,
    pub created_by: Option<UserRef>,
    pub changed_by: Option<UserRef>,
    /// The saved query's tags (Superset's `tags.id`, `tags.name`, `tags.type`); sent by the
    /// list, absent from the other answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tags: Option<Vec<TagRef>>,
}
