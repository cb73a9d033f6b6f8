//! `POST /api/v1/chart/data`.

use axum::body::Body;
use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use quiver_types::{QueryContext, ResultFormat};

use crate::auth::CurrentUser;
use crate::chart_data::{arrow_format, authorized_dataset, check_format, json_response, run_query_context};
use crate::error::{ApiError, AppJson};
use crate::state::AppState;

/// Runs a query context and answers in its result format.
pub async fn chart_data(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(context): AppJson<QueryContext>,
) -> Result<Response, ApiError> {
    check_format(context.result_format)?;
    let dataset = authorized_dataset(&app, &user, &context).await?;
    let results = run_query_context(&app, &dataset, &context).await?;
    match context.result_format {
        ResultFormat::Arrow => {
            let body = arrow_format::encode_results(&results).map_err(ApiError::internal)?;
            Ok(([(CONTENT_TYPE, arrow_format::CONTENT_TYPE)], Body::from(body)).into_response())
        }
        _ => Ok(AppJson(json_response(results)).into_response()),
    }
}
