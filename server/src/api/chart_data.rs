//! `POST /api/v1/chart/data`.

use axum::body::Body;
use axum::extract::State;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use quiver_types::{QueryContext, ResultFormat};

use crate::auth::CurrentUser;
use crate::chart_data::{
    arrow_format, authorized_dataset, check_format, csv, json_response, run_query_context,
};
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
        ResultFormat::Csv => {
            if !user.has_permission("can_csv", "Superset") {
                return Err(ApiError::forbidden(
                    "You don't have the permission to export data as CSV",
                ));
            }
            let [result] = results.as_slice() else {
                return Err(ApiError::bad_request("CSV export takes one query"));
            };
            let disposition = format!(
                "attachment; filename=\"{}.csv\"",
                dataset.table_name.replace(['"', '\\', '\r', '\n'], "_")
            );
            Ok((
                [
                    (CONTENT_TYPE, csv::CONTENT_TYPE.to_owned()),
                    (CONTENT_DISPOSITION, disposition),
                ],
                csv::result_csv(result),
            )
                .into_response())
        }
        _ => Ok(AppJson(json_response(results)).into_response()),
    }
}
