//! SQL Lab: `POST /api/v1/sqllab/execute/` (its query string: the page's URL parameters for
//! `url_param`), `GET /api/v1/sqllab/results/` (an asynchronous run's rows),
//! `GET /api/v1/sqllab/export/{client_id}/` (a run's results as CSV),
//! `GET /api/v1/query/updated_since`, `POST /api/v1/query/stop` and
//! `POST /api/v1/sqllab/format_sql/`.

use axum::body::Body;
use std::collections::BTreeMap;

use axum::extract::{Path, Query, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use quiver_types::{
    FormatSqlPayload, QueryStopPayload, QueryUpdatedSinceResponse, ResultResponse, SqlLabAsyncResponse,
    SqlLabEstimatePayload, SqlLabEstimateResponse, SqlLabExecutePayload,
};
use serde_json::Value;

use super::dataset::ListParams;
use super::rison::parse_rison;

use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppQuery, ErrorKind};
use crate::sqllab::{arrow_stream, async_run, estimate, export, format, run};
use crate::state::AppState;

/// Runs the payload's SQL: synchronously, answering the last statement's rows (Superset's JSON,
/// or one Arrow IPC stream when the request accepts `application/vnd.apache.arrow.stream`); or,
/// with `runAsync` on a database that allows it, in the background: 202 with the pending run.
pub async fn execute(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(url_params): Query<BTreeMap<String, String>>,
    headers: HeaderMap,
    AppJson(payload): AppJson<SqlLabExecutePayload>,
) -> Result<Response, ApiError> {
    if payload.run_async == Some(true) {
        let database = run::authorized_database(&app, &user, payload.database_id.0).await?;
        if run::runs_async(&payload, &database) {
            let query = async_run::submit(&app, &user, &payload, &url_params).await?;
            return Ok((StatusCode::ACCEPTED, AppJson(SqlLabAsyncResponse { query })).into_response());
        }
    }
    let finished = run::execute(&app, &user, payload, &url_params).await?;
    answer_rows(finished, &headers).await
}

/// A run's rows as JSON, or as one Arrow IPC stream when the request accepts it.
async fn answer_rows(finished: run::SqlLabRun, headers: &HeaderMap) -> Result<Response, ApiError> {
    if !arrow_stream::accepts_arrow_stream(headers) {
        return Ok(AppJson(finished.into_json_response()).into_response());
    }
    let body = tokio::task::spawn_blocking(move || arrow_stream::encode(&finished.meta, &finished.rows))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(([(CONTENT_TYPE, arrow_stream::CONTENT_TYPE)], Body::from(body)).into_response())
}

/// `GET /api/v1/sqllab/results/?q=(key:'...',rows:1000)`: the rows of a finished asynchronous
/// run (at most `rows`), answered as a synchronous run's are.
pub async fn results(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let query = parse_rison(params.q.as_deref().unwrap_or("()"))
        .map_err(|error| ApiError::bad_request(error.to_string()))?;
    let key = query
        .get("key")
        .and_then(Value::as_str)
        .filter(|key| !key.is_empty())
        .ok_or_else(|| ApiError::bad_request("key is required"))?;
    let rows = match query.get("rows") {
        None | Some(Value::Null) => None,
        Some(rows) => Some(
            rows.as_i64()
                .filter(|rows| *rows >= 0)
                .ok_or_else(|| ApiError::bad_request("rows must be a whole number, 0 or more"))?,
        ),
    };
    let finished = async_run::results(&app, &user, key, rows).await?;
    answer_rows(finished, &headers).await
}

/// `GET /api/v1/sqllab/export/{client_id}/`: the run's results as a CSV attachment.
pub async fn export_csv(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(client_id): Path<String>,
) -> Result<Response, ApiError> {
    let csv = export::export_csv(&app, &user, &client_id).await?;
    let disposition = format!("attachment; filename={}.csv", csv.file_name);
    Ok((
        [
            (CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (CONTENT_DISPOSITION, disposition),
        ],
        csv.text,
    )
        .into_response())
}

/// `GET /api/v1/query/updated_since?q=(last_updated_ms:...)`: the user's runs changed since then,
/// for the browser to follow asynchronous runs.
pub async fn updated_since(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<QueryUpdatedSinceResponse>, ApiError> {
    let query = parse_rison(params.q.as_deref().unwrap_or("()"))
        .map_err(|error| ApiError::bad_request(error.to_string()))?;
    let last_updated_ms = query
        .get("last_updated_ms")
        .and_then(Value::as_f64)
        .filter(|ms| ms.is_finite() && *ms >= 0.0)
        .ok_or_else(|| ApiError::bad_request("last_updated_ms must be epoch milliseconds"))?;
    let since = chrono::DateTime::from_timestamp_millis(last_updated_ms as i64)
        .ok_or_else(|| ApiError::bad_request("last_updated_ms is out of range"))?
        .naive_utc()
        .format("%Y-%m-%dT%H:%M:%S%.6f")
        .to_string();
    let records = app.store.queries_changed_since(user.id, &since).await?;
    let mut names = BTreeMap::new();
    let mut result = Vec::with_capacity(records.len());
    for record in records {
        let name = match names.get(&record.database_id) {
            Some(name) => name,
            None => {
                let database = app.store.database(record.database_id).await?;
                names.entry(record.database_id).or_insert(database.database_name)
            }
        };
        result.push(run::query_view(&record, name));
    }
    Ok(AppJson(QueryUpdatedSinceResponse { result }))
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
