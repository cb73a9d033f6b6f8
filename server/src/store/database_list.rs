//! The database list (`GET /api/v1/database/?q=`): what may be filtered and sorted, and the rows
//! of one page.

use sqlx::Row;

use super::list::{ColumnKind, ListColumn, ListSpec};
use super::list_rows::{user_at, ListUser, AUTHOR_COLUMNS};
use super::{get_bool, Store, StoreResult};

const FROM: &str = "dbs \
    LEFT JOIN ab_user changed_by ON changed_by.id = dbs.changed_by_fk \
    LEFT JOIN ab_user created_by ON created_by.id = dbs.created_by_fk";

const fn flag(name: &'static str, sql: &'static str) -> ListColumn {
    ListColumn {
        name,
        sql,
        kind: ColumnKind::Bool,
    }
}

/// Filters and orders of the database list, as Superset's `DatabaseRestApi` declares them.
pub const DATABASE_LIST: ListSpec = ListSpec {
    from: FROM,
    id: "dbs.id",
    filter_columns: &[
        ListColumn {
            name: "id",
            sql: "dbs.id",
            kind: ColumnKind::Number,
        },
        ListColumn {
            name: "uuid",
            sql: "dbs.uuid",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "database_name",
            sql: "dbs.database_name",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "backend",
            sql: "dbs.backend",
            kind: ColumnKind::Text,
        },
        flag("expose_in_sqllab", "dbs.expose_in_sqllab"),
        flag("allow_run_async", "dbs.allow_run_async"),
        flag("allow_dml", "dbs.allow_dml"),
        flag("allow_file_upload", "dbs.allow_file_upload"),
        flag("allow_ctas", "dbs.allow_ctas"),
        flag("allow_cvas", "dbs.allow_cvas"),
        ListColumn {
            name: "created_by",
            sql: "dbs.created_by_fk",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "changed_by",
            sql: "dbs.changed_by_fk",
            kind: ColumnKind::RelatedOne,
        },
    ],
    order_columns: &[
        ("id", "dbs.id"),
        ("database_name", "LOWER(dbs.database_name)"),
        ("backend", "dbs.backend"),
        ("expose_in_sqllab", "dbs.expose_in_sqllab"),
        ("allow_run_async", "dbs.allow_run_async"),
        ("allow_dml", "dbs.allow_dml"),
        ("allow_file_upload", "dbs.allow_file_upload"),
        ("changed_on", "dbs.changed_on"),
        ("changed_on_delta_humanized", "dbs.changed_on"),
        ("created_by.first_name", "created_by.first_name"),
    ],
    default_order: ("changed_on_delta_humanized", true),
    custom: None,
};

/// One row of the database list.
#[derive(Debug, Clone, PartialEq)]
pub struct DatabaseListRow {
    pub id: i64,
    pub uuid: String,
    pub database_name: String,
    pub backend: String,
    pub expose_in_sqllab: bool,
    pub allow_run_async: bool,
    pub allow_dml: bool,
    pub allow_multi_catalog: bool,
    pub allow_file_upload: bool,
    pub allow_ctas: bool,
    pub allow_cvas: bool,
    /// The database's extra settings, JSON text.
    pub extra: String,
    pub changed_on: String,
    pub created_by: Option<ListUser>,
    pub changed_by: Option<ListUser>,
}

impl Store {
    /// The rows of the databases `ids`, in the order of `ids`.
    pub async fn database_list_rows(&self, ids: &[i64]) -> StoreResult<Vec<DatabaseListRow>> {
        let select = format!(
            "SELECT dbs.id, dbs.uuid, dbs.database_name, dbs.backend, dbs.expose_in_sqllab, dbs.allow_run_async,
                    dbs.allow_dml, dbs.allow_multi_catalog, dbs.allow_file_upload, dbs.allow_ctas, dbs.allow_cvas,
                    dbs.extra, dbs.changed_on, {AUTHOR_COLUMNS}
             FROM {FROM} WHERE dbs.id"
        );
        let mut rows = self.rows_by_id(&select, ids).await?;
        let mut databases = Vec::with_capacity(ids.len());
        for id in ids {
            let Some(row) = rows.remove(id) else { continue };
            databases.push(DatabaseListRow {
                id: *id,
                uuid: row.try_get("uuid")?,
                database_name: row.try_get("database_name")?,
                backend: row.try_get("backend")?,
                expose_in_sqllab: get_bool(&row, "expose_in_sqllab")?,
                allow_run_async: get_bool(&row, "allow_run_async")?,
                allow_dml: get_bool(&row, "allow_dml")?,
                allow_multi_catalog: get_bool(&row, "allow_multi_catalog")?,
                allow_file_upload: get_bool(&row, "allow_file_upload")?,
                allow_ctas: get_bool(&row, "allow_ctas")?,
                allow_cvas: get_bool(&row, "allow_cvas")?,
                extra: row.try_get("extra")?,
                changed_on: row.try_get("changed_on")?,
                created_by: user_at(&row, "created_by")?,
                changed_by: user_at(&row, "changed_by")?,
            });
        }
        Ok(databases)
    }
}
