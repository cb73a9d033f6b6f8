//! The query history (`GET /api/v1/query/?q=`): SQL Lab runs filtered by database, status, user
//! and SQL text through the generic list builder, and the rows of one page.

use sqlx::Row;

use super::list::{ColumnKind, ListColumn, ListSpec};
use super::list_rows::{user_at, ListUser};
use super::query::{query_from_row, QueryRecord, QUERY_COLUMNS};
use super::{Store, StoreResult};

const FROM: &str = "query \
    LEFT JOIN dbs ON dbs.id = query.database_id \
    LEFT JOIN ab_user query_user ON query_user.id = query.user_id";

/// Filters and orders of the query history, as Superset's `QueryRestApi` declares them.
pub const QUERY_HISTORY_LIST: ListSpec = ListSpec {
    from: FROM,
    id: "query.id",
    filter_columns: &[
        ListColumn {
            name: "id",
            sql: "query.id",
            kind: ColumnKind::Number,
        },
        ListColumn {
            name: "database",
            sql: "query.database_id",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "status",
            sql: "query.status",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "user",
            sql: "query.user_id",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "sql",
            sql: "query.sql",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "schema",
            sql: "query.schema",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "tab_name",
            sql: "query.tab_name",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "sql_editor_id",
            sql: "query.sql_editor_id",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "start_time",
            sql: "query.start_time",
            kind: ColumnKind::Time,
        },
        ListColumn {
            name: "changed_on",
            sql: "query.changed_on",
            kind: ColumnKind::Time,
        },
    ],
    order_columns: &[
        ("id", "query.id"),
        ("changed_on", "query.changed_on"),
        ("start_time", "query.start_time"),
        ("end_time", "query.end_time"),
        ("database.database_name", "LOWER(dbs.database_name)"),
        ("rows", "query.rows"),
        ("schema", "query.schema"),
        ("sql", "query.sql"),
        ("status", "query.status"),
        ("tab_name", "query.tab_name"),
        ("user.first_name", "query_user.first_name"),
    ],
    default_order: ("changed_on", true),
    custom: None,
};

/// One run of the history with its database's name and its user.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryHistoryRow {
    pub record: QueryRecord,
    pub database_name: String,
    /// The database's backend (`duckdb`, `sqlite`, `postgresql`, `mysql`), whose dialect reads the SQL.
    pub backend: String,
    pub user: Option<ListUser>,
}

impl Store {
    /// The runs `ids` with their database and user, in the order of `ids`.
    pub async fn query_history_rows(&self, ids: &[i64]) -> StoreResult<Vec<QueryHistoryRow>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let columns = QUERY_COLUMNS
            .split(", ")
            .map(|column| format!("query.{}", column.trim()))
            .collect::<Vec<_>>()
            .join(", ");
        let placeholders = (1..=ids.len())
            .map(|number| format!("${number}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT {columns}, dbs.database_name, dbs.backend, query_user.id AS query_user_id,
                    query_user.first_name AS query_user_first_name, query_user.last_name AS query_user_last_name
             FROM {FROM} WHERE query.id IN ({placeholders})"
        );
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(*id);
        }
        let mut rows = Vec::with_capacity(ids.len());
        for row in query.fetch_all(&self.pool).await? {
            rows.push(QueryHistoryRow {
                record: query_from_row(&row)?,
                database_name: row
                    .try_get::<Option<String>, _>("database_name")?
                    .unwrap_or_default(),
                backend: row.try_get::<Option<String>, _>("backend")?.unwrap_or_default(),
                user: user_at(&row, "query_user")?,
            });
        }
        rows.sort_by_key(|row| ids.iter().position(|id| *id == row.record.id));
        Ok(rows)
    }
}
