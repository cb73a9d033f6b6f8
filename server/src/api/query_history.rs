//! The query history: `GET /api/v1/query/?q=` and `GET /api/v1/query/{pk}`.
//!
//! As in Superset (`QueryFilter`), a user sees only their own runs unless they are an admin or
//! hold `all_query_access`.

use axum::extract::State;
use quiver_types::{DatabaseId, IdResult, QueryHistoryDatabase, QueryHistoryItem, UserId, UserRef};
use serde_json::Value;

use super::dataset::ListParams;
use super::list_answer::list_answer;
use super::list_query::parse_list_query;
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppPath, AppQuery};
use crate::sqllab::run::epoch_ms;
use crate::sqllab::sql_tables::sql_tables_of_backend;
use crate::state::AppState;
use crate::store::query_history::{QueryHistoryRow, QUERY_HISTORY_LIST};

/// Whether a user may see every user's runs.
pub(super) fn sees_every_query(user: &AuthUser) -> bool {
    user.is_admin() || user.has_permission("all_query_access", "all_query_access")
}

fn history_item(row: QueryHistoryRow) -> QueryHistoryItem {
    let record = row.record;
    // A templated script does not parse before it is rendered: then the SQL that ran is read.
    let sql_tables = Some(sql_tables_of_backend(&record.sql, &row.backend))
        .filter(|tables| !tables.is_empty())
        .or_else(|| {
            record
                .executed_sql
                .as_deref()
                .map(|executed| sql_tables_of_backend(executed, &row.backend))
        })
        .unwrap_or_default();
    QueryHistoryItem {
        id: record.id,
        client_id: record.client_id,
        database: QueryHistoryDatabase {
            id: DatabaseId(record.database_id),
            database_name: row.database_name,
        },
        status: record.status,
        sql: record.sql,
        executed_sql: record.executed_sql,
        sql_tables,
        catalog: record.catalog,
        schema: record.schema,
        tab_name: record.tab_name,
        sql_editor_id: record.sql_editor_id,
        rows: record.rows,
        limit: record.limit,
        error_message: record.error_message,
        tmp_table_name: record.tmp_table_name,
        tracking_url: record.tracking_url,
        start_time: epoch_ms(record.start_time.as_deref()),
        end_time: epoch_ms(record.end_time.as_deref()),
        changed_on: record.changed_on,
        user: row.user.map(|user| UserRef {
            id: UserId(user.id),
            first_name: user.first_name,
            last_name: user.last_name,
        }),
    }
}

/// `GET /api/v1/query/?q=`: runs filtered by database, status, user, SQL text...
pub async fn list_queries(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<axum::Json<Value>, ApiError> {
    let query = parse_list_query(params.q.as_deref())?;
    let own = [user.id];
    let visible = (!sees_every_query(&user)).then_some(("query.user_id", &own[..]));
    let page = app
        .store
        .list_ids(&QUERY_HISTORY_LIST, &query, Some(user.id), visible)
        .await?;
    let rows = app.store.query_history_rows(&page.ids).await?;
    let result = rows.into_iter().map(history_item).collect();
    list_answer(page.count, page.ids, result, &query)
}

/// `GET /api/v1/query/{pk}`: one run; another user's is 404 unless the caller sees every run.
pub async fn get_query(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<IdResult<QueryHistoryItem>>, ApiError> {
    let row = app
        .store
        .query_history_rows(&[id])
        .await?
        .into_iter()
        .next()
        .filter(|row| sees_every_query(&user) || row.record.user_id == Some(user.id))
        .ok_or_else(ApiError::not_found)?;
    Ok(AppJson(IdResult {
        id,
        result: history_item(row),
    }))
}
