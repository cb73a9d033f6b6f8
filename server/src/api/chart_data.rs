//! `POST /api/v1/chart/data`, and `GET /api/v1/chart/data/{cache_key}` for async results.

use axum::body::Body;
use axum::extract::{FromRequest, Request, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use quiver_types::{ErrorExtra, ErrorType, QueryContext, ResultFormat, ResultType};

use crate::auth::CurrentUser;
use crate::chart_data::annotations::chart_annotation_data;
use crate::chart_data::{
    all_cached, authorized_dataset, csv, encode_answer, pivot_csv, run_query_context, saved_query_context,
    xlsx,
};
use crate::error::{is_form_post, ApiError, AppJson, AppPath, AppQuery, ErrorKind};
use crate::jobs::ChartDataJob;
use crate::state::AppState;
use crate::store::log::NewLog;

/// Runs a query context and answers in its result format; with async queries on, answers 202
/// and runs it as a job unless every result is already cached.
pub async fn chart_data(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ChartDataParams>,
    ChartDataBody(mut context): ChartDataBody,
) -> Result<Response, ApiError> {
    let chart = params.chart()?;
    if params.force.as_deref() == Some("true") {
        context.force = true;
    }
    if chart.slice_id.is_some() || params.dashboard_id.is_some() {
        log_chart_data(&app, user.id, chart.slice_id, params.dashboard_id);
    }
    answer_context(&app, &user, context).await
}

/// The action of the log record a chart's data call writes (Superset logs each call of its
/// chart data API under the class and method name).
pub const CHART_DATA_LOG_ACTION: &str = "ChartDataRestApi.data";

/// The query string of `POST /api/v1/chart/data` (spec 000 section 7): `form_data` is JSON naming
/// the chart (`{"slice_id": 3}`), `dashboard_id` the dashboard showing it, `force=true` skips the
/// cache as the body's `force` does.
#[derive(Debug, Default, serde::Deserialize)]
pub struct ChartDataParams {
    form_data: Option<String>,
    dashboard_id: Option<i64>,
    force: Option<String>,
}

/// The chart named by the query string's `form_data`.
#[derive(Debug, Default, PartialEq, serde::Deserialize)]
struct ChartRef {
    #[serde(default)]
    slice_id: Option<i64>,
}

impl ChartDataParams {
    /// 400 when `form_data` is there but not a JSON object.
    fn chart(&self) -> Result<ChartRef, ApiError> {
        let Some(text) = self.form_data.as_deref() else {
            return Ok(ChartRef::default());
        };
        serde_json::from_str(text).map_err(|_| ApiError::bad_request("form_data is not a valid JSON object"))
    }
}

/// Writes the call to the activity log with its chart and dashboard, in the background: the
/// chart's data never waits on the log, nor fails with it.
fn log_chart_data(app: &AppState, user_id: i64, slice_id: Option<i64>, dashboard_id: Option<i64>) {
    let store = app.store.clone();
    tokio::spawn(async move {
        let record = NewLog {
            action: CHART_DATA_LOG_ACTION.to_owned(),
            user_id: Some(user_id),
            slice_id,
            dashboard_id,
            ..NewLog::default()
        };
        if let Err(error) = store.insert_logs(&[record]).await {
            tracing::warn!(%error, ?slice_id, ?dashboard_id, "chart data call not logged");
        }
    });
}

/// The body of `POST /api/v1/chart/data`: the query context as JSON, or a form post whose
/// `form_data` field holds it as JSON text (how Superset's web app posts downloads, spec 002
/// section 7).
pub struct ChartDataBody(pub QueryContext);

#[derive(serde::Deserialize)]
struct ChartDataForm {
    form_data: Option<String>,
}

impl<S: Send + Sync> FromRequest<S> for ChartDataBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_form_post(request.headers()) {
            let AppJson(context) = AppJson::<QueryContext>::from_request(request, state).await?;
            return Ok(ChartDataBody(context));
        }
        let axum::Form(form) = axum::Form::<ChartDataForm>::from_request(request, state)
            .await
            .map_err(|rejection| ApiError::bad_request(rejection.body_text()))?;
        let text = form
            .form_data
            .ok_or_else(|| ApiError::bad_request("Missing form_data"))?;
        serde_json::from_str(&text).map(ChartDataBody).map_err(|error| {
            ApiError::typed(
                ErrorKind::BadRequest,
                ErrorType::InvalidPayloadSchemaError,
                format!("Invalid payload: {error}"),
                ErrorExtra::default(),
            )
        })
    }
}

/// `GET /api/v1/chart/{pk}/data/?format=&type=&force=`: runs the query context saved with a chart
/// (Superset's API for a saved chart's data), on the chart's own dataset.
pub async fn saved_chart_data(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<SavedChartDataParams>,
) -> Result<Response, ApiError> {
    let chart = app.store.chart(id).await?;
    let mut context = saved_query_context(&chart)?;
    if let Some(format) = params.format {
        context.result_format = format;
    }
    if let Some(result_type) = params.result_type {
        context.result_type = result_type;
    }
    context.force = params.force.unwrap_or(false);
    answer_context(&app, &user, context).await
}

/// The query string of `GET /api/v1/chart/{pk}/data/`.
#[derive(Debug, serde::Deserialize)]
pub struct SavedChartDataParams {
    format: Option<ResultFormat>,
    #[serde(rename = "type")]
    result_type: Option<ResultType>,
    force: Option<bool>,
}

/// Runs a query context for `user` and answers in its result format (async when configured).
pub(crate) async fn answer_context(
    app: &AppState,
    user: &crate::auth::AuthUser,
    context: QueryContext,
) -> Result<Response, ApiError> {
    let app = app.clone();
    let dataset = authorized_dataset(&app, user, &context).await?;
    if runs_async(&app, &context) && (context.force || !all_cached(&app, &dataset, &context).await?) {
        let job = app.async_queries.new_job(user.id);
        let pending = job.clone();
        let queued = ChartDataJob {
            job,
            user_id: user.id,
            dataset_id: dataset.id.0,
            dataset_sql: dataset.sql.clone(),
            context,
        };
        app.jobs.submit(&app, queued).await?;
        return Ok((StatusCode::ACCEPTED, AppJson(pending)).into_response());
    }
    let mut results = run_query_context(&app, &dataset, &context).await?;
    for (result, query) in results.iter_mut().zip(&context.queries) {
        let from_charts = chart_annotation_data(&app, user, &query.annotation_layers, context.force).await?;
        result.meta.annotation_data.extend(from_charts);
    }
    match context.result_format {
        ResultFormat::Csv | ResultFormat::Xlsx => {
            if !user.has_permission("can_csv", "Superset") {
                return Err(ApiError::forbidden(
                    "You don't have the permission to export data as CSV",
                ));
            }
            let Ok([result]) = <[crate::chart_data::QueryResult; 1]>::try_from(results) else {
                return Err(ApiError::bad_request("An export takes one query"));
            };
            let name = dataset.table_name.replace(['"', '\\', '\r', '\n', '/'], "_");
            let (content_type, extension, body) = match context.result_format {
                ResultFormat::Csv => match pivot_form_data(&context) {
                    Some(form_data) => {
                        let options = pivot_csv::options_from_form_data(form_data);
                        let text = pivot_csv::pivot_csv(&result.output, &options)
                            .map_err(|error| ApiError::bad_request(error.to_string()))?;
                        (csv::CONTENT_TYPE, "csv", Body::from(text))
                    }
                    None => (csv::CONTENT_TYPE, "csv", csv::result_csv_body(result)),
                },
                _ => {
                    let bytes = xlsx::result_xlsx(&result).map_err(ApiError::internal)?;
                    (xlsx::CONTENT_TYPE, "xlsx", Body::from(bytes))
                }
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
            let (content_type, body) = encode_answer(format, results)?;
            Ok(([(CONTENT_TYPE, content_type)], Body::from(body)).into_response())
        }
    }
}

/// The form data of a pivot table asking for its pivoted CSV (`result_type: post_processed`).
fn pivot_form_data(context: &QueryContext) -> Option<&serde_json::Value> {
    let form_data = context.form_data.as_ref()?;
    let is_pivot = form_data.get("viz_type").and_then(serde_json::Value::as_str) == Some("pivot_table_v2");
    (context.result_type == ResultType::PostProcessed && is_pivot).then_some(form_data)
}

/// Superset runs full JSON answers asynchronously; exports and the other result types stay
/// synchronous. Quiver's Arrow answer is the web client's full answer, so it runs async too.
fn runs_async(app: &AppState, context: &QueryContext) -> bool {
    app.settings.global_async_queries
        && context.result_type == ResultType::Full
        && matches!(context.result_format, ResultFormat::Json | ResultFormat::Arrow)
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
        .await?
        .ok_or_else(|| ApiError::message(ErrorKind::NotFound, "Cached data not found"))?;
    Ok(([(CONTENT_TYPE, stored.content_type)], Body::from(stored.body)).into_response())
}
