//! SQL Lab: `POST /api/v1/sqllab/execute/`, `POST /api/v1/query/stop` and
//! `POST /api/v1/sqllab/format_sql/`.

use axum::extract::State;
use quiver_types::{
    FormatSqlPayload, QueryStopPayload, ResultResponse, SqlLabExecutePayload, SqlLabExecuteResponse,
};

use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, ErrorKind};
use crate::sqllab::{format, run};
use crate::state::AppState;

/// Runs the payload's SQL synchronously and answers the last statement's rows.
pub async fn execute(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(payload): AppJson<SqlLabExecutePayload>,
) -> Result<AppJson<SqlLabExecuteResponse>, ApiError> {
    Ok(AppJson(run::execute(&app, &user, payload).await?))
}

/// Stops a run: its state becomes `stopped` and its statement is cancelled in the database.
pub async fn stop(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(payload): AppJson<QueryStopPayload>,
) -> Result<AppJson<ResultResponse<String>>, ApiError> {
    let record = app
        .store
        .query_by_client_id(&payload.client_id)
        .await?
        .filter(|record| user.is_admin() || record.user_id == Some(user.id))
        .ok_or_else(|| {
            ApiError::message(
                ErrorKind::NotFound,
                format!("Query with client_id {} not found", payload.client_id),
            )
        })?;
    app.store.stop_query(record.id).await?;
    app.sqllab.cancel(&record.client_id);
    Ok(AppJson(ResultResponse {
        result: "OK".to_owned(),
    }))
}

/// Pretty-prints SQL: `{"result": "SELECT ..."}`.
pub async fn format_sql(
    CurrentUser(_user): CurrentUser,
    AppJson(payload): AppJson<FormatSqlPayload>,
) -> Result<AppJson<ResultResponse<String>>, ApiError> {
    Ok(AppJson(ResultResponse {
        result: format::format_sql(&payload.sql),
    }))
}
