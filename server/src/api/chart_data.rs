//! `POST /api/v1/chart/data`, and `GET /api/v1/chart/data/{cache_key}` for async results.

use axum::body::Body;
use axum::extract::State;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use quiver_types::{
    AsyncJobStatus, Dataset, ErrorExtra, ErrorItem, ErrorLevel, ErrorType, QueryContext, ResultFormat,
    ResultType,
};

use crate::auth::{AuthUser, CurrentUser};
use crate::chart_data::{
    all_cached, arrow_format, authorized_dataset, csv, json_response, run_query_context, xlsx, QueryResult,
};
use crate::error::{ApiError, AppJson, AppPath, ErrorKind};
use crate::state::AppState;

/// Runs a query context and answers in its result format; with async queries on, answers 202
/// and runs it as a job unless every result is already cached.
pub async fn chart_data(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(context): AppJson<QueryContext>,
) -> Result<Response, ApiError> {
    let dataset = authorized_dataset(&app, &user, &context).await?;
    if runs_async(&app, &context) && (context.force || !all_cached(&app, &dataset, &context).await?) {
        return Ok(start_job(app, user, dataset, context).into_response());
    }
    let results = run_query_context(&app, &dataset, &context).await?;
    match context.result_format {
        ResultFormat::Csv | ResultFormat::Xlsx => {
            if !user.has_permission("can_csv", "Superset") {
                return Err(ApiError::forbidden(
                    "You don't have the permission to export data as CSV",
                ));
            }
            let [result] = results.as_slice() else {
                return Err(ApiError::bad_request("An export takes one query"));
            };
            let name = dataset.table_name.replace(['"', '\\', '\r', '\n', '/'], "_");
            let (content_type, extension, body) = if context.result_format == ResultFormat::Csv {
                (csv::CONTENT_TYPE, "csv", Bytes::from(csv::result_csv(result)))
            } else {
                let body = xlsx::result_xlsx(result).map_err(ApiError::internal)?;
                (xlsx::CONTENT_TYPE, "xlsx", Bytes::from(body))
            };
            Ok((
                [
                    (CONTENT_TYPE, content_type.to_owned()),
                    (
                        CONTENT_DISPOSITION,
                        format!("attachment; filename=\"{name}.{extension}\""),
                    ),
                ],
                body,
            )
                .into_response())
        }
        format => {
            let (content_type, body) = encode(format, results)?;
            Ok(([(CONTENT_TYPE, content_type)], Body::from(body)).into_response())
        }
    }
}

/// Superset runs full JSON answers asynchronously; exports and the other result types stay
/// synchronous. Quiver's Arrow answer is the web client's full answer, so it runs async too.
fn runs_async(app: &AppState, context: &QueryContext) -> bool {
    app.settings.global_async_queries
        && context.result_type == ResultType::Full
        && matches!(context.result_format, ResultFormat::Json | ResultFormat::Arrow)
}

/// The body of a JSON or Arrow answer.
fn encode(format: ResultFormat, results: Vec<QueryResult>) -> Result<(&'static str, Bytes), ApiError> {
    match format {
        ResultFormat::Arrow => {
            let body = arrow_format::encode_results(&results).map_err(ApiError::internal)?;
            Ok((arrow_format::CONTENT_TYPE, Bytes::from(body)))
        }
        _ => {
            let body = serde_json::to_vec(&json_response(results)).map_err(ApiError::internal)?;
            Ok(("application/json", Bytes::from(body)))
        }
    }
}

/// The errors an error event carries: the typed errors, or the message as a backend error.
fn event_errors(error: ApiError) -> Vec<ErrorItem> {
    if !error.body.errors.is_empty() {
        return error.body.errors;
    }
    let message = match error.body.message {
        Some(serde_json::Value::String(text)) => text,
        Some(other) => other.to_string(),
        None => "An error occurred".to_owned(),
    };
    vec![ErrorItem {
        message,
        error_type: ErrorType::GenericBackendError,
        level: ErrorLevel::Error,
        extra: ErrorExtra::default(),
    }]
}

/// Queues the query context as a job and answers 202 with it. Like Superset, the job publishes
/// one event when it ends (`done` or `error`): the web client drops a job's listener after its
/// first event.
fn start_job(app: AppState, user: AuthUser, dataset: Dataset, context: QueryContext) -> impl IntoResponse {
    let jobs = std::sync::Arc::clone(&app.async_queries);
    let job = jobs.new_job(user.id);
    let pending = job.clone();
    tokio::spawn(async move {
        let Ok(_permit) = jobs.workers().acquire_owned().await else {
            return;
        };
        let answer = match run_query_context(&app, &dataset, &context).await {
            Ok(results) => encode(context.result_format, results),
            Err(error) => Err(error),
        };
        match answer {
            Ok((content_type, body)) => {
                let key = jobs.store_result(user.id, content_type, body);
                let url = format!("/api/v1/chart/data/{key}");
                jobs.publish(&job, AsyncJobStatus::Done, vec![], Some(url));
            }
            Err(error) => {
                jobs.publish(&job, AsyncJobStatus::Error, event_errors(error), None);
            }
        }
    });
    (StatusCode::ACCEPTED, AppJson(pending))
}

/// An async job's answer, for the user who started it.
pub async fn chart_data_result(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(cache_key): AppPath<String>,
) -> Result<Response, ApiError> {
    let stored = app
        .async_queries
        .result(&cache_key, user.id)
        .ok_or_else(|| ApiError::message(ErrorKind::NotFound, "Cached data not found"))?;
    Ok(([(CONTENT_TYPE, stored.content_type)], Body::from(stored.body)).into_response())
}
