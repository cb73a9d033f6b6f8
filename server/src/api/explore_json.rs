//! `/superset/explore_json/` (and `/superset/explore_json/{datasource_type}/{datasource_id}/`):
//! Superset's legacy chart data endpoint, which its chart export URLs point at (spec 002 section
//! 2). It takes form data, not a query context, as the `form_data` query parameter or a form
//! post's field, and one flag saying what to answer:
//!
//! ```text
//! csv=true      the chart's rows as a CSV download (needs can_csv)
//! xlsx=true     the same as an Excel download
//! query=true    {"query": sql, "language": "sql"}
//! results=true  {"data", "colnames", "coltypes", "rowcount", "sql_rowcount"}
//! samples=true  the same shape, the dataset's first rows
//! (none)        the first query's full JSON result, with the form data
//! force=true    skips the result cache
//! ```
//!
//! The form data becomes a query context through `quiver-core`, as the browser's does.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use quiver_types::{DatasourceType, FormData, QueryContext, ResultFormat, ResultType};
use serde::Deserialize;
use serde_json::{Map, Value};

use super::chart_data::answer_context;
use super::tab_state::JsonOrForm;
use crate::auth::{AuthUser, CurrentUser};
use crate::chart_data::{authorized_dataset, json_body, run_query_context};
use crate::error::{ApiError, AppJson, AppPath, AppQuery, ErrorKind};
use crate::state::AppState;
use crate::store::StoreError;

/// The query string: the form data and the answer's flags.
#[derive(Debug, Default, Deserialize)]
pub struct ExploreJsonParams {
    form_data: Option<String>,
    force: Option<String>,
    csv: Option<String>,
    xlsx: Option<String>,
    query: Option<String>,
    results: Option<String>,
    samples: Option<String>,
}

/// A form post's fields (`form_data={...}`), or the same as JSON.
#[derive(Debug, Default, Deserialize)]
pub struct ExploreJsonBody {
    #[serde(default)]
    pub(crate) form_data: Option<Value>,
}

/// What the request asks for; the first flag set to `true` wins, in Superset's order (result
/// formats, then result types).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ExploreJsonAnswer {
    Csv,
    Xlsx,
    Query,
    Results,
    Samples,
    Full,
}

impl ExploreJsonParams {
    /// Superset reads a flag as set only when it is the text `true`.
    fn answer(&self) -> ExploreJsonAnswer {
        let flags = [
            (&self.csv, ExploreJsonAnswer::Csv),
            (&self.xlsx, ExploreJsonAnswer::Xlsx),
            (&self.query, ExploreJsonAnswer::Query),
            (&self.results, ExploreJsonAnswer::Results),
            (&self.samples, ExploreJsonAnswer::Samples),
        ];
        for (value, answer) in flags {
            if value.as_deref() == Some("true") {
                return answer;
            }
        }
        ExploreJsonAnswer::Full
    }

    /// The standalone Explore URL sends `force=1`; explore_json itself reads `true`.
    fn force(&self) -> bool {
        matches!(self.force.as_deref(), Some("true" | "1"))
    }
}

/// The form data keys that, alone with `slice_id`, ask for the saved chart's form data
/// (Superset's `get_form_data`).
const SLICE_OVERRIDE_KEYS: [&str; 4] = ["slice_id", "extra_filters", "adhoc_filters", "viz_type"];

fn invalid_form_data() -> ApiError {
    ApiError::bad_request("form_data is not a valid JSON object")
}

/// The form data of the request: the body's field first, then the query string's.
fn requested_form_data(
    params: &ExploreJsonParams,
    body: Option<ExploreJsonBody>,
) -> Result<Map<String, Value>, ApiError> {
    let field = body
        .and_then(|body| body.form_data)
        .or_else(|| params.form_data.clone().map(Value::String));
    form_data_object(field)
}

/// A `form_data` field as a JSON object: sent as JSON text (a query string, a form field) or as
/// an object (a JSON body); 400 when missing or not an object.
pub(crate) fn form_data_object(field: Option<Value>) -> Result<Map<String, Value>, ApiError> {
    let value = match field {
        Some(Value::String(text)) => serde_json::from_str(&text).map_err(|_| invalid_form_data())?,
        Some(value) => value,
        None => return Err(ApiError::bad_request("Missing form_data")),
    };
    match value {
        Value::Object(fields) => Ok(fields),
        _ => Err(invalid_form_data()),
    }
}

/// Form data holding only a `slice_id` (and filters or a viz type) is the saved chart's form
/// data with those keys on top.
async fn with_saved_chart(
    app: &AppState,
    fields: Map<String, Value>,
) -> Result<Map<String, Value>, ApiError> {
    let Some(slice_id) = fields.get("slice_id").and_then(Value::as_i64) else {
        return Ok(fields);
    };
    if !fields
        .keys()
        .all(|key| SLICE_OVERRIDE_KEYS.contains(&key.as_str()))
    {
        return Ok(fields);
    }
    let chart = match app.store.chart(slice_id).await {
        Ok(chart) => chart,
        Err(StoreError::NotFound) => return Err(ApiError::message(ErrorKind::NotFound, "Chart not found")),
        Err(other) => return Err(other.into()),
    };
    let mut merged = chart
        .params
        .as_deref()
        .and_then(|params| serde_json::from_str::<Value>(params).ok())
        .and_then(|value| match value {
            Value::Object(saved) => Some(saved),
            _ => None,
        })
        .unwrap_or_default();
    if let (Some(id), Some(kind)) = (chart.datasource_id, chart.datasource_type.as_deref()) {
        merged.insert("datasource".to_owned(), Value::String(format!("{id}__{kind}")));
    }
    merged.insert("viz_type".to_owned(), Value::String(chart.viz_type));
    merged.extend(fields);
    Ok(merged)
}

/// The query context of the request's form data; the path's datasource, when given, wins.
async fn query_context(
    app: &AppState,
    params: &ExploreJsonParams,
    path_datasource: Option<(DatasourceType, i64)>,
    body: Option<ExploreJsonBody>,
) -> Result<QueryContext, ApiError> {
    let mut fields = with_saved_chart(app, requested_form_data(params, body)?).await?;
    if let Some((datasource_type, id)) = path_datasource {
        let kind = serde_json::to_value(datasource_type).map_err(ApiError::internal)?;
        let kind = kind.as_str().unwrap_or("table");
        fields.insert("datasource".to_owned(), Value::String(format!("{id}__{kind}")));
    }
    let form_data: FormData =
        serde_json::from_value(Value::Object(fields)).map_err(|_| invalid_form_data())?;
    let mut context = quiver_core::build_query_context(&form_data)
        .map_err(|error| ApiError::bad_request(error.to_string()))?;
    context.force = params.force();
    context.result_format = ResultFormat::Json;
    context.result_type = ResultType::Full;
    Ok(context)
}

/// The first query's result as JSON.
fn first_result(results: &[crate::chart_data::QueryResult]) -> Result<Map<String, Value>, ApiError> {
    let body = json_body(results).map_err(ApiError::internal)?;
    let mut answer: Value = serde_json::from_slice(&body).map_err(ApiError::internal)?;
    match answer["result"].get_mut(0).map(Value::take) {
        Some(Value::Object(result)) => Ok(result),
        _ => Err(ApiError::internal("explore_json query gave no result")),
    }
}

/// Keeps the named fields of a result, in that order.
fn pick(result: &Map<String, Value>, names: &[&str]) -> Value {
    let mut picked = Map::new();
    for name in names {
        picked.insert(
            (*name).to_owned(),
            result.get(*name).cloned().unwrap_or(Value::Null),
        );
    }
    Value::Object(picked)
}

async fn explore_json_answer(
    app: &AppState,
    user: &AuthUser,
    params: &ExploreJsonParams,
    mut context: QueryContext,
) -> Result<Response, ApiError> {
    let answer = params.answer();
    // One query: Superset's legacy charts have one, and so does its answer.
    context.queries.truncate(1);
    match answer {
        ExploreJsonAnswer::Csv | ExploreJsonAnswer::Xlsx => {
            context.result_format = if answer == ExploreJsonAnswer::Csv {
                ResultFormat::Csv
            } else {
                ResultFormat::Xlsx
            };
            return answer_context(app, user, context).await;
        }
        ExploreJsonAnswer::Query => context.result_type = ResultType::Query,
        ExploreJsonAnswer::Results => context.result_type = ResultType::Results,
        ExploreJsonAnswer::Samples => context.result_type = ResultType::Samples,
        ExploreJsonAnswer::Full => {}
    }
    let dataset = authorized_dataset(app, user, &context).await?;
    let results = run_query_context(app, &dataset, &context).await?;
    let result = first_result(&results)?;
    let body = match answer {
        ExploreJsonAnswer::Query => serde_json::json!({
            "query": result.get("query").cloned().unwrap_or(Value::Null),
            "language": "sql",
        }),
        ExploreJsonAnswer::Results | ExploreJsonAnswer::Samples => pick(
            &result,
            &["data", "colnames", "coltypes", "rowcount", "sql_rowcount"],
        ),
        _ => {
            let mut full = result;
            full.insert("form_data".to_owned(), context.form_data.unwrap_or(Value::Null));
            Value::Object(full)
        }
    };
    Ok(AppJson(body).into_response())
}

/// `GET /superset/explore_json/?form_data=...&csv=true`.
pub async fn explore_json(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ExploreJsonParams>,
) -> Result<Response, ApiError> {
    let context = query_context(&app, &params, None, None).await?;
    explore_json_answer(&app, &user, &params, context).await
}

/// `POST /superset/explore_json/` with the form field `form_data`.
pub async fn explore_json_post(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ExploreJsonParams>,
    JsonOrForm(body): JsonOrForm<ExploreJsonBody>,
) -> Result<Response, ApiError> {
    let context = query_context(&app, &params, None, Some(body)).await?;
    explore_json_answer(&app, &user, &params, context).await
}

/// `GET /superset/explore_json/{datasource_type}/{datasource_id}/?form_data=...`.
pub async fn datasource_explore_json(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(datasource): AppPath<(DatasourceType, i64)>,
    AppQuery(params): AppQuery<ExploreJsonParams>,
) -> Result<Response, ApiError> {
    let context = query_context(&app, &params, Some(datasource), None).await?;
    explore_json_answer(&app, &user, &params, context).await
}

/// `POST /superset/explore_json/{datasource_type}/{datasource_id}/` with the field `form_data`.
pub async fn datasource_explore_json_post(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(datasource): AppPath<(DatasourceType, i64)>,
    AppQuery(params): AppQuery<ExploreJsonParams>,
    JsonOrForm(body): JsonOrForm<ExploreJsonBody>,
) -> Result<Response, ApiError> {
    let context = query_context(&app, &params, Some(datasource), Some(body)).await?;
    explore_json_answer(&app, &user, &params, context).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(query: &str) -> ExploreJsonParams {
        axum::extract::Query::<ExploreJsonParams>::try_from_uri(
            &format!("/superset/explore_json/?{query}").parse().unwrap(),
        )
        .unwrap()
        .0
    }

    #[test]
    fn the_first_true_flag_chooses_the_answer() {
        let cases = [
            ("", ExploreJsonAnswer::Full),
            ("csv=true", ExploreJsonAnswer::Csv),
            ("csv=1", ExploreJsonAnswer::Full),
            ("query=true", ExploreJsonAnswer::Query),
            ("results=true&query=true", ExploreJsonAnswer::Query),
            ("results=true", ExploreJsonAnswer::Results),
            ("samples=true&results=false", ExploreJsonAnswer::Samples),
            ("xlsx=true", ExploreJsonAnswer::Xlsx),
        ];
        for (query, expected) in cases {
            assert_eq!(params(query).answer(), expected, "{query}");
        }
    }

    #[test]
    fn force_is_true_or_1() {
        assert!(params("force=true").force());
        assert!(params("force=1").force());
        assert!(!params("force=false").force());
        assert!(!params("").force());
    }

    #[test]
    fn the_body_field_wins_over_the_query_string() {
        let query = params("form_data=%7B%22viz_type%22%3A%22table%22%7D");
        let body = ExploreJsonBody {
            form_data: Some(Value::String(r#"{"viz_type":"pie"}"#.to_owned())),
        };
        let fields = requested_form_data(&query, Some(body)).unwrap();
        assert_eq!(fields["viz_type"], "pie");
        let fields = requested_form_data(&query, None).unwrap();
        assert_eq!(fields["viz_type"], "table");
        assert!(requested_form_data(&params(""), None).is_err());
        assert!(requested_form_data(&params("form_data=%5B1%5D"), None).is_err());
    }
}
