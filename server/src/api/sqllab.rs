//! SQL Lab: `POST /api/v1/sqllab/execute/` (its query string: the page's URL parameters for
//! `url_param`), `POST /api/v1/query/stop` and
//! `POST /api/v1/sqllab/format_sql/`.

use axum::body::Body;
use std::collections::BTreeMap;

use axum::extract::{Query, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use quiver_types::{
    FormatSqlPayload, QueryStopPayload, ResultResponse, SqlLabEstimatePayload, SqlLabEstimateResponse,
    SqlLabExecutePayload,
};

use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, ErrorKind};
use crate::sqllab::{arrow_stream, estimate, format, run};
use crate::state::AppState;

/// Runs the payload's SQL synchronously and answers the last statement's rows: Superset's JSON,
/// or one Arrow IPC stream when the request accepts `application/vnd.apache.arrow.stream`.
pub async fn execute(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(url_params): Query<BTreeMap<String, String>>,
    headers: HeaderMap,
    AppJson(payload): AppJson<SqlLabExecutePayload>,
) -> Result<Response, ApiError> {
    let wants_arrow = arrow_stream::accepts_arrow_stream(&headers);
    let finished = run::execute(&app, &user, payload, &url_params).await?;
    if !wants_arrow {
        return Ok(AppJson(finished.into_json_response()).into_response());
    }
    let body = tokio::task::spawn_blocking(move || arrow_stream::encode(&finished.meta, &finished.rows))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(([(CONTENT_TYPE, arrow_stream::CONTENT_TYPE)], Body::from(body)).into_response())
}

/// Plans the payload's statements without running them: `{"result": [{label: figure}]}`, one
/// entry per statement.
pub async fn estimate_cost(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(url_params): Query<BTreeMap<String, String>>,
    AppJson(payload): AppJson<SqlLabEstimatePayload>,
) -> Result<AppJson<SqlLabEstimateResponse>, ApiError> {
    let result = estimate::estimate(&app, &user, payload, &url_params).await?;
    Ok(AppJson(SqlLabEstimateResponse { result }))
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
